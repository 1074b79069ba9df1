package org.jvmmark.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Trial} in code, part by part, as the runner learns it: identity when it plans the
 * trial, provenance when it chooses the JDK and flags, the outcome when the process has ended, the
 * measurements when the child's result has been read. Each setter replaces what was set before; {@link
 * #build()} makes the immutable trial and may be called again after further changes.
 *
 * <p>What a file would have normalised is normalised here the same way (it is the same code as {@link
 * ResultsReader}'s): a metric without a finite value, or a negative size, is left out with a warning;
 * the variant's flags are the recorded {@code variantJvmArgs}, else the JVM's tuning flags; a trial
 * built here and written reads back equal.
 *
 * <p>Not thread-safe: one builder belongs to the thread that runs its trial.
 */
public final class TrialBuilder {
    private String id;
    private String workload;
    private Map<String, Object> params = new LinkedHashMap<>();
    private String variant = "";
    private String workloadVariant;
    private int fork;
    private String machine = "";

    private TrialStatus status;
    private String error;
    private ProcessFacts process = ProcessFacts.NONE;
    private List<String> command = List.of();
    private List<String> stderrTail = List.of();
    private String hsErr;
    private Discarded discarded = Discarded.NONE;
    private DriverRun driver;
    private MachineState machineState = MachineState.NONE;

    private Map<String, Metric> metrics = new LinkedHashMap<>();
    private Map<String, Probe> latency = new LinkedHashMap<>();
    private Map<String, Series> series = new LinkedHashMap<>();
    private Map<String, Object> info = new LinkedHashMap<>();
    private List<String> warnings = new ArrayList<>();

    private JvmInfo jvm;
    private PlannedJdk jdk;
    private List<String> flags;
    private List<String> variantJvmArgs;
    private String requestedGc = "";
    private String profile;
    private String started;
    private String logs;
    private String workloadClass;
    private String module;
    private Instruments instruments = Instruments.NONE;
    private Map<String, Object> more = new LinkedHashMap<>();

    /** A builder for the trial {@code id} of {@code workload}. */
    public TrialBuilder(String id, String workload) {
        this.id = id;
        this.workload = workload;
    }

    /** A builder that starts from everything {@code t} says (to change a part of it). */
    public static TrialBuilder from(Trial t) {
        Trial.Identity i = t.identity();
        Trial.Outcome o = t.outcome();
        Trial.Measured m = t.measured();
        Trial.Provenance p = t.provenance();
        TrialBuilder b = new TrialBuilder(i.id(), i.workload());
        b.params = new LinkedHashMap<>(i.paramValues().isEmpty() ? i.params() : i.paramValues());
        b.variant = i.variant();
        b.workloadVariant = i.workloadVariant();
        b.fork = i.fork();
        b.machine = i.machine();
        b.status = o.trialStatus();
        b.error = o.error();
        b.process = o.process();
        b.command = o.command();
        b.stderrTail = o.stderrTail();
        b.hsErr = o.hsErr();
        b.discarded = o.discarded();
        b.driver = o.driver();
        b.machineState = o.machineState();
        b.metrics = new LinkedHashMap<>(m.metrics());
        b.latency = new LinkedHashMap<>(m.latency());
        b.series = new LinkedHashMap<>(m.series());
        b.info = new LinkedHashMap<>(m.infoValues().isEmpty() ? m.info() : m.infoValues());
        b.warnings = new ArrayList<>(m.warnings());
        b.jvm = p.jvm();
        b.jdk = p.jdk();
        b.flags = p.variantJvmArgs() == null ? p.flags() : null;
        b.variantJvmArgs = p.variantJvmArgs();
        b.requestedGc = p.requestedGc();
        b.profile = p.profile();
        b.started = p.started();
        b.logs = p.logs();
        b.workloadClass = p.workloadClass();
        b.module = p.module();
        b.instruments = p.instruments();
        b.more = new LinkedHashMap<>(t.more());
        return b;
    }

    // identity

    /** The parameters as the file keeps them (numbers stay numbers), in the workload's order. */
    public TrialBuilder params(Map<String, ?> values) {
        this.params = new LinkedHashMap<>(values);
        return this;
    }

    public TrialBuilder variant(String name) {
        this.variant = name;
        return this;
    }

    /** The workload's own variant ("virtual" threads), or null. */
    public TrialBuilder workloadVariant(String name) {
        this.workloadVariant = name;
        return this;
    }

    /** Which fresh JVM of its combination this is, from 1. */
    public TrialBuilder fork(int n) {
        this.fork = n;
        return this;
    }

    public TrialBuilder machine(String host) {
        this.machine = host;
        return this;
    }

    // outcome

    /** How the trial ended and, when not ok, one readable line. */
    public TrialBuilder status(TrialStatus value, String errorLine) {
        this.status = value;
        this.error = errorLine;
        return this;
    }

    /**
     * As {@link #status(TrialStatus, String)}, from the word a file writes.
     *
     * @throws IllegalArgumentException for a word that is not a {@link TrialStatus}
     */
    public TrialBuilder status(String value, String errorLine) {
        return status(TrialStatus.of(value), errorLine);
    }

    public TrialBuilder process(ProcessFacts facts) {
        this.process = facts;
        return this;
    }

    /** What was set of the process so far ({@link ProcessFacts#NONE} until then), to amend without building the trial. */
    public ProcessFacts processFacts() {
        return process;
    }

    /** The command line of the JVM under test. */
    public TrialBuilder command(List<String> line) {
        this.command = List.copyOf(line);
        return this;
    }

    public TrialBuilder stderrTail(List<String> lines) {
        this.stderrTail = List.copyOf(lines);
        return this;
    }

    public TrialBuilder hsErr(String path) {
        this.hsErr = path;
        return this;
    }

    public TrialBuilder discarded(Discarded what) {
        this.discarded = what;
        return this;
    }

    public TrialBuilder driver(DriverRun run) {
        this.driver = run;
        return this;
    }

    /** The machine as the probe saw it before and after the fork ({@link MachineState#NONE} when not probed). */
    public TrialBuilder machineState(MachineState state) {
        this.machineState = state == null ? MachineState.NONE : state;
        return this;
    }

    // measurements

    /** Adds a metric; one without a finite value, or a negative size, is left out with a warning. */
    public TrialBuilder metric(String name, Metric m) {
        if (Metric.usable(name, m, warnings)) {
            metrics.put(name, m);
        }
        return this;
    }

    /** Replaces the measurements with {@code m}'s (normalised as {@link #metric} does). */
    public TrialBuilder measured(Trial.Measured m) {
        metrics = new LinkedHashMap<>();
        warnings = new ArrayList<>(m.warnings());
        m.metrics().forEach(this::metric);
        latency = new LinkedHashMap<>(m.latency());
        series = new LinkedHashMap<>(m.series());
        info = new LinkedHashMap<>(m.infoValues().isEmpty() ? m.info() : m.infoValues());
        return this;
    }

    public TrialBuilder probe(String name, Probe p) {
        latency.put(name, p);
        return this;
    }

    public TrialBuilder series(String name, Series s) {
        series.put(name, s);
        return this;
    }

    /** One of the workload's own facts, as a plain JSON value. */
    public TrialBuilder info(String key, Object value) {
        info.put(key, value);
        return this;
    }

    public TrialBuilder warning(String line) {
        warnings.add(line);
        return this;
    }

    // provenance

    public TrialBuilder jvm(JvmInfo info) {
        this.jvm = info;
        return this;
    }

    public TrialBuilder jdk(PlannedJdk chosen) {
        this.jdk = chosen;
        return this;
    }

    /** The flags the variant added (recorded as {@code variantJvmArgs}). */
    public TrialBuilder variantJvmArgs(List<String> args) {
        this.variantJvmArgs = args == null ? null : List.copyOf(args);
        return this;
    }

    /** The collector the variant asked for (its flag name, "G1"), or "" for the JVM's default. */
    public TrialBuilder requestedGc(String gc) {
        this.requestedGc = gc == null ? "" : gc;
        return this;
    }

    public TrialBuilder profile(String name) {
        this.profile = name;
        return this;
    }

    /** ISO-8601 instant the trial started. */
    public TrialBuilder started(String instant) {
        this.started = instant;
        return this;
    }

    /** The trial's log directory, relative to the results directory. */
    public TrialBuilder logs(String dir) {
        this.logs = dir;
        return this;
    }

    public TrialBuilder workloadClass(String className, String moduleName) {
        this.workloadClass = className;
        this.module = moduleName;
        return this;
    }

    /** What the runner's instruments found on this trial ({@link Instruments#NONE} when nothing). */
    public TrialBuilder instruments(Instruments found) {
        this.instruments = found;
        return this;
    }

    /** A field this model does not name, kept as a plain JSON value. */
    public TrialBuilder more(String key, Object value) {
        more.put(key, value);
        return this;
    }

    /**
     * The trial as set so far.
     *
     * @throws IllegalArgumentException when the workload or the status is missing
     * @throws NullPointerException when no JVM (nor JDK) was set
     */
    public Trial build() {
        if (workload == null || workload.isEmpty()) {
            throw new IllegalArgumentException("missing 'workload'");
        }
        if (status == null) {
            throw new IllegalArgumentException("missing 'status'");
        }
        JvmInfo j = jvm != null ? jvm : jdk == null ? null
                : new JvmInfo(jdk.home(), jdk.version(), jdk.feature(), jdk.vendor(), "", List.of(), List.of());
        java.util.Objects.requireNonNull(j, "the trial's JVM (or JDK)");
        Trial.Identity identity = new Trial.Identity(id, workload, JsonValues.strings(params), params, variant,
                workloadVariant, fork, machine);
        Trial.Outcome outcome = new Trial.Outcome(status, error, process, command, stderrTail, hsErr,
                discarded, driver, machineState);
        Trial.Measured measured = new Trial.Measured(metrics, latency, series, JsonValues.strings(info), info, warnings);
        Trial.Provenance provenance = new Trial.Provenance(j, jdk, variantJvmArgs != null ? null : flags, variantJvmArgs,
                requestedGc, profile, started, logs, workloadClass, module, instruments);
        return new Trial(identity, outcome, measured, provenance, more);
    }

    /** The variant's flags when no {@code variantJvmArgs} are recorded (a file that predates them). */
    public TrialBuilder flags(List<String> tuning) {
        this.flags = tuning == null ? null : List.copyOf(tuning);
        return this;
    }
}
