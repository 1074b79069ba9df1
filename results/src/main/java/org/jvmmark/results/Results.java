package org.jvmmark.results;

import java.util.List;
import java.util.Map;

/**
 * One {@code results.json}: the host, the profile and every trial, in file order. Immutable, hence
 * thread-safe.
 *
 * @param created ISO-8601 instant the run started
 * @param finished ISO-8601 instant the run ended, or null when the runner did not record it
 * @param host the host's facts, in file order, as display strings (cpuModel, cpus, kernel, ...)
 */
public record Results(String schema, String created, String finished, String profile, Map<String, String> host,
                      List<Trial> trials) {
    public static final String SCHEMA = "jvmmark/results/1";

    public Results {
        host = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(host));
        trials = List.copyOf(trials);
    }

    /** The number of CPUs the host reported, or 0 when unknown. */
    public int cpus() {
        try {
            return Integer.parseInt(host.getOrDefault("cpus", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Sum of the trials' wall times: how long the measuring took, without the runner's own work. */
    public double trialSeconds() {
        return trials.stream().mapToDouble(t -> t.process().wallSeconds()).sum();
    }
}
