package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import org.HdrHistogram.Histogram;

/**
 * One more driver process for {@code driverProcesses=N}: runs slice {@code I/N} of a rate phase's
 * schedule on its own connections (and its own open-file limit), starting at the wall-clock moment
 * the first driver chose, and writes a {@link SegmentResult} beside its job file. Started by {@link
 * HttpDriver} as {@code java -cp … SegmentMain JOB.properties}; exits 0 when it wrote a result (which
 * may carry an error), 2 on a bad job file. Not thread-safe; a command-line program.
 */
public final class SegmentMain {
    private SegmentMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: SegmentMain JOB.properties");
            System.exit(2);
        }
        Path job = Paths.get(args[0]);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(job, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Path out = result(job);
        SegmentResult result;
        try {
            result = run(p);
        } catch (Exception e) {
            result = SegmentResult.failed("driver segment " + p.getProperty("segment") + ": " + e);
        }
        result.write(out);
        System.exit(0);
    }

    /** Where the result of {@code job} goes. */
    static Path result(Path job) {
        return job.resolveSibling(job.getFileName() + ".result");
    }

    static SegmentResult run(Properties p) throws IOException, InterruptedException {
        InetSocketAddress target = new InetSocketAddress(p.getProperty("host"), Integer.parseInt(p.getProperty("port")));
        int connections = Integer.parseInt(p.getProperty("connections"));
        Segment segment = Segment.parse(p.getProperty("segment"));
        try (LoadEngine engine = new LoadEngine(target,
                HttpDriver.sourceAddresses(target.getAddress(), Integer.parseInt(p.getProperty("sources"))), connections,
                Integer.parseInt(p.getProperty("threads")), p.getProperty("body").getBytes(StandardCharsets.UTF_8),
                Long.parseLong(p.getProperty("responseTimeoutNanos")))) {
            int open = engine.connect(60_000_000_000L);
            if (open < connections) {
                return SegmentResult.failed("driver segment " + segment + " opened only " + open + " of " + connections
                        + " connections: " + engine.errors.describe());
            }
            long startNanos = System.nanoTime() + (Long.parseLong(p.getProperty("startAtMillis")) - System.currentTimeMillis()) * 1_000_000L;
            long extra = Long.parseLong(p.getProperty("extraTimeoutNanos"));
            Outcomes o = engine.startRate(p.getProperty("path"), Double.parseDouble(p.getProperty("rate")),
                    Long.parseLong(p.getProperty("warmupNanos")), Long.parseLong(p.getProperty("measureNanos")), extra, segment, startNanos);
            long windowStart = engine.windowStartNanos();
            long wait = engine.windowEndNanos() - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000 + 1);
            }
            engine.finish(Long.parseLong(p.getProperty("responseTimeoutNanos")) + extra);
            if (engine.failure() != null) {
                return SegmentResult.failed(engine.failure());
            }
            Histogram corrected = engine.corrected.getIntervalHistogram();
            Histogram uncorrected = engine.uncorrected.getIntervalHistogram();
            long last = o.lastEndNanos() == Long.MIN_VALUE ? -1 : o.lastEndNanos() - windowStart;
            return new SegmentResult(corrected, uncorrected, o.sendLag.getIntervalHistogram(), o.answered.sum(), o.failed.snapshot(),
                    last, null);
        }
    }
}
