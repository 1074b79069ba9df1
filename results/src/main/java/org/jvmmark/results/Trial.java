package org.jvmmark.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One trial of {@code results.json}: one fork of one workload on one JVM variant. Immutable, hence
 * thread-safe.
 *
 * <p>A trial is four parts, each answering one question: {@link Identity which trial} it is, {@link
 * Outcome how its process ended}, {@link Measured what it measured}, and {@link Provenance what it ran
 * on and with}. Fields of the file this model does not name are kept in {@code more}, so that reading
 * and writing a file loses nothing.
 *
 * @param more fields of the trial this model does not name, kept as plain JSON values
 */
public record Trial(Identity identity, Outcome outcome, Measured measured, Provenance provenance,
                    Map<String, Object> more) {
    public Trial {
        java.util.Objects.requireNonNull(identity, "identity");
        java.util.Objects.requireNonNull(outcome, "outcome");
        measured = measured == null ? Measured.NONE : measured;
        java.util.Objects.requireNonNull(provenance, "provenance");
        more = JsonValues.copy(more);
    }

    /** The trial's id ("queue-latency/temurin-25.0.1/G1/fork1"). */
    public String id() {
        return identity.id();
    }

    /** The workload's name. */
    public String workload() {
        return identity.workload();
    }

    /** Whether the trial ended {@code ok}: only such a trial's figures are shown and ranked. */
    public boolean ok() {
        return outcome.ok();
    }

    /**
     * Whether another process disturbed this fork ({@code process.disturbance.disturbed}): such a trial is kept,
     * marked and with its figures, but it is not evidence; whatever judges forks skips it.
     */
    public boolean disturbed() {
        Disturbance d = outcome.process().disturbance();
        return d != null && d.disturbed();
    }

    /**
     * The cache-line round trip between the two CPUs this fork used, in ns, as the runner's probe observed it
     * beside the fork ({@code machineState}): the mean of the readings before and after when both have it, else
     * the one that has; empty when not observed (one CPU, no probe, a file that predates it). It tells which level
     * the machine was on while the fork ran, observed rather than inferred from the fork's own figures.
     */
    public java.util.OptionalDouble machineRoundTripNs() {
        return outcome.machineState().roundTripNs();
    }

    /**
     * Whether the machine changed while this fork ran: its before and after round trips differ by more than a
     * factor {@link MachineState#CHANGE_FACTOR} (2.75; the javadoc there says why, from the readings seen). False when either reading is
     * missing.
     */
    public boolean machineChangedDuring() {
        return outcome.machineState().changedDuring();
    }

    /** The collector by its flag name: what the JVM reported, else what the variant asked for. */
    public String collector() {
        String reported = provenance.jvm().collector();
        return reported.isEmpty() ? provenance.requestedGc() : reported;
    }

    /** This trial as run on {@code host} (a trial of a result set merged from several machines). */
    public Trial onMachine(String host) {
        return new Trial(identity.onMachine(host), outcome, measured, provenance, more);
    }

    /** This trial with what the instruments attached to its JVM found ({@code --gc-log}, {@code --jfr}, ...). */
    public Trial withInstruments(Instruments found) {
        Provenance p = provenance;
        return new Trial(identity, outcome, measured, new Provenance(p.jvm(), p.jdk(), p.flags(), p.variantJvmArgs(),
                p.requestedGc(), p.profile(), p.started(), p.logs(), p.workloadClass(), p.module(), found), more);
    }

    /**
     * This trial as it is recorded: a trial that is not {@code ok} has no figures. Whatever it measured
     * before failing (a score before its validation failed, say) moves to {@link Outcome#discarded()},
     * kept for diagnosis but out of every table and comparison; its info and warnings stay. (A fork another
     * process disturbed is ok and keeps its figures, marked: {@link #disturbed()}.)
     */
    public Trial withFiguresSetAsideUnlessOk() {
        if (ok()) {
            return this;
        }
        Outcome o = outcome;
        Measured m = measured;
        return new Trial(identity, new Outcome(o.trialStatus(), o.error(), o.process(), o.command(), o.stderrTail(), o.hsErr(),
                new Discarded(m.metrics(), m.latency(), m.series()), o.driver(), o.machineState()),
                new Measured(Map.of(), Map.of(), Map.of(), m.info(), m.infoValues(), m.warnings()), provenance, more);
    }

    /**
     * Which trial this is: the workload, its parameters, the variant and the fork.
     *
     * @param params the parameters as display text, sorted by name
     * @param paramValues the parameters as in the file, in file order (numbers stay numbers)
     * @param workloadVariant the workload's own variant (e.g. "virtual" threads), or null
     * @param fork which fresh JVM of its combination this was, from 1; 0 when not recorded
     * @param machine the host the trial ran on, in a result set merged from several machines
     *     ({@code jvmmark merge}); "" in a result set of one host
     */
    public record Identity(String id, String workload, Map<String, String> params, Map<String, Object> paramValues,
                           String variant, String workloadVariant, int fork, String machine) {
        public Identity {
            java.util.Objects.requireNonNull(id, "id");
            java.util.Objects.requireNonNull(workload, "workload");
            params = Collections.unmodifiableMap(new TreeMap<>(params));
            paramValues = JsonValues.copy(paramValues);
            variant = variant == null ? "" : variant;
            machine = machine == null ? "" : machine;
        }

        /** This identity on {@code machine} (a trial of a result set merged from several hosts). */
        public Identity onMachine(String host) {
            return new Identity(id, workload, params, paramValues, variant, workloadVariant, fork, host);
        }
    }

    /**
     * How the trial's process ended, as the runner watched it from outside.
     *
     * @param trialStatus how it ended
     * @param error one readable line when the status is not ok, else null
     * @param process what the runner saw of the JVM under test ({@link ProcessFacts#NONE} when none ran)
     * @param command the command line of the JVM under test (empty when none ran)
     * @param stderrTail the last lines of its stderr, kept when it did not end ok
     * @param hsErr the path of its crash log, or null
     * @param discarded what a trial that is not ok measured before it failed
     * @param driver the load driver's side of a client/server trial, or null
     * @param machineState the machine as the runner's probe saw it just before and just after the fork
     *     ({@link MachineState#NONE} when not probed)
     */
    public record Outcome(TrialStatus trialStatus, String error, ProcessFacts process, List<String> command,
                          List<String> stderrTail, String hsErr, Discarded discarded, DriverRun driver,
                          MachineState machineState) {
        public Outcome {
            java.util.Objects.requireNonNull(trialStatus, "status");
            process = process == null ? ProcessFacts.NONE : process;
            command = List.copyOf(command);
            stderrTail = List.copyOf(stderrTail);
            discarded = discarded == null ? Discarded.NONE : discarded;
            machineState = machineState == null ? MachineState.NONE : machineState;
        }

        /** An outcome without a machine probe. */
        public Outcome(TrialStatus trialStatus, String error, ProcessFacts process, List<String> command,
                       List<String> stderrTail, String hsErr, Discarded discarded, DriverRun driver) {
            this(trialStatus, error, process, command, stderrTail, hsErr, discarded, driver, MachineState.NONE);
        }

        public boolean ok() {
            return trialStatus == TrialStatus.OK;
        }
    }

    /**
     * What the trial measured and what the workload said of its run.
     *
     * @param metrics scalar results in file order
     * @param latency one block per probe, in file order ({@code endToEnd} first when present)
     * @param series figures measured as the trial went on, by name (empty for most workloads)
     * @param info the workload's and harness's own facts as display text (nested values as compact JSON)
     * @param infoValues {@code info} as in the file (plain JSON values)
     * @param warnings what the workload, the harness or the reader found doubtful, one line each
     */
    public record Measured(Map<String, Metric> metrics, Map<String, Probe> latency, Map<String, Series> series,
                           Map<String, String> info, Map<String, Object> infoValues, List<String> warnings) {
        public static final Measured NONE = new Measured(Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), List.of());

        public Measured {
            metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
            latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
            series = Collections.unmodifiableMap(new LinkedHashMap<>(series));
            info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
            infoValues = JsonValues.copy(infoValues);
            warnings = List.copyOf(warnings);
        }

        /** What the harness recorded of the trial's CPUs ({@code info.harness.cpus}), typed. */
        public HarnessInfo harness() {
            return HarnessInfo.of(infoValues);
        }
    }

    /**
     * What the trial ran on and with: the JVM, its flags, the profile, when, where its logs are, and what
     * the opt-in instruments found.
     *
     * @param jvm what the JVM under test said of itself (else what the runner knew of the JDK)
     * @param jdk the JDK as the runner chose it, or null
     * @param flags the variant's own JVM flags (what distinguishes this variant; not the runner's plumbing):
     *     {@code variantJvmArgs} when recorded, else the tuning flags the JVM received
     * @param variantJvmArgs the flags the variant added, as recorded, or null in files that predate them
     * @param requestedGc the collector the variant asked for, or "" when it left the JVM's default
     * @param profile the profile the trial ran with, or null
     * @param started ISO-8601 instant the trial started, or null
     * @param logs the trial's log directory, relative to the results directory, or null
     * @param workloadClass the workload's class name, or null
     * @param module the workload's module (its directory under the distribution), or null
     * @param instruments what the opt-in instruments found ({@link Instruments#NONE} if nothing)
     */
    public record Provenance(JvmInfo jvm, PlannedJdk jdk, List<String> flags, List<String> variantJvmArgs,
                             String requestedGc, String profile, String started, String logs, String workloadClass,
                             String module, Instruments instruments) {
        public Provenance {
            java.util.Objects.requireNonNull(jvm, "jvm");
            variantJvmArgs = variantJvmArgs == null ? null : List.copyOf(variantJvmArgs);
            flags = flags == null ? (variantJvmArgs != null ? variantJvmArgs : jvm.tuningFlags()) : List.copyOf(flags);
            requestedGc = requestedGc == null ? "" : requestedGc;
            instruments = instruments == null ? Instruments.NONE : instruments;
        }
    }
}
