package org.jvmmark.results;

import java.util.List;
import java.util.Map;

/**
 * One trial of {@code results.json}: one fork of one workload on one JVM variant. Immutable, hence
 * thread-safe.
 *
 * <p>The first components are what the report works from; the rest complete the record so that
 * reading and writing a file loses nothing.
 *
 * @param params the parameters as display text, sorted by name
 * @param status ok, failed, unsupported or timeout
 * @param error one readable line when the status is not ok, else null
 * @param metrics scalar results in file order
 * @param latency one block per probe, in file order ({@code endToEnd} first when present)
 * @param info the workload's and harness's own facts as display text (nested values as compact JSON)
 * @param flags the variant's own JVM flags (what distinguishes this variant; not the runner's plumbing):
 *     {@code variantJvmArgs} when recorded, else the tuning flags the JVM received
 * @param requestedGc the collector the variant asked for, or "" when it left the JVM's default
 * @param series figures measured as the trial went on, by name (empty for most workloads)
 * @param workloadClass the workload's class name, or null
 * @param module the workload's module (its directory under the distribution), or null
 * @param paramValues the parameters as in the file, in file order (numbers stay numbers)
 * @param workloadVariant the workload's own variant (e.g. "virtual" threads), or null
 * @param variantJvmArgs the flags the variant added, as recorded, or null in files that predate them
 * @param fork which fresh JVM of its combination this was, from 1; 0 when not recorded
 * @param profile the profile the trial ran with, or null
 * @param started ISO-8601 instant the trial started, or null
 * @param jdk the JDK as the runner chose it, or null
 * @param logs the trial's log directory, relative to the results directory, or null
 * @param command the command line of the JVM under test (empty when none ran)
 * @param stderrTail the last lines of its stderr, kept when it did not end ok
 * @param hsErr the path of its crash log, or null
 * @param discarded what a trial that is not ok measured before it failed
 * @param infoValues {@code info} as in the file (plain JSON values)
 * @param driver the load driver's side of a client/server trial, or null
 * @param more fields this model does not name, kept as plain JSON values
 * @param machine the host the trial ran on, in a result set merged from several machines
 *                ({@code jvmmark merge}); "" in a result set of one host
 * @param instruments what the opt-in instruments found and the worst samples fell inside ({@link Instruments#NONE} if nothing)
 */
public record Trial(String id, String workload, Map<String, String> params, JvmInfo jvm, String variant,
                    String status, String error, ProcessFacts process, Map<String, Metric> metrics,
                    Map<String, Probe> latency, Map<String, String> info, List<String> warnings, List<String> flags,
                    String requestedGc, Map<String, Series> series, String machine, Instruments instruments,
                    String workloadClass, String module, Map<String, Object> paramValues, String workloadVariant,
                    List<String> variantJvmArgs, int fork, String profile, String started, PlannedJdk jdk, String logs,
                    List<String> command, List<String> stderrTail, String hsErr, Discarded discarded,
                    Map<String, Object> infoValues, DriverRun driver, Map<String, Object> more) {
    public static final List<String> STATUSES = List.of("ok", "failed", "unsupported", "timeout");

    public Trial {
        machine = machine == null ? "" : machine;
        flags = List.copyOf(flags);
        params = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params));
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        latency = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latency));
        info = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(info));
        warnings = List.copyOf(warnings);
        series = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(series));
        paramValues = JsonValues.copy(paramValues);
        variantJvmArgs = variantJvmArgs == null ? null : List.copyOf(variantJvmArgs);
        command = List.copyOf(command);
        stderrTail = List.copyOf(stderrTail);
        discarded = discarded == null ? Discarded.NONE : discarded;
        infoValues = JsonValues.copy(infoValues);
        more = JsonValues.copy(more);
        instruments = instruments == null ? Instruments.NONE : instruments;
    }

    /** A trial of a single-host result set. */
    public Trial(String id, String workload, Map<String, String> params, JvmInfo jvm, String variant, String status,
                 String error, ProcessFacts process, Map<String, Metric> metrics, Map<String, Probe> latency,
                 Map<String, String> info, List<String> warnings, List<String> flags, String requestedGc,
                 Map<String, Series> series) {
        this(id, workload, params, jvm, variant, status, error, process, metrics, latency, info, warnings, flags, requestedGc,
                series, "", Instruments.NONE, null, null, Map.of(), null, null, 0, null, null, null, null, List.of(), List.of(), null,
                Discarded.NONE, Map.of(), null, Map.of());
    }

    /** The collector by its flag name: what the JVM reported, else what the variant asked for. */
    public String collector() {
        String reported = jvm.collector();
        return reported.isEmpty() ? requestedGc : reported;
    }

    public boolean ok() {
        return "ok".equals(status);
    }
}
