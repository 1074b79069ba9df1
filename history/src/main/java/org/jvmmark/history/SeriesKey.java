package org.jvmmark.history;

import java.util.Map;
import java.util.stream.Collectors;

import org.jvmmark.results.Trial;

/**
 * What makes one series: machine, workload, parameters, JVM (vendor and version), variant (its name,
 * collector and flags), probe and figure. Runs from different hosts never mix because the machine is
 * part of the key. Immutable, hence thread-safe.
 *
 * @param probe the latency probe ("endToEnd"), or "" for a scalar metric
 * @param figure the metric's name, or the percentile ("p50", "p99.9", "max")
 */
public record SeriesKey(String machine, String workload, String params, String jvm, String variant, String probe, String figure) {

    /** The key as one line: {@code machine | workload{k=v,...} | jvm | variant | probe figure}. */
    public String text() {
        return machine + " | " + workload + (params.isEmpty() ? "" : "{" + params + "}") + " | " + jvm + " | " + variant
                + " | " + (probe.isEmpty() ? "" : probe + " ") + figure;
    }

    static SeriesKey of(String machine, Trial t, String probe, String figure) {
        return new SeriesKey(machine, t.workload(), params(t.identity().params()), t.provenance().jvm().label(), variant(t), probe, figure);
    }

    /** Parameters sorted by name, {@code k=v} joined by commas. */
    static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    /** The variant's name, then the collector and flags where they say more than the name. */
    static String variant(Trial t) {
        StringBuilder s = new StringBuilder(t.identity().variant());
        String gc = t.collector();
        if (!gc.isEmpty() && !t.identity().variant().contains(gc)) {
            s.append(" [").append(gc).append(']');
        }
        if (!t.provenance().flags().isEmpty()) {
            s.append(' ').append(String.join(" ", t.provenance().flags()));
        }
        if (t.identity().workloadVariant() != null && !t.identity().variant().contains(t.identity().workloadVariant())) {
            s.append(" (").append(t.identity().workloadVariant()).append(')');
        }
        return s.toString();
    }
}
