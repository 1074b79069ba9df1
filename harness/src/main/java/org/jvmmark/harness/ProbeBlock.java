package org.jvmmark.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * A probe's {@code latency} block of a trial's result file, laid out in one place for every child-side writer:
 * the harness's own blocks ({@code LatencyBlock}), and the workloads that measure outside the harness (chat's
 * deliveries, the http driver's requests). The host reads it as {@code org.jvmmark.results.Probe}; a writer adds
 * what only it knows (variation, CPUs, jitter, worst samples) to the map returned. Child-side code: plain maps, no
 * JSON library. Stateless and thread-safe.
 */
public final class ProbeBlock {
    private ProbeBlock() {
    }

    /**
     * A block from its two histograms: count and percentiles from {@code corrected}, the uncorrected percentiles
     * and histogram from {@code uncorrected}.
     *
     * @param targetRate the schedule's rate per second, null for a closed loop
     * @param arrivals how requests were scheduled ("fixed", "poisson", "closed-loop")
     * @param runs each run's summary ({@link #run}), in order
     */
    public static Map<String, Object> of(boolean coCorrected, Double targetRate, double achievedRate, boolean fellBehind,
                                         String arrivals, Histogram corrected, Histogram uncorrected, List<?> runs) {
        return of(corrected.getTotalCount(), coCorrected, targetRate, achievedRate, fellBehind, arrivals,
                Percentiles.of(corrected), Percentiles.of(uncorrected), uncorrected, runs, corrected);
    }

    /** A block whose percentiles the writer computed itself (the harness, over its measured runs). */
    static Map<String, Object> of(long count, boolean coCorrected, Double targetRate, double achievedRate, boolean fellBehind,
                                  String arrivals, Map<String, ?> percentiles, Map<String, ?> uncorrectedPercentiles,
                                  Histogram uncorrected, List<?> runs, Histogram corrected) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unit", "ns");
        m.put("count", count);
        m.put("coCorrected", coCorrected);
        m.put("targetRate", targetRate);
        m.put("achievedRate", achievedRate);
        m.put("fellBehind", fellBehind);
        m.put("arrivals", arrivals);
        m.put("percentiles", percentiles);
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("percentiles", uncorrectedPercentiles);
        raw.put("histogram", Histograms.encode(uncorrected));
        m.put("uncorrected", raw);
        m.put("runs", runs);
        m.put("histogram", Histograms.encode(corrected));
        return m;
    }

    /**
     * One run's summary.
     *
     * @param fellBehind null when the writer does not judge runs one by one
     */
    public static Map<String, Object> run(int run, Histogram corrected, double achievedRate, Boolean fellBehind,
                                          long durationNanos) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run", run);
        m.put("count", corrected.getTotalCount());
        m.put("percentiles", Percentiles.of(corrected));
        m.put("achievedRate", achievedRate);
        if (fellBehind != null) {
            m.put("fellBehind", fellBehind);
        }
        m.put("durationNanos", durationNanos);
        return m;
    }
}
