package org.jvmmark.history;

import org.jvmmark.report.model.Percentiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jvmmark.results.Trial;
import org.jvmmark.report.words.Words;

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

    /** The figure as people name it: "endToEnd p50", "score". */
    public String figureName() {
        if (!probe.isEmpty()) {
            return Percentiles.figureKey(probe, Percentiles.key(figure));
        }
        return figure;
    }

    /**
     * The figure as the report names it: "p50 latency", "p99 latency of append", "worst latency", "server RSS per
     * held request" — one name for a figure in the report, {@code compare} and the history.
     */
    public String readableName() {
        return Words.label(figureName());
    }

    /**
     * The order figures are listed in: metrics first (the counts of what went wrong or was held — errors,
     * unfinished requests, connections — after the rest), then each probe's percentiles in order: p50, p90,
     * p99, p99.9, max.
     */
    public static String figureOrder(SeriesKey k) {
        if (k.probe().isEmpty()) {
            boolean count = k.figure().matches("errors|.*(Unfinished|Requests|Connections)");
            return (count ? "2 " : "0 ") + k.figure();
        }
        int rank = List.of("p50", "p90", "p99", "p99.9", "max").indexOf(k.figure());
        return "1 " + k.probe() + " " + (rank < 0 ? 9 : rank) + " " + k.figure();
    }

    /** Each parameter of the {@code k=v,…} strings {@code all}, with the values it takes across them, in order of appearance. */
    static Map<String, Set<String>> paramValues(Set<String> all) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (String p : all) {
            for (String kv : p.split(",")) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    values.computeIfAbsent(kv.substring(0, eq), x -> new LinkedHashSet<>()).add(kv.substring(eq + 1));
                }
            }
        }
        return values;
    }

    /**
     * Of {@code params} ("k=v,k2=v2"), only the pairs whose value differs somewhere in {@code all} (the
     * parameter strings of one workload's series), joined by spaces: what tells this series apart from
     * its workload's others, leaving out empty values. "" when nothing differs.
     */
    public static String varyingParams(String params, Set<String> all) {
        if (all == null || all.size() < 2) {
            return "";
        }
        return varyingParams(params, paramValues(all));
    }

    /** As {@link #varyingParams(String, Set)}, with the values each parameter takes already worked out ({@link #paramValues}). */
    static String varyingParams(String params, Map<String, Set<String>> values) {
        if (params.isEmpty()) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (String kv : params.split(",")) {
            int eq = kv.indexOf('=');
            // An empty value says nothing a reader can use ("app= appArgs= sleepUrl=" ran a line past 400 characters).
            if (eq > 0 && eq < kv.length() - 1 && values.getOrDefault(kv.substring(0, eq), Set.of()).size() > 1) {
                out.add(kv);
            }
        }
        return String.join(" ", out);
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
