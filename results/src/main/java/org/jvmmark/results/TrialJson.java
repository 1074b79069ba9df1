package org.jvmmark.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.util.StdConverter;

/**
 * One trial as {@code results.json} lays it out: one flat object, its fields in this order, where the model
 * ({@link Trial}) groups them in four parts. This record is where the trial's field names are written, once;
 * {@link #of(Trial)} and {@link #trial()} move between the two shapes, applying the file's rules (what is left
 * out when empty, what a file that predates a field reads as). A forked JVM's own result file
 * ({@code jvmmark/trial-result/1}) has the same fields, fewer of them, and is read with it too
 * ({@link #child()}). Immutable, hence thread-safe.
 *
 * @param jvm what the JVM said of itself; a trial whose JVM never ran has only the runner's {@code jdk}
 * @param gc the collector the variant asked for, or null for the JVM's default
 * @param fork null when not recorded
 * @param metrics null when not written: a trial that is not ok and measured nothing
 * @param instruments the block as in the file (its instruments' summaries are kept by path, see
 *     {@link InstrumentsJson})
 * @param machineState the runner's machine probe before and after the fork, or null when none ran (the key is not
 *     {@code machine}: that names the host in a merged result set)
 * @param more the fields this model does not name, in file order
 */
record TrialJson(String id, String workload, @JsonInclude(Include.NON_EMPTY) String machine,
                 @JsonInclude(Include.NON_NULL) String workloadClass, @JsonInclude(Include.NON_NULL) String module,
                 Map<String, Object> params, String variant, String gc, String workloadVariant,
                 @JsonInclude(Include.NON_NULL) List<String> variantJvmArgs, @JsonInclude(Include.NON_NULL) Integer fork,
                 @JsonInclude(Include.NON_NULL) String profile, @JsonInclude(Include.NON_NULL) String started,
                 @JsonInclude(Include.NON_NULL) PlannedJdk jdk, JvmInfo jvm, String status, String error,
                 @JsonInclude(Include.NON_NULL) String logs,
                 @JsonSerialize(converter = ProcessFacts.AsWritten.class) ProcessFacts process,
                 @JsonInclude(Include.NON_EMPTY) List<String> command, @JsonInclude(Include.NON_EMPTY) List<String> stderrTail,
                 @JsonInclude(Include.NON_NULL) String hsErr, @JsonInclude(Include.NON_NULL) Map<String, Metric> metrics,
                 @JsonInclude(Include.NON_NULL) Map<String, Probe> latency,
                 @JsonInclude(Include.NON_EMPTY) Map<String, Series> series,
                 @JsonInclude(Include.NON_NULL) Map<String, Object> info, @JsonInclude(Include.NON_NULL) List<String> warnings,
                 @JsonInclude(Include.NON_NULL) Discarded discarded, @JsonInclude(Include.NON_NULL) DriverRun driver,
                 @JsonInclude(Include.NON_NULL) MachineState machineState,
                 @JsonInclude(Include.NON_NULL) JsonNode instruments,
                 @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {

    /** The file's shape of {@code t}. */
    static TrialJson of(Trial t) {
        Trial.Identity id = t.identity();
        Trial.Outcome out = t.outcome();
        Trial.Measured m = t.measured();
        Trial.Provenance p = t.provenance();
        // A JVM that ran reports these blocks even when empty; the file keeps that shape.
        boolean ran = !out.command().isEmpty();
        return new TrialJson(t.id(), t.workload(), id.machine(), p.workloadClass(), p.module(),
                id.paramValues().isEmpty() ? new java.util.LinkedHashMap<>(id.params()) : id.paramValues(), id.variant(),
                p.requestedGc().isEmpty() ? null : p.requestedGc(), id.workloadVariant(), p.variantJvmArgs(),
                id.fork() > 0 ? id.fork() : null, p.profile(), p.started(), p.jdk(), p.jvm(), out.trialStatus().json(),
                out.error(), p.logs(), out.process(), out.command(), out.stderrTail(), out.hsErr(),
                !m.metrics().isEmpty() || t.ok() ? m.metrics() : null, !m.latency().isEmpty() || t.ok() ? m.latency() : null,
                m.series(), !m.infoValues().isEmpty() || ran ? m.infoValues() : null,
                !m.warnings().isEmpty() || ran ? m.warnings() : null, out.discarded().isEmpty() ? null : out.discarded(),
                out.driver(), out.machineState().isEmpty() ? null : out.machineState(), p.instruments().isEmpty() ? null : InstrumentsJson.write(p.instruments()), t.more());
    }

    /**
     * The trial this record holds: metrics without a finite value (or a negative size) left out with a warning,
     * histograms decoded, and what an older file lacks filled in.
     *
     * @throws IllegalArgumentException when it lacks a workload, has an unknown status or a corrupt histogram
     */
    Trial trial() {
        if (workload == null || workload.isEmpty()) {
            throw new IllegalArgumentException("missing 'workload'");
        }
        String name = id == null ? "" : id;
        String origin = "trial " + (id == null ? "(no id)" : id);
        JvmInfo ran = jvm != null ? jvm : jdk != null ? ResultsMapper.read(ResultsMapper.tree(jdk), JvmInfo.class)
                : ResultsMapper.read(null, JvmInfo.class);
        List<String> warned = new ArrayList<>(warnings == null ? List.of() : warnings);
        Map<String, Object> paramValues = params == null ? Map.of() : params;
        Map<String, Object> infoValues = info == null ? Map.of() : info;
        Discarded d = discarded == null ? Discarded.NONE : discarded;
        Trial.Identity identity = new Trial.Identity(name, workload, JsonValues.strings(paramValues), paramValues, variant,
                workloadVariant, fork == null ? 0 : fork, machine);
        Trial.Outcome outcome = new Trial.Outcome(TrialStatus.of(status == null ? "" : status), error, process,
                list(command), list(stderrTail), hsErr, new Discarded(d.metrics(), Probe.decoded(d.latency(), origin + " discarded"),
                d.series()), driver, machineState);
        Trial.Measured measured = new Trial.Measured(Metric.usable(metrics, warned), Probe.decoded(latency, origin),
                Series.checked(series), JsonValues.strings(infoValues), infoValues, warned);
        Trial.Provenance provenance = new Trial.Provenance(ran, jdk, null, variantJvmArgs, gc, profile, started, logs,
                workloadClass, module, InstrumentsJson.read(instruments));
        return new Trial(identity, outcome, measured, provenance, more);
    }

    /**
     * What a forked JVM said of its own trial, its file read with this record: its status and error as it said
     * them (no status: {@code failed}), its JVM, and its measurements under the rules of {@link #trial()}.
     */
    ChildResult child() {
        List<String> warned = new ArrayList<>(warnings == null ? List.of() : warnings);
        Map<String, Object> infoValues = info == null ? Map.of() : info;
        Trial.Measured measured = new Trial.Measured(Metric.usable(metrics, warned), Probe.decoded(latency, "result"),
                Series.checked(series), JsonValues.strings(infoValues), infoValues, warned);
        return new ChildResult(status == null ? TrialStatus.FAILED.json() : status, error, jvm, measured);
    }

    private static List<String> list(List<String> l) {
        return l == null ? List.of() : l;
    }

    /** A {@link Trial} is written in the file's shape. */
    static final class FromTrial extends StdConverter<Trial, TrialJson> {
        @Override
        public TrialJson convert(Trial t) {
            return of(t);
        }
    }
}
