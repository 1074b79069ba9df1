package org.jvmmark.workloads.http;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.harness.Histograms;
import org.jvmmark.harness.Percentiles;

/**
 * The load driver of {@link HttpWorkload}: runs on the host JDK in its own process (the same JVM
 * for every server under test) against {@code server.host:server.port}, through {@link LoadEngine}.
 * One trial: footprint idle → open the connections → the mode (max, rate or sweep) → the hold
 * phase (every connection with one {@code /sleep} outstanding, footprint held) → checks.
 *
 * <p>More than 0.1 % failed requests, one wrong response, or a server that dies fails the trial.
 * The driver reports its own CPU use and says "driver-bound" when its I/O threads were saturated,
 * since the figure is then the driver's limit, not the server's.
 *
 * <p>Not thread-safe: one instance drives one trial.
 */
public final class HttpDriver implements Workload {
    /** Failed requests above this share fail the trial. */
    static final double MAX_ERROR_SHARE = 0.001;
    /** An I/O thread busier than this was the bottleneck. */
    static final double DRIVER_BOUND_BUSY = 0.9;
    /** Sweep steps, as shares of the closed-loop maximum. */
    static final double[] SWEEP_STEPS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

    private TrialContext context;
    private LoadEngine engine;
    private long serverPid = -1;
    private HistogramLogWriter hlog;
    private long hlogOriginNanos;

    @Override
    public void run(TrialContext context) throws Exception {
        this.context = context;
        Map<String, String> p = context.params();
        String host = context.param("server.host");
        int port = context.intParam("server.port");
        serverPid = Long.parseLong(p.getOrDefault("server.pid", "-1"));
        boolean app = context.param("server").equals("app");
        String path = p.containsKey("server.path") ? p.get("server.path")
                : context.param("handler").equals("sleep") ? ServerSettings.SLEEP_PATH : ServerSettings.HELLO_PATH;
        String sleepPath = app ? (context.param("sleepUrl").isEmpty() ? null : AppUrl.parse(context.param("sleepUrl")).path())
                : ServerSettings.SLEEP_PATH;
        byte[] body = (app ? context.param("body") : ServerSettings.BODY).getBytes(StandardCharsets.UTF_8);
        String mode = context.param("mode");
        int connections = context.intParam("connections");
        long sleepMillis = context.longParam("sleepMillis");
        if (connections < 1) {
            throw new IllegalArgumentException("http: connections must be at least 1, not " + connections);
        }
        Sla sla = Sla.parse(context.param("sla"));
        if (mode.equals("rate") && context.longParam("rate") <= 0) {
            throw new IllegalArgumentException("http: mode=rate needs --param rate=REQUESTS_PER_SECOND (over all connections)");
        }
        int sources = Math.max(1, context.intParam("sourceAddresses"));
        String limit = ConnectionLimits.problem(connections, ConnectionLimits.ownMaxFiles(),
                serverPid > 0 ? ConnectionLimits.maxFiles(serverPid) : -1, ConnectionLimits.ephemeralPorts(), sources);
        if (limit != null) {
            throw new UnsupportedWorkloadException(limit);
        }
        TrialResult result = context.result();
        InetSocketAddress target = new InetSocketAddress(host, port);
        Path controlDir = context.spec().controlDir();
        Footprint idle = serverPid > 0 ? FootprintExchange.ask(controlDir, "idle", 10_000) : null;
        long cpuStart = processCpuNanos();
        long wallStart = System.nanoTime();
        openHlog(p.get("trial.logDir"));
        engine = new LoadEngine(target, sourceAddresses(target.getAddress(), sources), connections,
                context.intParam("driverThreads"), body, context.longParam("responseTimeoutMillis") * 1_000_000L);
        try {
            int open = engine.connect(60_000_000_000L);
            checkFailure();
            if (open < connections) {
                throw new ValidationException(String.format(Locale.ROOT, "opened only %,d of %,d connections: %s", open, connections,
                        engine.errors.describe().isEmpty() ? "the rest did not connect within 60 s" : engine.errors.describe()));
            }
            context.log(String.format(Locale.ROOT, "%,d connections open to %s:%d", open, host, port));
            long warmup = context.longParam("warmupSeconds") * 1_000_000_000L;
            long measure = context.longParam("seconds") * 1_000_000_000L;
            Phase main = null;
            switch (mode) {
                case "max":
                    main = phase(LoadEngine.Load.MAX, path, 0, warmup, measure, "endToEnd");
                    break;
                case "rate":
                    main = phase(LoadEngine.Load.RATE, path, context.longParam("rate"), warmup, measure, "endToEnd");
                    break;
                case "sweep":
                    main = sweep(result, path, warmup, measure, sla);
                    break;
                default:
                    break;
            }
            if (main != null && main.requests == 0) {
                throw new ValidationException("no request was answered in the " + context.longParam("seconds") + " s measured"
                        + (engine.errors.total() > 0 ? ": " + engine.errors.describe() : ""));
            }
            if (main != null) {
                recordPhase(result, mode, main, connections);
            }
            if (context.booleanParam("hold") || mode.equals("hold")) {
                if (sleepPath == null) {
                    result.info("holdNote", "no hold phase: server=app needs --param sleepUrl=... for it");
                } else {
                    hold(result, sleepPath, connections, sleepMillis, idle, controlDir);
                }
            }
            checkErrors(result);
        } finally {
            engine.close();
            if (hlog != null) {
                hlog.close();
            }
        }
        long wall = System.nanoTime() - wallStart;
        long cpu = processCpuNanos() - cpuStart;
        result.metric("driverCpu", cpu / (double) wall, "cores", Better.NONE);
        result.info("driverThreads", engine.threads());
        result.info("sourceAddresses", sources);
        result.info("reconnects", engine.reconnects.sum());
        result.info("responsesValidated", engine.validated.sum());
        if (idle != null) {
            recordFootprint(result, "Idle", idle);
        }
    }

    /** Load for {@code warmup}, then measure for {@code measure}, then drain. */
    private Phase phase(LoadEngine.Load how, String path, double rate, long warmup, long measure, String tag) throws Exception {
        engine.start(how, path, rate, 0);
        await(warmup, null);
        engine.startRecording();
        long done0 = engine.completed.sum();
        long cpu0 = engine.ioCpuNanos();
        long start = System.nanoTime();
        Histogram corrected = new Histogram(3);
        Histogram uncorrected = new Histogram(3);
        await(measure, (a, b) -> {
            corrected.add(a);
            uncorrected.add(b);
            interval(tag, a, b);
        });
        engine.stopRecording();
        long elapsed = System.nanoTime() - start;
        long requests = engine.completed.sum() - done0;
        long cpu = engine.ioCpuNanos();
        Histogram a = engine.corrected.getIntervalHistogram();
        Histogram b = engine.uncorrected.getIntervalHistogram();
        corrected.add(a);
        uncorrected.add(b);
        interval(tag, a, b);
        engine.stop(5_000_000_000L);
        checkFailure();
        return new Phase(corrected, uncorrected, requests, elapsed, cpu < 0 || cpu0 < 0 ? -1 : cpu - cpu0, rate);
    }

    /**
     * SLA throughput, SPECjbb's critical-jOPS idea on the user's SLA: the closed-loop maximum
     * first, then fixed rates at 10 %, 20 % … 100 % of it; the highest rate whose corrected
     * percentile meets the SLA, with the rate achieved, is the row's SLA throughput.
     */
    private Phase sweep(TrialResult result, String path, long warmup, long measure, Sla sla) throws Exception {
        Phase max = phase(LoadEngine.Load.MAX, path, 0, warmup, measure, "max");
        double maxRate = max.achievedRate();
        List<Map<String, Object>> steps = new ArrayList<>();
        Phase best = null;
        for (double share : SWEEP_STEPS) {
            double rate = Math.max(1, Math.floor(maxRate * share));
            Phase step = phase(LoadEngine.Load.RATE, path, rate, Math.min(warmup, 2_000_000_000L), measure, "rate-" + (long) rate);
            long p = step.corrected.getValueAtPercentile(sla.percentile);
            boolean met = p <= sla.boundNanos && step.achievedRate() >= 0.95 * rate;
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("targetRate", rate);
            s.put("achievedRate", step.achievedRate());
            s.put("p" + Percentiles.key(sla.percentile) + "Nanos", p);
            s.put("met", met);
            steps.add(s);
            context.log(String.format(Locale.ROOT, "sweep: %,.0f req/s → p%s %.2f ms %s", rate, Percentiles.key(sla.percentile),
                    p / 1e6, met ? "meets the SLA" : "misses the SLA"));
            if (!met) {
                break;
            }
            best = step;
        }
        result.info("sweep", steps);
        result.info("sla", sla.text);
        result.metric("maxThroughput", maxRate, "req/s", Better.HIGHER);
        result.metric("slaThroughput", best == null ? 0 : best.targetRate, "req/s", Better.HIGHER);
        if (best == null) {
            result.warning("no rate met the SLA " + sla.text + ", not even 10 % of the maximum: the SLA throughput is 0");
        }
        return best == null ? max : best;
    }

    /**
     * Every connection sends one {@code sleep} request; while they all wait, the server's footprint
     * is taken (after a full collection), and minus the idle footprint, divided by the requests
     * outstanding, it is the cost of one held connection.
     */
    private void hold(TrialResult result, String sleepPath, int connections, long sleepMillis, Footprint idle, Path controlDir)
            throws Exception {
        long sleepNanos = sleepMillis * 1_000_000L;
        engine.startRecording();
        long start = System.nanoTime();
        engine.start(LoadEngine.Load.HOLD, sleepPath, 0, sleepNanos * 2);
        while (engine.holdSent() < engine.open() && System.nanoTime() - start < sleepNanos / 2) {
            checkFailure();
            Thread.sleep(1);
        }
        long held = engine.outstanding();
        Footprint atHold = serverPid > 0 ? FootprintExchange.ask(controlDir, "held", 10_000) : null;
        long heldAfter = engine.outstanding();
        long unanswered = engine.stop(sleepNanos * 2 + 5_000_000_000L);
        engine.stopRecording();
        checkFailure();
        Histogram sleepLatency = engine.uncorrected.getIntervalHistogram();
        result.metric("heldConnections", held, "connections", Better.NONE);
        result.info("holdSleepMillis", sleepMillis);
        result.info("holdOutstandingAfterFootprint", heldAfter);
        if (unanswered > 0) {
            result.warning(String.format(Locale.ROOT, "hold: %,d of %,d sleep requests were still unanswered after twice"
                    + " sleepMillis (a pool serves only as many at once as it has threads)", unanswered, held));
        }
        if (sleepLatency.getTotalCount() > 0) {
            result.info("holdLatencyMillis", Map.of("p50", sleepLatency.getValueAtPercentile(50) / 1e6,
                    "max", sleepLatency.getMaxValue() / 1e6));
            // The question's headline figure (HttpWorkload.FIGURES): every held request timed from its send, so
            // those that queued for a pool thread are in it.
            result.metric("holdLatencyMillis", sleepLatency.getValueAtPercentile(50) / 1e6, "ms", Better.LOWER);
            result.metric("holdLatencyMaxMillis", sleepLatency.getMaxValue() / 1e6, "ms", Better.LOWER);
        }
        if (atHold == null) {
            result.warning("the server did not answer the footprint request: its footprint while held was not measured");
            return;
        }
        recordFootprint(result, "Held", atHold);
        if (idle != null && held > 0) {
            perHeld(result, "serverRssPerHeldConnection", atHold.rssBytes, idle.rssBytes, held, "bytes", Better.LOWER);
            perHeld(result, "serverHeapPerHeldConnection", atHold.heapUsedBytes, idle.heapUsedBytes, held, "bytes", Better.LOWER);
            perHeld(result, "serverThreadsPerHeldConnection", atHold.threads, idle.threads, held, "threads", Better.NONE);
        }
    }

    private static void perHeld(TrialResult result, String name, long held, long idle, long connections, String unit, Better better) {
        if (held >= 0 && idle >= 0) {
            result.metric(name, (held - idle) / (double) connections, unit, better);
        }
    }

    private static void recordFootprint(TrialResult result, String when, Footprint f) {
        if (f.rssBytes >= 0) {
            result.metric("serverRss" + when, f.rssBytes, "bytes", Better.LOWER);
        }
        if (f.threads >= 0) {
            result.metric("serverThreads" + when, f.threads, "threads", Better.NONE);
        }
        if (f.heapUsedBytes >= 0) {
            result.metric("serverHeapUsed" + when, f.heapUsedBytes, "bytes", Better.LOWER);
            result.metric("serverHeapCommitted" + when, f.heapCommittedBytes, "bytes", Better.LOWER);
        }
    }

    private void recordPhase(TrialResult result, String mode, Phase main, int connections) {
        boolean scheduled = main.targetRate > 0;
        result.metric("requestsPerSecond", main.achievedRate(), "req/s", Better.HIGHER);
        result.metric("requests", main.requests, "requests", Better.NONE);
        result.metric("connections", connections, "connections", Better.NONE);
        double busy = main.ioThreadBusy(engine.threads());
        if (Double.isFinite(busy)) {
            result.metric("driverIoThreadBusy", busy, "share of a CPU", Better.NONE);
            if (busy >= DRIVER_BOUND_BUSY) {
                result.info("driverBound", true);
                result.warning(String.format(Locale.ROOT, "driver-bound: the driver's I/O threads were %.0f %% busy, so %s"
                        + " may be the driver's limit rather than the server's (raise driverThreads, or give the driver its own CPUs)",
                        busy * 100, scheduled ? "the latency" : "the request rate"));
            }
        }
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("unit", "ns");
        block.put("count", main.corrected.getTotalCount());
        block.put("coCorrected", scheduled);
        block.put("targetRate", scheduled ? main.targetRate : null);
        block.put("achievedRate", main.achievedRate());
        boolean fellBehind = scheduled && main.achievedRate() < 0.95 * main.targetRate;
        block.put("fellBehind", fellBehind);
        block.put("arrivals", scheduled ? "fixed" : "closed-loop");
        block.put("percentiles", Percentiles.of(main.corrected));
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("percentiles", Percentiles.of(main.uncorrected));
        raw.put("histogram", Histograms.encode(main.uncorrected));
        block.put("uncorrected", raw);
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("run", 1);
        run.put("count", main.corrected.getTotalCount());
        run.put("percentiles", Percentiles.of(main.corrected));
        run.put("achievedRate", main.achievedRate());
        run.put("durationNanos", main.elapsedNanos);
        block.put("runs", java.util.Collections.singletonList(run));
        block.put("histogram", Histograms.encode(main.corrected));
        result.latency("endToEnd", block);
        if (fellBehind) {
            result.warning(String.format(Locale.ROOT, "the server fell behind the target rate: %,.0f of %,.0f req/s; latency counts from"
                    + " each request's due time", main.achievedRate(), main.targetRate));
        }
        if (!scheduled) {
            result.info("latencyNote", "closed loop (max): each request is sent when the previous answer arrives, so latency is from the"
                    + " actual send (no schedule, no coordinated-omission correction); use mode=rate for corrected latency");
        }
    }

    /** Waits {@code nanos}, watching the server and the engine; hands over 1-s interval histograms when recording. */
    private void await(long nanos, IntervalSink sink) throws Exception {
        long end = System.nanoTime() + nanos;
        long nextInterval = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() - end < 0) {
            long now = System.nanoTime();
            Thread.sleep(Math.max(1, Math.min(100, Math.min(end - now, nextInterval - now) / 1_000_000)));
            checkFailure();
            if (sink != null && System.nanoTime() - nextInterval >= 0) {
                nextInterval += 1_000_000_000L;
                sink.accept(engine.corrected.getIntervalHistogram(), engine.uncorrected.getIntervalHistogram());
            }
        }
    }

    private interface IntervalSink {
        void accept(Histogram corrected, Histogram uncorrected);
    }

    private void checkFailure() throws ValidationException {
        String failure = engine == null ? null : engine.failure();
        if (failure != null) {
            throw new ValidationException(failure);
        }
        if (serverPid > 0) {
            Optional<ProcessHandle> server = ProcessHandle.of(serverPid);
            if (!server.isPresent() || !server.get().isAlive()) {
                if (engine != null) {
                    engine.fail("the server died");
                }
                throw new ValidationException("the server process (pid " + serverPid + ") died mid-run"
                        + (engine == null || engine.errors.total() == 0 ? "" : "; " + engine.errors.describe()));
            }
        }
    }

    private void checkErrors(TrialResult result) throws ValidationException {
        long errors = engine.errors.total();
        result.metric("errors", errors, "errors", Better.LOWER);
        result.info("errorsByKind", engine.errors.snapshot());
        long answered = engine.completed.sum();
        if (errors > 0 && errors > MAX_ERROR_SHARE * (answered + errors)) {
            throw new ValidationException(String.format(Locale.ROOT, "%.2f %% of requests failed (more than 0.1 %%): %s",
                    100.0 * errors / (answered + errors), engine.errors.describe()));
        }
        if (errors > 0) {
            result.warning("errors (within 0.1 %): " + engine.errors.describe());
        }
    }

    private void openHlog(String logDir) throws IOException {
        Path dir = logDir == null ? context.workDir() : Paths.get(logDir);
        Files.createDirectories(dir);
        Path file = dir.resolve("driver.hlog");
        try {
            hlog = new HistogramLogWriter(file.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        long now = System.currentTimeMillis();
        hlogOriginNanos = System.nanoTime();
        hlog.outputComment("jvmmark http driver: 1-s intervals, values in nanoseconds; tag X is corrected, X-uncorrected from the actual send");
        hlog.outputLogFormatVersion();
        hlog.outputStartTime(now);
        hlog.setBaseTime(now);
        hlog.outputLegend();
        if (logDir != null) {
            context.result().info("hlog", file.toString());
        }
    }

    private void interval(String tag, Histogram corrected, Histogram uncorrected) {
        if (hlog == null || corrected.getTotalCount() == 0) {
            return;
        }
        double end = (System.nanoTime() - hlogOriginNanos) / 1e9;
        Histogram c = corrected.copy();
        c.setTag(tag);
        hlog.outputIntervalHistogram(Math.max(0, end - 1), end, c, 1e3);
        Histogram u = uncorrected.copy();
        u.setTag(tag + "-uncorrected");
        hlog.outputIntervalHistogram(Math.max(0, end - 1), end, u, 1e3);
    }

    /** 127.0.0.1 … 127.0.0.N when the server is on 127.0.0.x; the server's own address otherwise. */
    static List<InetAddress> sourceAddresses(InetAddress server, int n) throws IOException {
        List<InetAddress> list = new ArrayList<>();
        byte[] a = server.getAddress();
        if (a.length != 4 || a[0] != 127) {
            list.add(server);
            return list;
        }
        for (int i = 1; i <= Math.min(n, 254); i++) {
            list.add(InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) i}));
        }
        return list;
    }

    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return 0;
    }
}
