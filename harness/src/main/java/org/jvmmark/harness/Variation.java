package org.jvmmark.harness;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How much one percentile moved between runs: the <em>coefficient of variation</em>, the sample
 * standard deviation (n − 1 in the denominator) of the runs' values divided by their mean, in
 * percent. It is scale-free, uses every run rather than only the extremes, and is undefined (null)
 * with fewer than two runs or a zero mean. JLBH's {@code 100 × (max − min) / (max + min / 2)} is
 * not used: its denominator is a typo of the mid-range, so it is neither a relative range nor a
 * dispersion measure, and it depends only on the two extreme runs.
 *
 * <p>Immutable.
 */
public final class Variation {
    public static final String STATISTIC = "coefficient of variation across runs (sample standard deviation / mean, %)";

    private final double mean;
    private final double stdev;
    private final long min;
    private final long max;
    private final int n;

    private Variation(long[] values) {
        n = values.length;
        double sum = 0;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long v : values) {
            sum += v;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        mean = n == 0 ? Double.NaN : sum / n;
        double squares = 0;
        for (long v : values) {
            squares += (v - mean) * (v - mean);
        }
        stdev = n < 2 ? Double.NaN : Math.sqrt(squares / (n - 1));
        min = lo;
        max = hi;
    }

    public static Variation of(long... values) {
        return new Variation(values.clone());
    }

    public double mean() {
        return mean;
    }

    public double stdev() {
        return stdev;
    }

    /** Coefficient of variation in percent, or NaN when undefined. */
    public double cvPercent() {
        return n < 2 || mean == 0 ? Double.NaN : 100 * stdev / mean;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    public int runs() {
        return n;
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cv", round(cvPercent()));
        m.put("mean", round(mean));
        m.put("stdev", round(stdev));
        m.put("min", min);
        m.put("max", max);
        return m;
    }

    private static Double round(double v) {
        return Double.isNaN(v) ? null : Math.round(v * 100) / 100.0;
    }
}
