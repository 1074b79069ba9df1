package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.jvmmark.api.ValidationException;

/**
 * The warm-up and measured stretches of load: the closed loop (max) or the open model at a fixed rate, in this
 * process alone or with other driver processes each running a slice of the schedule ({@link SegmentMain}),
 * their histograms merged exactly. Hands 1-s intervals to the {@link IntervalLog}. Not thread-safe: one
 * instance runs one trial's phases, one at a time.
 */
final class LoadPhases {
    private final ServerWatch watch;
    private final DriverSettings settings;
    private final LoadEngine engine;
    private final IntervalLog hlog;

    LoadPhases(ServerWatch watch, IntervalLog hlog) {
        this.watch = watch;
        this.settings = watch.settings;
        this.engine = watch.engine;
        this.hlog = hlog;
    }

    /** The response timeout beyond the configured one: the sleep itself for the sleeping handler. */
    static long extraTimeoutNanos(String path, String sleepPath, long sleepNanos) {
        return path.equals(sleepPath) ? sleepNanos : 0;
    }

    /** The same for what a load sends: the sleep when the path, or any entry of the mix, is the sleeping handler's. */
    private long extraTimeoutNanos(String path) {
        RequestMix mix = settings.mix;
        if (mix != null) {
            return mix.entries().stream().anyMatch(e -> e.path.equals(settings.sleepPath)) ? settings.sleepNanos : 0;
        }
        return extraTimeoutNanos(path, settings.sleepPath, settings.sleepNanos);
    }

    /**
     * Load for {@code warmup}, then measure for {@code measure}, then wait for the answers still
     * due (up to the response timeout) and give up the rest, which are counted.
     */
    Phase phase(Load how, String path, double rate, long warmup, long measure, String tag) throws Exception {
        long extra = extraTimeoutNanos(path);
        List<Process> others = new ArrayList<>();
        List<Path> jobs = new ArrayList<>();
        Outcomes o;
        if (how == Load.RATE) {
            Segment own = settings.segment;
            long startAt = settings.startAtMillis;
            if (settings.driverProcesses > 1) {
                // the others need a JVM start and their connections before the schedule starts
                startAt = System.currentTimeMillis() + 3_000 + settings.connections / 2;
                own = new Segment(0, settings.driverProcesses);
                hlog.holdBack();
                for (int i = 1; i < settings.driverProcesses; i++) {
                    Path job = startSegment(new Segment(i, settings.driverProcesses),
                            DriverSettings.share(settings.connections, settings.driverProcesses, i), path, rate, warmup, measure, extra,
                            startAt, tag, others);
                    jobs.add(job);
                }
            }
            long startNanos = startAt > 0 ? System.nanoTime() + (startAt - System.currentTimeMillis()) * 1_000_000L
                    : System.nanoTime() + 1_000_000;
            o = engine.startRate(path, rate, warmup, measure, extra, own, startNanos);
        } else {
            o = engine.startMax(path, warmup, measure, extra, extra);
        }
        long windowStart = engine.windowStartNanos();
        long windowEnd = engine.windowEndNanos();
        Histogram corrected = new Histogram(3);
        Histogram uncorrected = new Histogram(3);
        IntervalSink sink = (a, b) -> {
            corrected.add(a);
            uncorrected.add(b);
            hlog.interval(tag, a, b);
        };
        awaitUntil(windowStart, sink);
        long cpu0 = engine.ioCpuNanos();
        long process0 = ServerWatch.processCpuNanos();
        awaitUntil(windowEnd, sink);
        long cpu = engine.ioCpuNanos();
        long process = ServerWatch.processCpuNanos() - process0;
        engine.finish(settings.responseTimeoutNanos + extra);
        watch.checkFailure();
        sink.accept(engine.corrected.interval(), engine.uncorrected.interval());
        Histogram[][] byEndpoint = engine.endpointHistograms();
        long window = windowEnd - windowStart;
        Histogram sendLag = o.sendLag.interval();
        if (!jobs.isEmpty()) {
            o = merge(o, jobs, others, corrected, uncorrected, sendLag, windowStart, Math.round(measure * rate / 1e9));
            hlog.writeMerged(jobs);
        }
        long elapsed = how == Load.RATE && o.lastEndNanos() != Long.MIN_VALUE
                ? Math.max(window, o.lastEndNanos() - windowStart) : window;
        watch.checkOpen(tag);
        double targetRate = how != Load.RATE ? 0 : settings.driverProcesses > 1 ? rate : rate / settings.segment.count;
        return new Phase(corrected, uncorrected, sendLag, o, elapsed, cpu < 0 || cpu0 < 0 ? -1 : cpu - cpu0, process, targetRate,
                engine.mix(), byEndpoint);
    }

    /** Waits until {@code deadlineNanos}, watching the server and the engine; hands over 1-s interval histograms. */
    private void awaitUntil(long deadlineNanos, IntervalSink sink) throws Exception {
        long nextInterval = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() - deadlineNanos < 0) {
            long now = System.nanoTime();
            Thread.sleep(Math.max(1, Math.min(100, Math.min(deadlineNanos - now, nextInterval - now) / 1_000_000)));
            watch.checkFailure();
            if (System.nanoTime() - nextInterval >= 0) {
                nextInterval += 1_000_000_000L;
                sink.accept(engine.corrected.interval(), engine.uncorrected.interval());
            }
        }
    }

    private interface IntervalSink {
        void accept(Histogram corrected, Histogram uncorrected);
    }

    /** Starts a {@link SegmentMain} process for slice {@code seg} on this host; returns its job file. */
    private Path startSegment(Segment seg, int conns, String path, double rate, long warmup, long measure, long extra, long startAt,
                              String tag, List<Process> processes) throws IOException {
        java.util.Properties job = new java.util.Properties();
        job.setProperty("host", settings.target.getHostString());
        job.setProperty("port", Integer.toString(settings.target.getPort()));
        job.setProperty("connections", Integer.toString(conns));
        job.setProperty("segment", seg.toString());
        job.setProperty("sources", Integer.toString(settings.sources));
        job.setProperty("threads", Integer.toString(settings.driverThreads));
        job.setProperty("body", new String(settings.body, StandardCharsets.UTF_8));
        job.setProperty("responseTimeoutNanos", Long.toString(settings.responseTimeoutNanos));
        job.setProperty("extraTimeoutNanos", Long.toString(extra));
        job.setProperty("path", path);
        job.setProperty("rate", Double.toString(rate));
        job.setProperty("warmupNanos", Long.toString(warmup));
        job.setProperty("measureNanos", Long.toString(measure));
        job.setProperty("startAtMillis", Long.toString(startAt));
        job.setProperty("tag", tag);
        Files.createDirectories(settings.workDir);
        Path file = settings.workDir.resolve("segment-" + tag + "-" + (seg.index + 1) + "of" + seg.count + ".properties");
        Files.deleteIfExists(SegmentMain.result(file));
        try (java.io.Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            job.store(w, "jvmmark http driver segment job");
        }
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Path log = file.resolveSibling(file.getFileName() + ".log");
        processes.add(new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"), SegmentMain.class.getName(),
                file.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        return file;
    }

    /**
     * Waits for the other driver processes and merges their slices into this one's: histograms
     * added (exact), outcomes summed; the last end is the latest of all.
     */
    private Outcomes merge(Outcomes own, List<Path> jobs, List<Process> processes, Histogram corrected, Histogram uncorrected,
                           Histogram sendLag, long windowStart, long scheduled) throws Exception {
        Outcomes all = new Outcomes(scheduled, 1);
        all.answered.add(own.answered.sum());
        own.failed.snapshot().forEach(all.failed::add);
        if (own.lastEndNanos() != Long.MIN_VALUE) {
            all.ended(0, own.lastEndNanos());
        }
        long deadline = System.nanoTime() + settings.responseTimeoutNanos + settings.sleepNanos + 120_000_000_000L;
        for (int i = 0; i < jobs.size(); i++) {
            Process p = processes.get(i);
            if (!p.waitFor(Math.max(1, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS)) {
                p.destroyForcibly();
                throw new ValidationException("driver process " + (i + 2) + " of " + settings.driverProcesses + " did not finish in time");
            }
            Path result = SegmentMain.result(jobs.get(i));
            if (!Files.exists(result)) {
                throw new ValidationException("driver process " + (i + 2) + " of " + settings.driverProcesses + " exited " + p.exitValue()
                        + " without a result (see " + jobs.get(i) + ".log)");
            }
            SegmentResult r = SegmentResult.read(result);
            if (r.error != null) {
                throw new ValidationException(r.error);
            }
            corrected.add(r.corrected);
            uncorrected.add(r.uncorrected);
            sendLag.add(r.sendLag);
            all.answered.add(r.answered);
            r.failed.forEach(all.failed::add);
            if (r.lastEndAfterStartNanos >= 0) {
                all.ended(0, windowStart + r.lastEndAfterStartNanos);
            }
        }
        return all;
    }
}
