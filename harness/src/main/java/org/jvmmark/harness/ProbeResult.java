package org.jvmmark.harness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One probe's figures over all measured runs: the runs themselves, the merged histogram and the
 * run-to-run variation of each percentile. Immutable.
 */
public final class ProbeResult {
    private final String name;
    private final boolean coCorrected;
    private final List<RunResult> runs;
    private final Histogram total;
    private final Histogram uncorrectedTotal;

    ProbeResult(String name, boolean coCorrected, List<RunResult> runs) {
        this.name = name;
        this.coCorrected = coCorrected;
        this.runs = Collections.unmodifiableList(runs);
        this.total = Histograms.create();
        this.uncorrectedTotal = Histograms.create();
        for (RunResult r : runs) {
            total.add(r.histogramView());
            uncorrectedTotal.add(r.uncorrectedView());
        }
    }

    ProbeResult withRuns(List<RunResult> newRuns) {
        return new ProbeResult(name, coCorrected, newRuns);
    }

    public String name() {
        return name;
    }

    /** Whether {@link #percentiles()} are measured from the intended start. */
    public boolean coCorrected() {
        return coCorrected;
    }

    public List<RunResult> runs() {
        return runs;
    }

    public long count() {
        return total.getTotalCount();
    }

    /** Percentiles of all measured runs merged. */
    public Map<String, Long> percentiles() {
        return Percentiles.of(total);
    }

    public Map<String, Long> uncorrectedPercentiles() {
        return Percentiles.of(uncorrectedTotal);
    }

    /** Mean achieved rate of the runs. */
    public double achievedRate() {
        return runs.stream().mapToDouble(RunResult::achievedRate).average().orElse(0);
    }

    public boolean fellBehind() {
        return runs.stream().anyMatch(RunResult::fellBehind);
    }

    /** Per percentile key present in every run, its variation across runs (see {@link Variation}). */
    public Map<String, Variation> variation() {
        Map<String, Variation> m = new LinkedHashMap<>();
        if (runs.isEmpty()) {
            return m;
        }
        for (String key : runs.get(0).percentiles().keySet()) {
            long[] values = new long[runs.size()];
            boolean everywhere = true;
            for (int i = 0; i < runs.size(); i++) {
                Long v = runs.get(i).percentiles().get(key);
                everywhere &= v != null;
                values[i] = v == null ? 0 : v;
            }
            if (everywhere) {
                m.put(key, Variation.of(values));
            }
        }
        return m;
    }

    /** A copy of the merged histogram. */
    public Histogram histogram() {
        return total.copy();
    }

    public Histogram uncorrectedHistogram() {
        return uncorrectedTotal.copy();
    }
}
