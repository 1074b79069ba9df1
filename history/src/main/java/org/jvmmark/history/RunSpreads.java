package org.jvmmark.history;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.report.judge.Stats;

/**
 * This host's run-to-run spread per figure, measured from the history's earlier runs (the judge's DESIGN.md §4): what
 * {@code compare} of one run a side needs and cannot measure itself. For each series of the machine with
 * {@value #MIN_RUNS} runs or more of 2 forks or more, the variance of its run centres (mean log fork value) beyond what
 * its forks' noise explains, σ²<sub>run</sub> = max(0, Var(centre) − mean(s²<sub>fork</sub>/n)); the series of one
 * workload and figure (every JVM and variant) pooled by their degrees of freedom. Stateless; thread-safe.
 */
public final class RunSpreads {
    /** Fewest runs of a series for its spread to count. */
    public static final int MIN_RUNS = 3;

    private RunSpreads() {
    }

    /** The key a spread is stored under: "queue-latency|endToEnd p50". */
    public static String key(String workload, String figureName) {
        return workload + "|" + figureName;
    }

    /** Per {@link #key}, the spread measured on {@code machine}; figures with too few runs are absent. */
    public static Map<String, RunSpread> of(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                                            String machine) {
        Map<String, double[]> sums = new HashMap<>();
        for (HistoryStore.StoredSeries s : series) {
            if (!s.key().machine().equals(machine)) {
                continue;
            }
            List<double[]> runs = points.getOrDefault(s.id(), List.of()).stream().map(HistoryStore.Point::forkValues)
                    .filter(f -> f.length >= 2 && java.util.Arrays.stream(f).allMatch(v -> v > 0)).toList();
            if (runs.size() < MIN_RUNS) {
                continue;
            }
            double[] centres = new double[runs.size()];
            double within = 0;
            for (int k = 0; k < runs.size(); k++) {
                double[] logs = java.util.Arrays.stream(runs.get(k)).map(Math::log).toArray();
                centres[k] = Stats.mean(logs);
                within += Stats.variance(logs) / logs.length;
            }
            double excess = Math.max(0, Stats.variance(centres) - within / runs.size());
            double[] sum = sums.computeIfAbsent(key(s.key().workload(), s.key().figureName()), k -> new double[2]);
            sum[0] += excess * (runs.size() - 1);
            sum[1] += runs.size() - 1;
        }
        Map<String, RunSpread> out = new HashMap<>();
        sums.forEach((k, v) -> out.put(k, RunSpread.stored(Math.sqrt(v[0] / v[1]), v[1]))); // df Σ(runs − 1)
        return out;
    }
}
