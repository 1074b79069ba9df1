package org.jvmmark.workloads.http.driver;

import java.nio.file.Paths;
import java.util.Locale;
import java.util.Optional;

import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.workloads.http.common.Footprint;
import org.jvmmark.workloads.http.common.FootprintExchange;

/**
 * The load driver of {@link org.jvmmark.workloads.http.HttpWorkload}: runs on the host JDK in its own process
 * (the same JVM for every server under test) against {@code server.host:server.port}, through {@link LoadEngine}.
 * One trial: footprint idle → open the connections → the hold phase ({@link HoldFootprint}, on the fresh server)
 * → the mode ({@link LoadPhases}: max or rate; {@link SlaSweep}) → checks; {@link ResultBlock} writes the figures,
 * {@link IntervalLog} the {@code driver.hlog}.
 *
 * <p>More than 0.1 % failed requests, one wrong response, or a server that dies fails the trial.
 * The driver reports its own CPU use and says "driver-bound" when its I/O threads were saturated,
 * since the figure is then the driver's limit, not the server's.
 *
 * <p>Not thread-safe: one instance drives one trial.
 */
public final class HttpDriver implements Workload {

    @Override
    public void run(TrialContext context) throws Exception {
        DriverSettings s = new DriverSettings(context);
        String limit = ConnectionLimits.problem(s.ownConnections, ConnectionLimits.ownMaxFiles(),
                s.serverPid > 0 ? ConnectionLimits.maxFiles(s.serverPid) : -1, ConnectionLimits.ephemeralPorts(), s.sources);
        if (limit != null) {
            throw new UnsupportedWorkloadException(limit);
        }
        TrialResult result = context.result();
        Footprint idle = s.serverPid > 0 ? FootprintExchange.ask(s.controlDir, "idle", 10_000) : null;
        IntervalWarmup.run();
        long cpuStart = ServerWatch.processCpuNanos();
        long wallStart = System.nanoTime();
        IntervalLog hlog = IntervalLog.open(s.logDir == null ? context.workDir() : Paths.get(s.logDir));
        if (s.logDir != null) {
            result.info("hlog", Paths.get(s.logDir).resolve("driver.hlog").toString());
        }
        LoadEngine engine = new LoadEngine(s.target, DriverSettings.sourceAddresses(s.target.getAddress(), s.sources), s.ownConnections,
                s.driverThreads, s.body, s.responseTimeoutNanos);
        if (s.mix != null) {
            engine.mix(s.mix);
        }
        ServerWatch watch = new ServerWatch(context, s, engine);
        try {
            connect(watch);
            if (s.hold) {
                // first, on the fresh server with every connection open: as an outside client measures it, and before a
                // load has made the heap it leaves behind resident (what the hold would then find already paid for)
                if (s.sleepPath == null) {
                    result.info("holdNote", "no hold phase: server=app needs --param sleepUrl=... for it");
                } else {
                    new HoldFootprint(watch).run(result, s.sleepPath);
                    watch.checkOpen("hold");
                }
            }
            LoadPhases phases = new LoadPhases(watch, hlog);
            Phase main = null;
            switch (s.mode) {
                case "max":
                    main = phases.phase(Load.MAX, s.path, 0, s.warmupNanos, s.measureNanos, "endToEnd");
                    break;
                case "rate":
                    main = phases.phase(Load.RATE, s.path, context.longParam("rate"), s.warmupNanos, s.measureNanos, "endToEnd");
                    break;
                case "sweep":
                    main = new SlaSweep(phases, context).run(result, s.path, s.warmupNanos, s.measureNanos, s.sla);
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
                ResultBlock.recordPhase(result, main, s.connections, engine.threads());
            }
            result.info("openConnectionsAfterPhase", watch.openAfterPhase);
            ResultBlock.checkErrors(result, main, engine.errors);
        } finally {
            engine.close();
            hlog.close();
        }
        long wall = System.nanoTime() - wallStart;
        long cpu = ServerWatch.processCpuNanos() - cpuStart;
        result.metric("driverCpu", cpu / (double) wall, "cores", Better.NONE);
        result.info("driverThreads", engine.threads());
        result.info("driverProcesses", s.driverProcesses);
        if (s.segment.count > 1) {
            result.info("segment", s.segment.toString());
            result.warning("segment " + s.segment + ": this row is one slice of the schedule; merge the slices' driver.hlog files"
                    + " (driver.HlogMerge) for the whole");
        }
        result.info("sourceAddresses", s.sources);
        result.info("reconnects", engine.reconnects.sum());
        result.info("responsesValidated", engine.validated.sum());
        if (idle != null) {
            ResultBlock.recordFootprint(result, "Idle", idle);
        }
    }

    /** Opens every connection; fails the trial, saying why, when not all of them open. */
    private static void connect(ServerWatch watch) throws Exception {
        DriverSettings s = watch.settings;
        LoadEngine engine = watch.engine;
        int open = engine.connect(60_000_000_000L);
        watch.checkFailure();
        if (open < s.ownConnections && s.serverPid > 0) {
            // refused connects often mean the server is going away: say so if it is
            Optional<ProcessHandle> server = ProcessHandle.of(s.serverPid);
            if (server.isPresent()) {
                try {
                    server.get().onExit().get(1, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                    // still running: the connections failed for another reason
                }
            }
            watch.checkFailure();
        }
        if (open < s.ownConnections) {
            throw new ValidationException(String.format(Locale.ROOT, "opened only %,d of %,d connections: %s", open, s.ownConnections,
                    engine.errors.describe().isEmpty() ? "the rest did not connect within 60 s" : engine.errors.describe()));
        }
        watch.context.log(String.format(Locale.ROOT, "%,d connections open to %s:%d", open, s.host, s.target.getPort()));
    }
}
