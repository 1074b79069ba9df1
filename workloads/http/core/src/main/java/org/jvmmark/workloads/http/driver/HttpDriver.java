package org.jvmmark.workloads.http.driver;

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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.jvmmark.api.Better;
import org.jvmmark.api.FellBehind;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.harness.Percentiles;
import org.jvmmark.harness.ProbeBlock;
import org.jvmmark.workloads.http.common.AppUrl;
import org.jvmmark.workloads.http.common.Footprint;
import org.jvmmark.workloads.http.common.FootprintExchange;
import org.jvmmark.workloads.http.common.Handlers;

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
    /** Closed loop (no schedule): an I/O thread busier than this was the bottleneck. */
    static final double DRIVER_BOUND_BUSY = 0.9;
    /**
     * Open model: a p99 send lag above this means the driver, not the server, set the pace. The
     * sender's own error (park and wake-up, within its 50 µs tolerance) is tens of microseconds on an idle machine.
     */
    static final long DRIVER_BOUND_SEND_LAG_NANOS = 1_000_000L;

    private TrialContext context;
    private LoadEngine engine;
    private long serverPid = -1;
    private HistogramLogWriter hlog;
    private long hlogOriginNanos;
    private long hlogStartMillis;
    /**
     * While the other driver processes run their slices: this process's intervals (tagged, absolute
     * time stamps), written with theirs in time order once they are done; null otherwise.
     */
    private List<Histogram> heldIntervals;
    private int connections;
    private String sleepPath;
    private long sleepNanos;
    private long responseTimeoutNanos;
    private final Map<String, Integer> openAfterPhase = new LinkedHashMap<>();
    /** The connections of this process: all of them, or its share when there are several driver processes. */
    private int ownConnections;
    private int driverProcesses = 1;
    private Segment segment = Segment.WHOLE;
    /** Wall-clock start of the rate schedule, epoch ms; -1: now. */
    private long startAtMillis = -1;
    private InetSocketAddress target;
    private byte[] body;
    private int sources;
    private int driverThreads;
    private Path workDir;

    @Override
    public void run(TrialContext context) throws Exception {
        this.context = context;
        Map<String, String> p = context.params();
        String host = context.param("server.host");
        int port = context.intParam("server.port");
        serverPid = Long.parseLong(p.getOrDefault("server.pid", "-1"));
        boolean app = context.param("server").equals("app");
        String path = p.containsKey("server.path") ? p.get("server.path")
                : context.param("handler").equals("sleep") ? Handlers.SLEEP_PATH : Handlers.HELLO_PATH;
        sleepPath = app ? (context.param("sleepUrl").isEmpty() ? null : AppUrl.parse(context.param("sleepUrl")).path())
                : Handlers.SLEEP_PATH;
        body = (app ? context.param("body") : Handlers.BODY).getBytes(StandardCharsets.UTF_8);
        String mode = context.param("mode");
        connections = context.intParam("connections");
        long sleepMillis = context.longParam("sleepMillis");
        sleepNanos = sleepMillis * 1_000_000L;
        responseTimeoutNanos = context.longParam("responseTimeoutMillis") * 1_000_000L;
        if (connections < 1) {
            throw new IllegalArgumentException("http: connections must be at least 1, not " + connections);
        }
        Sla sla = Sla.parse(context.param("sla"));
        if (mode.equals("rate") && context.longParam("rate") <= 0) {
            throw new IllegalArgumentException("http: mode=rate needs --param rate=REQUESTS_PER_SECOND (over all connections)");
        }
        sources = Math.max(1, context.intParam("sourceAddresses"));
        int threads = context.intParam("driverThreads");
        if (threads < 0) {
            throw new IllegalArgumentException("http: driverThreads must be 0 (chosen from the CPUs) or more, not " + threads);
        }
        driverThreads = threads > 0 ? threads : autoThreads(mode, Runtime.getRuntime().availableProcessors());
        driverProcesses = context.intParam("driverProcesses");
        segment = Segment.parse(context.param("segment"));
        startAtMillis = parseStartAt(context.param("startAt"));
        if (driverProcesses < 1 || driverProcesses > connections) {
            throw new IllegalArgumentException("http: driverProcesses must be 1.." + connections + " (at most one per connection), not "
                    + driverProcesses);
        }
        if ((driverProcesses > 1 || segment.count > 1 || startAtMillis > 0) && !mode.equals("rate") && !mode.equals("sweep")) {
            throw new IllegalArgumentException("http: driverProcesses, segment and startAt split an open-model schedule: they need"
                    + " mode=rate or mode=sweep, not mode=" + mode);
        }
        if (driverProcesses > 1 && (context.booleanParam("hold") || mode.equals("hold"))) {
            throw new IllegalArgumentException("http: driverProcesses=" + driverProcesses + " splits the rate schedule only; the hold phase"
                    + " would hold the first process's share of the connections: add -p hold=false");
        }
        if (driverProcesses > 1 && segment.count > 1) {
            throw new IllegalArgumentException("http: use driverProcesses=N on one host or segment=I/N per host, not both");
        }
        ownConnections = share(connections, driverProcesses, 0);
        workDir = context.workDir();
        String limit = ConnectionLimits.problem(ownConnections, ConnectionLimits.ownMaxFiles(),
                serverPid > 0 ? ConnectionLimits.maxFiles(serverPid) : -1, ConnectionLimits.ephemeralPorts(), sources);
        if (limit != null) {
            throw new UnsupportedWorkloadException(limit);
        }
        TrialResult result = context.result();
        target = new InetSocketAddress(host, port);
        Path controlDir = context.spec().controlDir();
        Footprint idle = serverPid > 0 ? FootprintExchange.ask(controlDir, "idle", 10_000) : null;
        IntervalWarmup.run();
        long cpuStart = processCpuNanos();
        long wallStart = System.nanoTime();
        openHlog(p.get("trial.logDir"));
        engine = new LoadEngine(target, sourceAddresses(target.getAddress(), sources), ownConnections,
                driverThreads, body, responseTimeoutNanos);
        try {
            int open = engine.connect(60_000_000_000L);
            checkFailure();
            if (open < ownConnections && serverPid > 0) {
                // refused connects often mean the server is going away: say so if it is
                Optional<ProcessHandle> server = ProcessHandle.of(serverPid);
                if (server.isPresent()) {
                    try {
                        server.get().onExit().get(1, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                        // still running: the connections failed for another reason
                    }
                }
                checkFailure();
            }
            if (open < ownConnections) {
                throw new ValidationException(String.format(Locale.ROOT, "opened only %,d of %,d connections: %s", open, ownConnections,
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
            if (main != null && main.requests == 0 && engine.firstStatusProblem() != null) {
                throw new ValidationException(engine.firstStatusProblem()); // a wrong URL: say what it answered
            }
            if (main != null && main.requests == 0) {
                throw new ValidationException("no request was answered in the " + context.longParam("seconds") + " s measured"
                        + (engine.errors.total() > 0 ? ": " + engine.errors.describe() : ""));
            }
            if (main != null) {
                recordPhase(result, main);
            }
            if (context.booleanParam("hold") || mode.equals("hold")) {
                if (sleepPath == null) {
                    result.info("holdNote", "no hold phase: server=app needs --param sleepUrl=... for it");
                } else {
                    hold(result, sleepPath, controlDir);
                }
            }
            result.info("openConnectionsAfterPhase", openAfterPhase);
            checkErrors(result, main);
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
        result.info("driverProcesses", driverProcesses);
        if (segment.count > 1) {
            result.info("segment", segment.toString());
            result.warning("segment " + segment + ": this row is one slice of the schedule; merge the slices' driver.hlog files"
                    + " (driver.HlogMerge) for the whole");
        }
        result.info("sourceAddresses", sources);
        result.info("reconnects", engine.reconnects.sum());
        result.info("responsesValidated", engine.validated.sum());
        if (idle != null) {
            recordFootprint(result, "Idle", idle);
        }
    }

    /** The response timeout beyond the configured one: the sleep itself for the sleeping handler. */
    static long extraTimeoutNanos(String path, String sleepPath, long sleepNanos) {
        return path.equals(sleepPath) ? sleepNanos : 0;
    }

    /**
     * Load for {@code warmup}, then measure for {@code measure}, then wait for the answers still
     * due (up to the response timeout) and give up the rest, which are counted.
     */
    private Phase phase(LoadEngine.Load how, String path, double rate, long warmup, long measure, String tag) throws Exception {
        long extra = extraTimeoutNanos(path, sleepPath, sleepNanos);
        List<Process> others = new ArrayList<>();
        List<Path> jobs = new ArrayList<>();
        Outcomes o;
        if (how == LoadEngine.Load.RATE) {
            Segment own = segment;
            long startAt = startAtMillis;
            if (driverProcesses > 1) {
                // the others need a JVM start and their connections before the schedule starts
                startAt = System.currentTimeMillis() + 3_000 + connections / 2;
                own = new Segment(0, driverProcesses);
                heldIntervals = new ArrayList<>();
                for (int i = 1; i < driverProcesses; i++) {
                    Path job = startSegment(new Segment(i, driverProcesses), share(connections, driverProcesses, i), path, rate, warmup,
                            measure, extra, startAt, tag, others);
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
            interval(tag, a, b);
        };
        awaitUntil(windowStart, sink);
        long cpu0 = engine.ioCpuNanos();
        long process0 = processCpuNanos();
        awaitUntil(windowEnd, sink);
        long cpu = engine.ioCpuNanos();
        long process = processCpuNanos() - process0;
        engine.finish(responseTimeoutNanos + extra);
        checkFailure();
        sink.accept(engine.corrected.interval(), engine.uncorrected.interval());
        long window = windowEnd - windowStart;
        Histogram sendLag = o.sendLag.interval();
        if (!jobs.isEmpty()) {
            o = merge(o, jobs, others, corrected, uncorrected, sendLag, windowStart, Math.round(measure * rate / 1e9));
            writeMergedIntervals(jobs);
        }
        long elapsed = how == LoadEngine.Load.RATE && o.lastEndNanos() != Long.MIN_VALUE
                ? Math.max(window, o.lastEndNanos() - windowStart) : window;
        checkOpen(tag);
        double targetRate = how != LoadEngine.Load.RATE ? 0 : driverProcesses > 1 ? rate : rate / segment.count;
        return new Phase(corrected, uncorrected, sendLag, o, elapsed, cpu < 0 || cpu0 < 0 ? -1 : cpu - cpu0, process, targetRate);
    }

    /** After every phase every connection should be open again; says so when some are not. */
    private void checkOpen(String tag) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (engine.open() < ownConnections && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        int open = engine.open();
        openAfterPhase.put(tag, open);
        if (open < ownConnections) {
            context.result().warning(String.format(Locale.ROOT, "after %s only %,d of %,d connections were open (the rest are"
                    + " being opened again with back-off): %s", tag, open, ownConnections, engine.errors.describe()));
        }
    }

    /** Connections of driver process {@code i} of {@code n}: an even share, the first ones one more. */
    static int share(int connections, int n, int i) {
        return connections / n + (i < connections % n ? 1 : 0);
    }

    /** {@code startAt}: empty, epoch milliseconds, or an ISO-8601 instant such as 2026-11-24T07:00:00Z. */
    static long parseStartAt(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            return -1;
        }
        try {
            return t.chars().allMatch(Character::isDigit) ? Long.parseLong(t) : java.time.Instant.parse(t).toEpochMilli();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("http: bad startAt '" + text + "': expected epoch milliseconds or an ISO-8601 instant"
                    + " such as 2026-11-24T07:00:00Z");
        }
    }

    /** Starts a {@link SegmentMain} process for slice {@code seg} on this host; returns its job file. */
    private Path startSegment(Segment seg, int conns, String path, double rate, long warmup, long measure, long extra, long startAt,
                              String tag, List<Process> processes) throws IOException {
        java.util.Properties job = new java.util.Properties();
        job.setProperty("host", target.getHostString());
        job.setProperty("port", Integer.toString(target.getPort()));
        job.setProperty("connections", Integer.toString(conns));
        job.setProperty("segment", seg.toString());
        job.setProperty("sources", Integer.toString(sources));
        job.setProperty("threads", Integer.toString(driverThreads));
        job.setProperty("body", new String(body, StandardCharsets.UTF_8));
        job.setProperty("responseTimeoutNanos", Long.toString(responseTimeoutNanos));
        job.setProperty("extraTimeoutNanos", Long.toString(extra));
        job.setProperty("path", path);
        job.setProperty("rate", Double.toString(rate));
        job.setProperty("warmupNanos", Long.toString(warmup));
        job.setProperty("measureNanos", Long.toString(measure));
        job.setProperty("startAtMillis", Long.toString(startAt));
        job.setProperty("tag", tag);
        Files.createDirectories(workDir);
        Path file = workDir.resolve("segment-" + tag + "-" + (seg.index + 1) + "of" + seg.count + ".properties");
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
        long deadline = System.nanoTime() + responseTimeoutNanos + sleepNanos + 120_000_000_000L;
        for (int i = 0; i < jobs.size(); i++) {
            Process p = processes.get(i);
            if (!p.waitFor(Math.max(1, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS)) {
                p.destroyForcibly();
                throw new ValidationException("driver process " + (i + 2) + " of " + driverProcesses + " did not finish in time");
            }
            Path result = SegmentMain.result(jobs.get(i));
            if (!Files.exists(result)) {
                throw new ValidationException("driver process " + (i + 2) + " of " + driverProcesses + " exited " + p.exitValue()
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

    /** Whether a phase's failed requests are within the budget. */
    static boolean withinBudget(Outcomes o) {
        long failed = o.failed.total();
        return failed == 0 || failed <= MAX_ERROR_SHARE * o.total();
    }

    /**
     * SLA throughput, SPECjbb's critical-jOPS idea on the user's SLA: the closed-loop maximum first,
     * then {@link SlaSearch} — bracket, bisect to 2 %, confirm 2 of 3 — over open-model rates.
     */
    private Phase sweep(TrialResult result, String path, long warmup, long measure, Sla sla) throws Exception {
        Phase max = phase(LoadEngine.Load.MAX, path, 0, warmup, measure, "max");
        if (max.requests == 0) {
            return max; // nothing answered: there is no rate to search
        }
        double maxRate = max.achievedRate();
        Map<Double, Phase> last = new HashMap<>();
        SlaSearch.Result found = new SlaSearch(rate -> {
            Phase step = phase(LoadEngine.Load.RATE, path, rate, Math.min(warmup, 2_000_000_000L), measure, "rate-" + (long) rate);
            long p = step.corrected.getValueAtPercentile(sla.percentile);
            boolean met = p <= sla.boundNanos && step.achievedRate() >= 0.95 * rate && withinBudget(step.outcomes);
            last.put(rate, step);
            context.log(String.format(Locale.ROOT, "sweep: %,.0f req/s → p%s %.2f ms, %,d failed: %s", rate, Percentiles.key(sla.percentile),
                    p / 1e6, step.outcomes.failed.total(), met ? "meets the SLA" : "misses the SLA"));
            return new SlaSearch.Step(rate, step.achievedRate(), p, met);
        }).search(maxRate);
        List<Map<String, Object>> steps = new ArrayList<>();
        for (SlaSearch.Step s : found.curve) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("targetRate", s.targetRate);
            m.put("achievedRate", s.achievedRate);
            m.put("p" + Percentiles.key(sla.percentile) + "Nanos", s.percentileNanos);
            m.put("met", s.met);
            steps.add(m);
        }
        result.info("sweep", steps);
        result.info("sweepMethod", "bracket from half the closed-loop maximum, bisect to 2 %, the boundary confirmed in 2 of 3 runs");
        result.info("sla", sla.text);
        result.metric("maxThroughput", maxRate, "req/s", Better.HIGHER);
        result.metric("slaThroughput", found.slaRate, "req/s", Better.HIGHER);
        result.info("slaThroughputConfirmed", found.confirmed);
        if (found.slaRate == 0) {
            result.warning("no rate met the SLA " + sla.text + " in 2 of 3 runs: the SLA throughput is 0");
            return max;
        }
        if (!found.confirmed) {
            result.warning(String.format(Locale.ROOT, "the SLA search used its %d runs before confirming a rate: the SLA throughput"
                    + " %,.0f req/s met the SLA every time it ran but was not confirmed in 2 of 3 runs", SlaSearch.MAX_RUNS,
                    found.slaRate));
        }
        return last.get(found.slaRate);
    }

    /**
     * Footprint per held request at steady state, at two levels: a tenth of the connections, then all
     * of them, each sending one {@code sleep} request. At each level the server's footprint is asked
     * for until the server holds the requests (its own count where it has one) and its RSS has
     * levelled off; the baseline is taken after the load, with every connection open and idle. Per
     * held request = (held − baseline) ÷ requests held; the slope = Δ RSS ÷ Δ requests held between
     * the two levels, in MiB per 1,000 connections.
     */
    private void hold(TrialResult result, String sleepPath, Path controlDir) throws Exception {
        // after a load the heap the collector gives back leaves RSS only gradually: wait for it to level off
        Steady base = serverPid > 0 ? steadyFootprint(controlDir, "baseline", System.nanoTime() + 10_000_000_000L, -1)
                : new Steady(null, false);
        Footprint baseline = base.footprint;
        if (baseline != null) {
            recordFootprint(result, "Baseline", baseline);
            result.info("baselineSteady", base.steady);
        }
        int low = ownConnections >= 20 ? ownConnections / 10 : 0;
        Held first = low > 0 ? holdLevel(low, sleepPath, controlDir, "low") : null;
        Held all = holdLevel(ownConnections, sleepPath, controlDir, "held");
        result.metric("heldConnections", all.sent, "connections", Better.NONE);
        result.metric("heldRequests", all.held, "requests", Better.NONE);
        result.info("holdSleepMillis", sleepNanos / 1_000_000);
        result.info("heldCountedBy", all.serverCounted ? "the server's handlers (requests inside /sleep)"
                : "the driver (requests outstanding): this server does not count the requests it holds");
        if (!all.outcomes.failed.snapshot().isEmpty()) {
            result.info("holdErrorsByKind", all.outcomes.failed.snapshot());
            result.warning(String.format(Locale.ROOT, "hold: %,d of %,d sleep requests did not end with an answer: %s",
                    all.outcomes.failed.total(), all.sent, all.outcomes.failed.describe()));
        }
        if (all.sleepLatency.getTotalCount() > 0) {
            result.info("holdLatencyMillis", Map.of("p50", all.sleepLatency.getValueAtPercentile(50) / 1e6,
                    "max", all.sleepLatency.getMaxValue() / 1e6));
            // The question's headline figure (HttpWorkload's @Question): every held request timed from its send, so
            // those that queued for a pool thread are in it.
            result.metric("holdLatencyMillis", all.sleepLatency.getValueAtPercentile(50) / 1e6, "ms", Better.LOWER);
            result.metric("holdLatencyMaxMillis", all.sleepLatency.getMaxValue() / 1e6, "ms", Better.LOWER);
        }
        if (all.footprint == null) {
            result.warning("the server did not answer the footprint request: its footprint while held was not measured");
            return;
        }
        recordFootprint(result, "Held", all.footprint);
        result.info("holdSteady", all.steady);
        if (!all.steady) {
            result.warning("hold: the server's RSS had not levelled off (or it did not hold every request) when the footprint was taken");
        }
        if (baseline != null && all.held > 0) {
            perHeld(result, "serverRssPerHeldRequest", all.footprint.rssBytes, baseline.rssBytes, all.held, "bytes", Better.LOWER);
            perHeld(result, "serverHeapPerHeldRequest", all.footprint.heapUsedBytes, baseline.heapUsedBytes, all.held, "bytes", Better.LOWER);
            perHeld(result, "serverThreadsPerHeldRequest", all.footprint.threads, baseline.threads, all.held, "threads", Better.NONE);
        }
        String noSlope = noSlope(first, all);
        if (noSlope != null) {
            result.info("serverRssSlopeOmitted", noSlope);
        } else if (first != null) {
            double slope = (all.footprint.rssBytes - first.footprint.rssBytes) / (double) (all.held - first.held) * 1000 / (1 << 20);
            result.metric("serverRssSlope", slope, "MiB per 1,000 connections", Better.LOWER);
            result.info("serverRssSlopeLevels", Map.of("lowHeld", first.held, "lowRssBytes", first.footprint.rssBytes,
                    "highHeld", all.held, "highRssBytes", all.footprint.rssBytes));
        }
    }

    /**
     * Why the slope between the two hold levels would not be a figure, or {@code null} when it is: it needs both
     * levels measured at steady state and the second holding at least half as many more requests as it sent more
     * (a pool of 200 threads holds 200 at both levels, and a slope over a difference of a few requests is noise).
     */
    static String noSlope(Held first, Held all) {
        if (first == null || first.footprint == null || first.footprint.rssBytes < 0 || all.footprint == null) {
            return "no footprint at the lower level";
        }
        if (!first.steady || !all.steady) {
            return "the server's RSS had not levelled off at " + (!first.steady ? "the lower level" : "the higher level");
        }
        long moreHeld = all.held - first.held;
        long moreSent = all.sent - first.sent;
        if (moreSent <= 0 || moreHeld * 2 < moreSent) {
            return String.format(Locale.ROOT, "the server held %,d requests at %,d connections and %,d at %,d: too few more"
                    + " to give a slope", first.held, first.sent, all.held, all.sent);
        }
        return null;
    }

    /** One hold level's figures. Immutable. */
    static final class Held {
        final long sent;
        final long held;
        final boolean serverCounted;
        final boolean steady;
        final Footprint footprint;
        final Outcomes outcomes;
        final Histogram sleepLatency;

        Held(long sent, long held, boolean serverCounted, boolean steady, Footprint footprint, Outcomes outcomes, Histogram sleepLatency) {
            this.sent = sent;
            this.held = held;
            this.serverCounted = serverCounted;
            this.steady = steady;
            this.footprint = footprint;
            this.outcomes = outcomes;
            this.sleepLatency = sleepLatency;
        }
    }

    /** RSS within this of the previous sample counts as levelled off. */
    static final double STEADY_RSS_SHARE = 0.01;

    private Held holdLevel(int count, String sleepPath, Path controlDir, String label) throws Exception {
        long start = System.nanoTime();
        Outcomes o = engine.startHold(sleepPath, sleepNanos, count);
        long deadline = start + sleepNanos * 8 / 10;
        while (engine.holdSent() < Math.min(count, engine.open()) && System.nanoTime() - deadline < 0) {
            checkFailure();
            Thread.sleep(1);
        }
        long sent = engine.holdSent();
        Steady st = serverPid > 0 ? steadyFootprint(controlDir, label, deadline, sent) : new Steady(null, false);
        Footprint f = st.footprint;
        boolean steady = st.steady;
        long held = f != null && f.heldRequests >= 0 ? f.heldRequests : engine.outstanding();
        engine.finish(sleepNanos * 2 + 5_000_000_000L);
        checkFailure();
        // The corrected histogram: a request that timed out or was unanswered is in it at the time it was given up,
        // so a pool that answers 200 of 1,000 held requests shows at its p50 the wait of the 800 others, not 200 answers.
        Histogram sleepLatency = engine.corrected.interval();
        engine.uncorrected.interval();
        return new Held(sent, held, f != null && f.heldRequests >= 0, steady, f, o, sleepLatency);
    }

    /** A footprint and whether it was taken at steady state. Immutable. */
    private static final class Steady {
        final Footprint footprint;
        final boolean steady;

        Steady(Footprint footprint, boolean steady) {
            this.footprint = footprint;
            this.steady = steady;
        }
    }

    /**
     * Asks for the server's footprint until it holds {@code heldTarget} requests (its own count, or
     * the driver's outstanding requests where it has none; -1: no target) and its RSS is within
     * {@link #STEADY_RSS_SHARE} of the previous answer, or until {@code deadlineNanos}.
     */
    private Steady steadyFootprint(Path controlDir, String label, long deadlineNanos, long heldTarget) throws Exception {
        Footprint f = null;
        Footprint previous = null;
        int asked = 0;
        do {
            f = FootprintExchange.ask(controlDir, label + "-" + (++asked), 10_000);
            if (f == null) {
                return new Steady(null, false);
            }
            boolean allHeld = heldTarget < 0 || (f.heldRequests < 0 ? engine.outstanding() >= heldTarget : f.heldRequests >= heldTarget);
            if (allHeld && previous != null && Math.abs(f.rssBytes - previous.rssBytes) <= STEADY_RSS_SHARE * previous.rssBytes) {
                return new Steady(f, true);
            }
            previous = allHeld ? f : null;
            Thread.sleep(200);
            checkFailure();
        } while (System.nanoTime() - deadlineNanos < 0);
        return new Steady(f, false);
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

    private void recordPhase(TrialResult result, Phase main) {
        boolean scheduled = main.targetRate > 0;
        result.metric("requestsPerSecond", main.achievedRate(), "req/s", Better.HIGHER);
        result.metric("requests", main.requests, "requests", Better.NONE);
        result.metric("connections", connections, "connections", Better.NONE);
        Map<String, Object> accounted = new LinkedHashMap<>();
        if (scheduled) {
            accounted.put("scheduled", main.outcomes.scheduled);
        }
        accounted.put("answered", main.requests);
        accounted.put("failed", main.outcomes.failed.snapshot());
        result.info("requestOutcomes", accounted);
        double busy = main.ioThreadBusy(engine.threads());
        if (Double.isFinite(busy)) {
            result.metric("driverIoThreadBusy", busy, "share of a CPU", Better.NONE);
        }
        if (main.processCpuNanos > 0 && main.requests > 0) {
            // the whole driver process (I/O threads, senders, JIT, GC) over the measured window
            result.metric("driverCpuPerRequest", main.processCpuNanos / (double) main.requests, "ns", Better.NONE);
        }
        if (scheduled && main.sendLag.getTotalCount() > 0) {
            long lag99 = main.sendLag.getValueAtPercentile(99);
            result.metric("driverSendLagP99", lag99, "ns", Better.NONE);
            result.info("driverSendLagNanos", Percentiles.of(main.sendLag));
            if (lag99 > DRIVER_BOUND_SEND_LAG_NANOS) {
                result.info("driverBound", true);
                result.warning(String.format(Locale.ROOT, "driver-bound: 1 %% of the driver's due sends left more than %.2f ms late"
                        + " (p99 send lag %.2f ms), so the latency includes the driver's own delay (give the driver its own CPUs,"
                        + " or raise driverThreads)", DRIVER_BOUND_SEND_LAG_NANOS / 1e6, lag99 / 1e6));
            }
        } else if (!scheduled && Double.isFinite(busy) && busy >= DRIVER_BOUND_BUSY) {
            result.info("driverBound", true);
            result.warning(String.format(Locale.ROOT, "driver-bound: the driver's I/O threads were %.0f %% busy, so the request rate"
                    + " may be the driver's limit rather than the server's (raise driverThreads, or give the driver its own CPUs)",
                    busy * 100));
        }
        boolean fellBehind = scheduled && FellBehind.rate(main.targetRate, main.achievedRate());
        result.latency("endToEnd", ProbeBlock.of(scheduled, scheduled ? main.targetRate : null, main.achievedRate(), fellBehind,
                scheduled ? "fixed" : "closed-loop", main.corrected, main.uncorrected,
                java.util.Collections.singletonList(ProbeBlock.run(1, main.corrected, main.achievedRate(), null, main.elapsedNanos))));
        if (fellBehind) {
            result.warning(String.format(Locale.ROOT, "the server fell behind the target rate: %,.0f of %,.0f req/s; latency counts from"
                    + " each request's due time", main.achievedRate(), main.targetRate));
        }
        if (!scheduled) {
            result.info("latencyNote", "closed loop (max): each request is sent when the previous answer arrives, so latency is from the"
                    + " actual send (no schedule, no coordinated-omission correction); failed requests count at the time they failed;"
                    + " use mode=rate for corrected latency");
        }
    }

    /**
     * I/O threads when the user leaves {@code driverThreads} at 0: a quarter of the CPUs the driver
     * sees — it shares them with the server unless the runner pinned them apart —, at least 1 for
     * the closed loop and 2 for the open model and hold. Measured on 2 CPUs against Netty (load
     * under 1 before each run): in max mode at 1,000 connections one thread did 134-138 k req/s at
     * 6.0-6.2 µs of driver CPU per request and blocked about 250 times a second, two threads did
     * 100-121 k at 7.7-9.3 µs and blocked about 9,000 times a second each, every block a wake-up
     * the server pays for; at 100 connections one thread did 121-123 k, two 100-124 k. In rate mode
     * at 5,000/s it is the other way round: two senders took 31-33 µs per request, one 36-38 µs (one
     * sender was preempted by the server it had just woken on 40 % of its sends).
     */
    static int autoThreads(String mode, int cpus) {
        return Math.max(mode.equals("max") ? 1 : 2, cpus / 4);
    }

    /** Waits until {@code deadlineNanos}, watching the server and the engine; hands over 1-s interval histograms. */
    private void awaitUntil(long deadlineNanos, IntervalSink sink) throws Exception {
        long nextInterval = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() - deadlineNanos < 0) {
            long now = System.nanoTime();
            Thread.sleep(Math.max(1, Math.min(100, Math.min(deadlineNanos - now, nextInterval - now) / 1_000_000)));
            checkFailure();
            if (System.nanoTime() - nextInterval >= 0) {
                nextInterval += 1_000_000_000L;
                sink.accept(engine.corrected.interval(), engine.uncorrected.interval());
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

    /**
     * The error budget counts the measured window of the main phase only, and only requests that
     * failed: requests the run ended before (never sent, or unanswered at the end) are the server
     * falling behind an open-model rate — counted, recorded in the corrected latency and warned
     * about, but not a failed trial.
     */
    private void checkErrors(TrialResult result, Phase main) throws ValidationException {
        result.info("errorsByKind", engine.errors.snapshot());
        if (main == null) {
            result.metric("errors", engine.errors.total(), "errors", Better.LOWER);
            return;
        }
        Outcomes o = main.outcomes;
        long unfinished = o.failed.count(ErrorCounts.NOT_SENT) + o.failed.count(ErrorCounts.UNANSWERED_AT_END);
        long failed = o.failed.total() - unfinished;
        result.metric("errors", failed, "errors", Better.LOWER);
        result.metric("requestsUnfinished", unfinished, "requests", Better.LOWER);
        if (failed > 0 && failed > MAX_ERROR_SHARE * o.total()) {
            throw new ValidationException(String.format(Locale.ROOT, "%.2f %% of the measured requests failed (more than 0.1 %%): %s",
                    100.0 * failed / o.total(), o.failed.describe()));
        }
        if (failed > 0) {
            result.warning("failed requests (within 0.1 %): " + o.failed.describe());
        }
        if (unfinished > 0) {
            result.warning(String.format(Locale.ROOT, "%,d of %,d measured requests had not ended when the run gave up (%s): the"
                    + " server fell behind; they count in the corrected latency at the time they were given up", unfinished, o.total(),
                    o.failed.describe()));
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
        hlogStartMillis = now;
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
        Histogram u = uncorrected.copy();
        u.setTag(tag + "-uncorrected");
        if (heldIntervals != null) {
            for (Histogram h : List.of(c, u)) {
                h.setStartTimeStamp(hlogStartMillis + Math.round(Math.max(0, end - 1) * 1000));
                h.setEndTimeStamp(hlogStartMillis + Math.round(end * 1000));
                heldIntervals.add(h);
            }
            return;
        }
        hlog.outputIntervalHistogram(Math.max(0, end - 1), end, c, 1e3);
        hlog.outputIntervalHistogram(Math.max(0, end - 1), end, u, 1e3);
    }

    /**
     * Writes this process's held intervals and those of the other driver processes' {@code .hlog}
     * files in time order, so that {@code driver.hlog} is the whole schedule's.
     */
    private void writeMergedIntervals(List<Path> jobs) throws IOException, ValidationException {
        List<Path> files = new ArrayList<>();
        for (Path job : jobs) {
            Path file = SegmentMain.hlog(job);
            if (!Files.isRegularFile(file)) {
                throw new ValidationException("driver process " + job.getFileName() + " wrote no interval log " + file);
            }
            files.add(file);
        }
        List<Histogram> all = intervalsInTimeOrder(heldIntervals, files);
        heldIntervals = null;
        if (hlog == null) {
            return;
        }
        for (Histogram h : all) {
            hlog.outputIntervalHistogram((h.getStartTimeStamp() - hlogStartMillis) / 1e3, (h.getEndTimeStamp() - hlogStartMillis) / 1e3,
                    h, 1e3);
        }
    }

    /** {@code own} intervals and every interval of the {@code .hlog} files, by start time (absolute, epoch ms). */
    static List<Histogram> intervalsInTimeOrder(List<Histogram> own, List<Path> hlogs) throws IOException {
        List<Histogram> all = new ArrayList<>(own);
        for (Path file : hlogs) {
            org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(file.toFile());
            try {
                org.HdrHistogram.EncodableHistogram h;
                while ((h = reader.nextIntervalHistogram()) != null) {
                    all.add((Histogram) h);
                }
            } finally {
                reader.close();
            }
        }
        all.sort(java.util.Comparator.comparingLong(Histogram::getStartTimeStamp));
        return all;
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
        return -1;
    }
}
