package org.jvmmark.runner.fork;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.results.ChildResult;
import org.jvmmark.results.DriverRun;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.CpuList;

/**
 * A client/server trial: the server runs in the JVM under test, the load driver in a second JVM on
 * the host JDK — the same driver JVM for every trial, so only the server changes between them.
 *
 * <ol>
 *   <li>Start the server; wait for its {@code ready.properties} in the control directory, failing
 *       fast if it dies first (its own result, e.g. {@code unsupported}, is kept).</li>
 *   <li>Start the driver with the server's parameters plus every announced key (e.g.
 *       {@code server.port}); when the server is pinned, the driver gets the other CPUs, if any.</li>
 *   <li>When the driver ends, create the {@code stop} file and give the server up to
 *       {@value #STOP_GRACE_SECONDS} s (within the trial's time limit, but at least 2 s) to write
 *       its result; kill it after that.</li>
 *   <li>Join, as typed values: the driver's metrics and latency, the server's metrics, and both
 *       processes' footprint — the trial's process is the server's (the JVM under test), its
 *       {@link DriverRun} the driver's.</li>
 * </ol>
 * Not thread-safe: one instance per trial.
 */
public final class ClientServerTrial {
    public static final int STOP_GRACE_SECONDS = 15;
    private static final long MIN_STOP_GRACE_NANOS = 2_000_000_000L;

    /** The driver's parameter naming the trial's log directory, where it may keep files such as {@code .hlog}. */
    static final String DRIVER_LOG_DIR = "trial.logDir";
    /** The key a server announces its process id under, when it knows it ({@code http} does). */
    static final String SERVER_PID = "server.pid";

    private final PlannedTrial trial;
    private final List<String> serverJvmArgs;
    private final TrialSpec serverSpec;
    private final Path scratch;
    private final Path logDir;
    private final Confinement serverInside;
    private final BooleanSupplier cancelled;

    /**
     * @param serverJvmArgs the server's flags: the trial's, plus those of any instruments attached
     * @param serverInside the limits the server (the JVM under test) runs inside; the driver gets the CPUs its cpuset
     *     leaves, and no other limit
     */
    ClientServerTrial(PlannedTrial trial, List<String> serverJvmArgs, TrialSpec serverSpec, Path scratch, Path logDir,
                      Confinement serverInside, BooleanSupplier cancelled) {
        this.trial = trial;
        this.serverJvmArgs = List.copyOf(serverJvmArgs);
        this.serverSpec = serverSpec;
        this.scratch = scratch;
        this.logDir = logDir;
        this.serverInside = serverInside;
        this.cancelled = cancelled;
    }

    /**
     * The judged outcome of both processes.
     *
     * @param driver {@code null} when the server never became ready
     * @param ownServer the server's own process tree, when the server is a process of its own that the JVM of the
     *     trial started (the user's jar, {@code server=app}; the native reference), else {@code null}
     */
    record Outcome(TrialStatus status, String error, ForkOutcome server, ForkOutcome driver, String driverCpus, OwnServer ownServer) {

        Outcome(TrialStatus status, String error, ForkOutcome server, ForkOutcome driver, String driverCpus) {
            this(status, error, server, driver, driverCpus, null);
        }

        /** The driver's side as the trial records it ({@code driver}), or {@code null} when it never started. */
        DriverRun driverRun() {
            if (driver == null) {
                return null;
            }
            ChildResult said = driver.result();
            return new DriverRun(driver.status().json(), driver.error(), TrialExecutor.processFacts(driver.process(), driverCpus),
                    driver.command(), driver.ok() ? List.of() : driver.stderrTail(),
                    driver.hsErr() == null ? null : driver.hsErr().toString(), said == null ? null : said.jvm(),
                    said == null ? Map.of() : said.measured().infoValues(), Map.of());
        }

        /**
         * The trial's measurements: the driver measured the load, so its metrics and latency lead and the
         * server's join them (a server figure whose name the driver already uses is kept as
         * {@code server.<name>}); series and info are the server's, warnings both sides'.
         */
        Trial.Measured measured() {
            Trial.Measured s = server.result() == null ? Trial.Measured.NONE : server.result().measured();
            if (driver == null || driver.result() == null) {
                return s;
            }
            Trial.Measured d = driver.result().measured();
            List<String> warnings = new ArrayList<>(s.warnings());
            warnings.addAll(d.warnings());
            return new Trial.Measured(joined(d.metrics(), s.metrics()), joined(d.latency(), s.latency()), s.series(),
                    s.info(), s.infoValues(), warnings);
        }

        private static <V> Map<String, V> joined(Map<String, V> driverSide, Map<String, V> serverSide) {
            Map<String, V> all = new LinkedHashMap<>(driverSide);
            serverSide.forEach((name, v) -> all.put(all.containsKey(name) ? "server." + name : name, v));
            return all;
        }
    }

    Outcome run(long deadline, String timeoutReason) throws IOException {
        ForkedJvm server = new ForkedJvm(trial.jdk().java(), serverJvmArgs, trial.classpath(), serverSpec,
                scratch, logDir, "server", serverInside);
        server.start();
        Path ready = serverSpec.controlDir().resolve(TrialContext.READY_FILE);
        while (!Files.isRegularFile(ready)) {
            if (!server.isAlive()) {
                ForkOutcome s = server.await(deadline, timeoutReason, cancelled);
                String error = s.ok() ? "server ended before it was ready, without an error" : s.error();
                TrialStatus status = s.status() == TrialStatus.UNSUPPORTED ? TrialStatus.UNSUPPORTED : TrialStatus.FAILED;
                return new Outcome(status, status == TrialStatus.UNSUPPORTED ? error : "server never became ready: " + error, s, null, null);
            }
            if (cancelled.getAsBoolean() || System.nanoTime() - deadline > 0) {
                ForkOutcome s = server.await(System.nanoTime(), "server not ready within the " + trial.timeoutSeconds()
                        + " s time limit; killed", cancelled);
                return new Outcome(s.process().cancelled() ? TrialStatus.FAILED : TrialStatus.TIMEOUT, s.error(), s, null, null);
            }
            sleep(20);
        }
        Map<String, String> endpoint = readEndpoint(ready);
        ProcessTreePeak ownTree = ownServerTree(endpoint, server.pid());
        String driverCpus = driverCpus(serverInside.cpuset());
        Map<String, String> params = new LinkedHashMap<>(serverSpec.params());
        params.putAll(endpoint);
        params.put(DRIVER_LOG_DIR, logDir.toString());
        TrialSpec driverSpec = new TrialSpec(trial.id() + "/driver", trial.workload().info().driverClass(), trial.profile(),
                params, scratch.resolve("driver-work"), serverSpec.controlDir());
        ForkedJvm driver = new ForkedJvm(hostJava(), trial.workload().info().jvmArgs(Runtime.version().feature()),
                trial.workload().classpath(), driverSpec, scratch, logDir, "driver", Confinement.pinned(driverCpus));
        ForkOutcome d;
        try {
            driver.start();
            d = driver.await(deadline, timeoutReason, cancelled);
        } finally {
            Files.writeString(serverSpec.controlDir().resolve(TrialContext.STOP_FILE), "stop\n");
        }
        // the trial's time limit covers the stop too, but a server gets at least a moment to shut down
        long now = System.nanoTime();
        long stopDeadline = Math.max(now + MIN_STOP_GRACE_NANOS, Math.min(deadline, now + STOP_GRACE_SECONDS * 1_000_000_000L));
        ForkOutcome s;
        try {
            s = server.await(stopDeadline, String.format(java.util.Locale.ROOT,
                    "server did not stop within %.0f s of the stop request; killed", (stopDeadline - now) / 1e9), cancelled);
        } finally {
            if (ownTree != null) {
                ownTree.close();
            }
        }
        OwnServer own = ownTree == null ? null : new OwnServer(ownTree.pid(), ownTree.peakBytes());
        TrialStatus status;
        String error;
        if (s.status() == TrialStatus.UNSUPPORTED) {
            status = TrialStatus.UNSUPPORTED;
            error = s.error();
        } else if (!d.ok()) {
            status = d.status();
            error = "driver: " + d.error();
        } else if (!s.ok()) {
            status = s.status();
            error = "server: " + s.error();
        } else {
            status = TrialStatus.OK;
            error = null;
        }
        return new Outcome(status, error, s, d, driverCpus, own);
    }

    /**
     * A server that is a process of its own, as the runner watched it: its pid and the peak resident set of its
     * process tree.
     */
    record OwnServer(long pid, long peakRssBytes) {
    }

    /**
     * The watch over the server's own process tree, when the pid the server announced ({@code server.pid}) is not
     * that of the JVM the runner started: the user's server ({@code server=app}) or the native reference. Then the
     * trial's peak RSS is that tree's, not the launching JVM's. Null when the server runs in the JVM under test.
     */
    static ProcessTreePeak ownServerTree(Map<String, String> endpoint, long jvmPid) {
        String announced = endpoint.get(SERVER_PID);
        if (announced == null) {
            return null;
        }
        long pid;
        try {
            pid = Long.parseLong(announced.trim());
        } catch (NumberFormatException e) {
            return null;
        }
        return pid == jvmPid || pid <= 0 ? null : ProcessTreePeak.start(pid);
    }

    /** The keys a server announced in its ready file, sorted by name. */
    public static Map<String, String> readEndpoint(Path ready) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(ready, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : new TreeSet<>(p.stringPropertyNames())) {
            m.put(k, p.getProperty(k));
        }
        return m;
    }

    public static Path hostJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * The CPUs left over when the server is pinned to {@code serverCpus}: the driver must not steal
     * the server's cores. {@code null} (no pinning) when the server is not pinned or nothing is left.
     */
    public static String driverCpus(String serverCpus) {
        if (serverCpus == null) {
            return null;
        }
        List<Integer> online = CpuList.parse(onlineCpus());
        List<Integer> rest = new ArrayList<>(online);
        rest.removeAll(CpuList.parse(serverCpus));
        return rest.isEmpty() ? null : CpuList.format(rest);
    }

    public static String onlineCpus() {
        try {
            return Files.readString(Path.of("/sys/devices/system/cpu/online")).trim();
        } catch (IOException e) {
            return "0-" + (Runtime.getRuntime().availableProcessors() - 1);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
