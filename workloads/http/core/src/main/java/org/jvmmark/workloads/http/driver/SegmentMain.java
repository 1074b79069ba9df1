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
 * the first driver chose, and writes a {@link SegmentResult} beside its job file, and its 1-s interval
 * histograms (tags {@code TAG} and {@code TAG-uncorrected}) to {@link #hlog}, which the first driver
 * merges into its {@code driver.hlog}. Started by {@link
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
            IntervalWarmup.run();
            result = run(p, hlog(job));
        } catch (Exception e) {
            result = SegmentResult.failed("driver segment " + p.getProperty("segment") + ": " + e);
        }
        result.write(out);
        System.exit(0);
    }

    /** Where the interval histograms of {@code job} go. */
    static Path hlog(Path job) {
        return job.resolveSibling(job.getFileName() + ".hlog");
    }

    /** Where the result of {@code job} goes. */
    static Path result(Path job) {
        return job.resolveSibling(job.getFileName() + ".result");
    }

    static SegmentResult run(Properties p) throws IOException, InterruptedException {
        return run(p, null);
    }

    /** Runs the job; writes its interval histograms to {@code hlogFile} unless it is null. */
    static SegmentResult run(Properties p, Path hlogFile) throws IOException, InterruptedException {
        InetSocketAddress target = new InetSocketAddress(p.getProperty("host"), Integer.parseInt(p.getProperty("port")));
        int connections = Integer.parseInt(p.getProperty("connections"));
        Segment segment = Segment.parse(p.getProperty("segment"));
        try (LoadEngine engine = new LoadEngine(target,
                DriverSettings.sourceAddresses(target.getAddress(), Integer.parseInt(p.getProperty("sources"))), connections,
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
            Histogram corrected = new Histogram(3);
            Histogram uncorrected = new Histogram(3);
            Intervals log = hlogFile == null ? null : new Intervals(hlogFile, p.getProperty("tag", "endToEnd"));
            try {
                long next = System.nanoTime() + 1_000_000_000L;
                while (System.nanoTime() - engine.windowEndNanos() < 0 && engine.failure() == null) {
                    long now = System.nanoTime();
                    Thread.sleep(Math.max(1, Math.min(engine.windowEndNanos() - now, next - now) / 1_000_000));
                    if (System.nanoTime() - next >= 0) {
                        next += 1_000_000_000L;
                        interval(engine, corrected, uncorrected, log);
                    }
                }
                engine.finish(Long.parseLong(p.getProperty("responseTimeoutNanos")) + extra);
                if (engine.failure() != null) {
                    return SegmentResult.failed(engine.failure());
                }
                interval(engine, corrected, uncorrected, log);
            } finally {
                if (log != null) {
                    log.writer.close();
                }
            }
            long last = o.lastEndNanos() == Long.MIN_VALUE ? -1 : o.lastEndNanos() - windowStart;
            return new SegmentResult(corrected, uncorrected, o.sendLag.interval(), o.answered.sum(), o.failed.snapshot(),
                    last, null);
        }
    }

    private static void interval(LoadEngine engine, Histogram corrected, Histogram uncorrected, Intervals log) {
        Histogram c = engine.corrected.interval();
        Histogram u = engine.uncorrected.interval();
        corrected.add(c);
        uncorrected.add(u);
        if (log != null && c.getTotalCount() > 0) {
            double end = (System.nanoTime() - log.originNanos) / 1e9;
            c.setTag(log.tag);
            u.setTag(log.tag + "-uncorrected");
            log.writer.outputIntervalHistogram(Math.max(0, end - 1), end, c, 1e3);
            log.writer.outputIntervalHistogram(Math.max(0, end - 1), end, u, 1e3);
        }
    }

    /** This process's interval log, as the first driver writes its own. */
    private static final class Intervals {
        final org.HdrHistogram.HistogramLogWriter writer;
        final long originNanos;
        final String tag;

        Intervals(Path file, String tag) throws IOException {
            try {
                writer = new org.HdrHistogram.HistogramLogWriter(file.toFile());
            } catch (java.io.FileNotFoundException e) {
                throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
            }
            long now = System.currentTimeMillis();
            originNanos = System.nanoTime();
            this.tag = tag;
            writer.outputLogFormatVersion();
            writer.outputStartTime(now);
            writer.setBaseTime(now);
            writer.outputLegend();
        }
    }
}
