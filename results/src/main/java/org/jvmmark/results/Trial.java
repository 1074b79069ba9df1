package org.jvmmark.results;

import java.util.List;
import java.util.Map;

/**
 * One trial of {@code results.json}: one fork of one workload on one JVM variant. Immutable, hence
 * thread-safe.
 *
 * @param status ok, failed, unsupported or timeout
 * @param error one readable line when the status is not ok, else null
 * @param metrics scalar results in file order
 * @param latency one block per probe, in file order ({@code endToEnd} first when present)
 * @param flags the variant's own JVM flags (what distinguishes this variant; not the runner's plumbing)
 * @param requestedGc the collector the variant asked for, or "" when it left the JVM's default
 * @param series figures measured as the trial went on, by name (empty for most workloads)
 * @param machine the host the trial ran on, in a result set merged from several machines
 *                ({@code jvmmark merge}); "" in a result set of one host
 * @param instruments what the opt-in instruments found and the worst samples fell inside ({@link Instruments#NONE} if nothing)
 */
public record Trial(String id, String workload, Map<String, String> params, JvmInfo jvm, String variant,
                    String status, String error, ProcessFacts process, Map<String, Metric> metrics,
                    Map<String, Probe> latency, Map<String, String> info, List<String> warnings, List<String> flags,
                    String requestedGc, Map<String, Series> series, String machine, Instruments instruments) {

    /** A trial without an {@code instruments} block. */
    public Trial(String id, String workload, Map<String, String> params, JvmInfo jvm, String variant,
                 String status, String error, ProcessFacts process, Map<String, Metric> metrics,
                 Map<String, Probe> latency, Map<String, String> info, List<String> warnings, List<String> flags,
                 String requestedGc, Map<String, Series> series, String machine) {
        this(id, workload, params, jvm, variant, status, error, process, metrics, latency, info, warnings, flags, requestedGc,
                series, machine, Instruments.NONE);
    }

    public Trial {
        machine = machine == null ? "" : machine;
        flags = List.copyOf(flags);
        params = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params));
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        latency = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latency));
        info = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(info));
        warnings = List.copyOf(warnings);
        series = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(series));
        instruments = instruments == null ? Instruments.NONE : instruments;
    }

    /** A trial of a single-host result set. */
    public Trial(String id, String workload, Map<String, String> params, JvmInfo jvm, String variant, String status,
                 String error, ProcessFacts process, Map<String, Metric> metrics, Map<String, Probe> latency,
                 Map<String, String> info, List<String> warnings, List<String> flags, String requestedGc,
                 Map<String, Series> series) {
        this(id, workload, params, jvm, variant, status, error, process, metrics, latency, info, warnings, flags, requestedGc,
                series, "");
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
