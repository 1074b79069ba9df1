package org.jvmmark.report.verdict;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.commons.statistics.inference.OneWayAnova;

/**
 * The machine's fork-to-fork noise for one figure of one workload, pooled over the rows of a table:
 * the rows share a machine, so their fork-to-fork spreads estimate one noise, with many more degrees
 * of freedom than the 2–4 that one row's 3–5 forks give. That is what lets a real +10 % on 3 forks a
 * side be told from noise.
 *
 * <p><b>Method.</b> Each group is one row on one side, as log fork values (n ≥ 2). The pooled
 * variance is one-way ANOVA's within-group mean square (MSE), with df = Σ(nᵢ − 1). It is used only
 * when the groups' spreads agree: the Brown–Forsythe test (one-way ANOVA on each value's absolute
 * deviation from its group's median — Levene's test made robust to skew) must not reject at
 * {@value #AGREE_ALPHA}. Both ANOVAs are Apache Commons Statistics' {@code OneWayAnova}; we only form
 * the groups. Rows that are unstable never enter: their spread is not the machine's noise.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param agree whether the spreads agree and the pooled variance may be used
 * @param variance the pooled variance of the log fork values (NaN when not pooled)
 * @param df its degrees of freedom, Σ(nᵢ − 1)
 * @param groups how many groups (rows × sides) were pooled
 * @param spreadP the Brown–Forsythe p-value (NaN when it could not be computed)
 */
public record PooledNoise(boolean agree, double variance, long df, int groups, double spreadP) {
    /** Below this Brown–Forsythe p-value the rows' spreads are taken to differ: no pooling. */
    public static final double AGREE_ALPHA = 0.05;

    /** No pooling: every test uses its own two rows' spreads (Welch). */
    public static final PooledNoise NONE = new PooledNoise(false, Double.NaN, 0, 0, Double.NaN);

    /**
     * @param groups log fork values, one array per row and side; arrays with fewer than 2 values are skipped
     */
    public static PooledNoise of(Collection<double[]> groups) {
        List<double[]> used = new ArrayList<>();
        for (double[] g : groups) {
            if (g.length >= 2) {
                used.add(g);
            }
        }
        if (used.size() < 3) {
            return NONE;
        }
        long df = used.stream().mapToLong(g -> g.length - 1L).sum();
        double ss = 0;
        for (double[] g : used) {
            double m = Stats.mean(g);
            for (double v : g) {
                ss += (v - m) * (v - m);
            }
        }
        double mse = ss / df;
        if (!(mse > 0)) {
            return NONE;
        }
        List<double[]> deviations = new ArrayList<>();
        for (double[] g : used) {
            double med = Stats.median(g);
            double[] d = new double[g.length];
            for (int i = 0; i < g.length; i++) {
                d[i] = Math.abs(g[i] - med);
            }
            deviations.add(d);
        }
        double p;
        try {
            p = OneWayAnova.withDefaults().test(deviations).getPValue();
        } catch (IllegalArgumentException e) {
            p = Double.NaN;
        }
        if (Double.isNaN(p)) {
            // Every group's deviations are identical (e.g. all zero): nothing says the spreads differ.
            p = 1;
        }
        return new PooledNoise(p >= AGREE_ALPHA, p >= AGREE_ALPHA ? mse : Double.NaN, df, used.size(), p);
    }
}
