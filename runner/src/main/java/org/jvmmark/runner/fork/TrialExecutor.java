package org.jvmmark.runner.fork;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.results.ChildResult;
import org.jvmmark.results.Disturbance;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.PlannedJdk;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.instruments.InstrumentSet;
import org.jvmmark.runner.instruments.TrialFiles;
import org.jvmmark.runner.plan.ParamValues;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.api.scratch.SafeTree;

/**
 * Runs one planned trial and builds its typed record with a {@link TrialBuilder}: what the plan says,
 * then what the runner saw of the process, then what the child said ({@link ChildResult}), then what the
 * instruments found (typed {@link org.jvmmark.results.Instruments} from {@link InstrumentSet#afterTrial}). A trial is a single forked JVM,
 * or for a {@link org.jvmmark.api.Driver} workload the server/driver pair of
 * {@link ClientServerTrial}. Just before the fork's JVM starts and just after its processes end, a {@link
 * MachineProbe} reads the machine's state on the trial's CPUs (the trial's {@code machineState}). Each trial gets a
 * private scratch directory (removed afterwards) and keeps its logs under {@code DIR/logs/}. Thread-safe as long as each trial has its own id.
 */
public final class TrialExecutor {
    public static final ObjectMapper JSON = new ObjectMapper();
    /** The run directory's scratch space, under which each trial gets a directory of its own (removed after it). */
    public static final String SCRATCH = ".jvmmark-work";

    private final Path outDir;
    private final Container container;
    private final String cpus;
    /** What the JVMs choose inside each container a trial runs in: the run's, or one with a workload's memory limit. */
    private final Map<Container, Ergonomics> ergonomics = new ConcurrentHashMap<>();
    private final BooleanSupplier cancelled;
    private final InstrumentSet instruments;
    private final DisturbancePolicy disturbance;
    private final MachineReadings probe;
    private final WorkloadMemoryLimit memoryLimits;

    /**
     * @param cpus the CPUs to pin the JVM under test to ({@code taskset -c} syntax), or {@code null}
     * @param cancelled true once the user has interrupted the run
     * @param instruments attached to the JVM under test of every trial ({@code --gc-log}, {@code --jfr}, ...)
     */
    public TrialExecutor(Path outDir, String cpus, BooleanSupplier cancelled, InstrumentSet instruments) {
        this(outDir, cpus, cancelled, instruments, DisturbancePolicy.RERUN);
    }

    /** @param disturbance whether a fork is judged disturbed by other processes (always measured) */
    public TrialExecutor(Path outDir, String cpus, BooleanSupplier cancelled, InstrumentSet instruments,
                         DisturbancePolicy disturbance) {
        this(outDir, Container.pinned(cpus), cancelled, instruments, disturbance);
    }

    /**
     * @param container the limits the JVM under test of every trial runs inside ({@code --cpus}, {@code --memory},
     *     {@code --cpuset}), prepared; {@link Container#NONE} for the host's
     */
    public TrialExecutor(Path outDir, Container container, BooleanSupplier cancelled, InstrumentSet instruments,
                         DisturbancePolicy disturbance) {
        this.outDir = outDir;
        this.container = container;
        this.cpus = container.cpuset();
        this.cancelled = cancelled;
        this.instruments = instruments;
        this.disturbance = disturbance;
        this.probe = MachineReadings.forCpus(cpus);
        this.memoryLimits = WorkloadMemoryLimit.current(container);
    }

    /** @return the trial's record, or {@code null} if the user interrupted it (it is then not recorded) */
    public Trial run(PlannedTrial trial) throws IOException {
        TrialBuilder record = planned(trial);
        if (!trial.runnable()) {
            return record.status(TrialStatus.UNSUPPORTED, trial.unsupportedReason()).build();
        }
        Path logDir = outDir.resolve("logs").resolve(safe(trial.id()));
        deleteRecursively(logDir);
        Path scratch = Files.createTempDirectory(Files.createDirectories(outDir.resolve(SCRATCH)), "trial-");
        try {
            TrialSpec spec = new TrialSpec(trial.id(), trial.workload().info().className(), trial.profile(), trial.params(),
                    scratch.resolve("server-work"), scratch.resolve("control"));
            long deadline = System.nanoTime() + trial.timeoutSeconds() * 1_000_000_000L;
            String timeoutReason = "no result within the " + trial.timeoutSeconds() + " s time limit (profile "
                    + trial.profile() + "); killed";
            record.logs(outDir.relativize(logDir).toString());
            boolean clientServer = trial.workload().info().driverClass() != null;
            InstrumentSet.Launch launch = instruments.launch(trial.jdk().java(), trial.jdk().label(),
                    new TrialFiles(logDir, clientServer ? "server" : "jvm"));
            List<String> jvmArgs = new java.util.ArrayList<>(trial.jvmArgs());
            jvmArgs.addAll(launch.jvmArgs());
            // a workload's own memory limit (queue-large's memoryLimit) is the runner's to give on cgroup v2
            WorkloadMemoryLimit.ForTrial withOwn = memoryLimits.of(trial.params());
            if (withOwn.refused() != null) {
                record.warning(withOwn.refused());
            }
            // what the JVM chooses inside the limits, asked before the fork so that the fork's window stays its own
            TrialContainer limits = ergonomics.computeIfAbsent(withOwn.container(), Ergonomics::new).block(trial.jdk(),
                    trial.jvmArgs(), clientServer ? "the server (the JVM under test); the load driver runs outside the limits"
                    : "the JVM under test");
            if (limits != null) {
                record.more(TrialContainer.KEY, limits.toJson());
            }
            // the probe reads the machine just outside the fork's disturbance window, which stays the fork's alone
            MachineState.Reading before = probe.measure();
            MachineActivity.Sample windowStart = MachineActivity.sample();
            if (clientServer) {
                ClientServerTrial.Outcome o;
                String oom;
                try (Confinement inside = withOwn.container().confine()) {
                    o = new ClientServerTrial(trial, jvmArgs, spec, scratch, logDir, inside, cancelled).run(deadline, timeoutReason);
                    oom = inside.oomKilled();
                }
                Disturbance others = MachineActivity.between(windowStart, MachineActivity.sample(), disturbance.judges());
                if (o.server().process() != null && o.server().process().cancelled()
                        || o.driver() != null && o.driver().process() != null && o.driver().process().cancelled()) {
                    return null;
                }
                record.machineState(new MachineState(before, probe.measure()));
                watched(record, o.server(), o.status(), withOom(o.status(), o.error(), oom), cpus);
                ownServer(record, o.ownServer());
                disturbance(record, others);
                said(record, o.server().result(), o.measured());
                record.driver(o.driverRun());
            } else {
                ForkOutcome o;
                String oom;
                try (Confinement inside = withOwn.container().confine()) {
                    ForkedJvm jvm = new ForkedJvm(trial.jdk().java(), jvmArgs, trial.classpath(), spec, scratch, logDir, "jvm",
                            inside);
                    jvm.start();
                    o = jvm.await(deadline, timeoutReason, cancelled);
                    oom = inside.oomKilled();
                }
                Disturbance others = MachineActivity.between(windowStart, MachineActivity.sample(), disturbance.judges());
                if (o.process().cancelled()) {
                    return null;
                }
                record.machineState(new MachineState(before, probe.measure()));
                watched(record, o, o.status(), withOom(o.status(), o.error(), oom), cpus);
                disturbance(record, others);
                said(record, o.result(), o.result() == null ? null : o.result().measured());
            }
            Trial measured = record.build();
            return measured.withInstruments(instruments.afterTrial(launch, measured, outDir)).withFiguresSetAsideUnlessOk();
        } finally {
            deleteRecursively(scratch);
        }
    }

    /**
     * What is known before the JVM starts: the trial's identity and provenance, and as its JVM what the
     * runner knows of the JDK (what the JVM says of itself replaces it when it runs far enough to say it).
     * Its status is {@code failed} until the trial has been judged.
     */
    static TrialBuilder planned(PlannedTrial t) {
        Jdk jdk = t.jdk();
        return new TrialBuilder(t.id(), t.workload().name())
                .workloadClass(t.workload().info().className(), t.workload().module())
                .params(ParamValues.values(t.workload().info(), t.params()))
                .variant(t.variant())
                .requestedGc(t.gc())
                .workloadVariant(t.workloadVariant())
                .variantJvmArgs(t.variantJvmArgs())
                .fork(t.fork())
                .profile(t.profile())
                .started(Instant.now().toString())
                .jdk(new PlannedJdk(jdk.home().toString(), jdk.label(), jdk.vendor(), jdk.version(), jdk.feature()))
                .jvm(new JvmInfo(jdk.home().toString(), jdk.version(), jdk.feature(), jdk.vendor(), jdk.vmName(), t.jvmArgs(),
                        List.of()))
                .status(TrialStatus.FAILED, null);
    }

    /** Status, error and what was seen from outside: process figures, command, stderr tail (when not ok), crash log. */
    static void watched(TrialBuilder record, ForkOutcome o, TrialStatus status, String error, String cpusRequested) {
        record.status(status, error);
        if (o == null) {
            return;
        }
        record.process(processFacts(o.process(), cpusRequested))
                .command(o.command())
                .stderrTail(status == TrialStatus.OK ? List.of() : o.stderrTail())
                .hsErr(o.hsErr() == null ? null : o.hsErr().toString());
    }

    /** A trial that did not end ok, with why when the OOM killer took part: "JVM exited with status 137 …; killed by …". */
    static String withOom(TrialStatus status, String error, String oom) {
        return oom == null || status == TrialStatus.OK ? error : error == null ? oom : error + "; " + oom;
    }

    /**
     * For a server that is a process of its own (the user's jar, {@code server=app}), the trial's peak RSS is that
     * server's process tree's, as the runner watched it: the JVM that started it is only its launcher. The
     * launcher's own peak is kept as {@code process.launcherPeakRssBytes}, the server's pid as {@code
     * process.peakRssPid}, and {@code process.peakRssOf} says whose figure {@code peakRssBytes} is.
     */
    static void ownServer(TrialBuilder record, ClientServerTrial.OwnServer own) {
        ProcessFacts p = record.processFacts();
        if (own == null || own.peakRssBytes() <= 0 || p.none()) {
            return;
        }
        Map<String, Object> more = new java.util.LinkedHashMap<>(p.more());
        more.put("peakRssOf", "the server's own process tree (pid " + own.pid() + "), not the JVM that started it");
        more.put("peakRssPid", own.pid());
        more.put("launcherPeakRssBytes", p.peakRssBytes());
        record.process(new ProcessFacts(own.peakRssBytes(), p.wallSeconds(), p.cpuSeconds(), p.exitCode(), p.pid(), p.timedOut(),
                p.cpusAllowed(), p.cpusRequested(), p.disturbance(), more));
    }

    /** What else ran on the machine during the trial's window, in its process block (when a process ran and it was measured). */
    static void disturbance(TrialBuilder record, Disturbance others) {
        ProcessFacts p = record.processFacts();
        if (others != null && !p.none()) {
            record.process(p.withDisturbance(others));
        }
    }

    /** The child's own findings: its JVM's description of itself, and the trial's measurements. */
    static void said(TrialBuilder record, ChildResult child, Trial.Measured measured) {
        if (child != null && child.jvm() != null) {
            record.jvm(child.jvm());
        }
        if (measured != null) {
            record.measured(measured);
        }
    }

    /**
     * What the runner saw of a process from outside; a figure it could not obtain stays {@code null}.
     *
     * @param p {@code null} when no process ran: {@link ProcessFacts#NONE}
     */
    static ProcessFacts processFacts(ProcessOutcome p, String cpusRequested) {
        if (p == null) {
            return ProcessFacts.NONE;
        }
        return new ProcessFacts(p.peakRssBytes(), p.wallSeconds(), p.cpuSeconds(), p.exitCode(), p.pid(), p.timedOut(), p.cpusAllowed(),
                cpusRequested, null, Map.of());
    }

    /** A trial id as a directory name: {@code synthetic/temurin-25/default/fork1} → {@code synthetic_temurin-25_default_fork1}. */
    static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._+-]", "_");
    }

    /**
     * Removes {@code dir} and everything in it, never following a link (a trial's files are written
     * by the JVM under test, which need not be trusted); what cannot be removed is left.
     */
    public static void deleteRecursively(Path dir) {
        SafeTree.delete(dir);
    }
}
