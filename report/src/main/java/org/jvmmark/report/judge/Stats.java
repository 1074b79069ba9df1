package org.jvmmark.report.judge;

import java.util.Arrays;

/** Small descriptive statistics over samples. Stateless and thread-safe. */
public final class Stats {
    private Stats() {
    }

    public static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    /** Sample variance (n - 1); NaN below two samples. */
    public static double variance(double[] x) {
        if (x.length < 2) {
            return Double.NaN;
        }
        double m = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        return ss / (x.length - 1);
    }

    /** Sample standard deviation (n - 1); NaN below two samples. */
    static double stddev(double[] x) {
        return Math.sqrt(variance(x));
    }

    /** Population standard deviation (n), 0 for fewer than two samples. */
    public static double stddevOrZero(double[] x) {
        if (x.length < 2) {
            return 0;
        }
        double m = mean(x);
        return Math.sqrt(Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / x.length);
    }

    /** Coefficient of variation (stddev / mean): the spread as a fraction; NaN when unknown. */
    public static double cv(double[] x) {
        double m = mean(x);
        return x.length < 2 || m == 0 ? Double.NaN : stddev(x) / Math.abs(m);
    }

    public static boolean allPositive(double[] x) {
        return Arrays.stream(x).allMatch(v -> v > 0);
    }

    public static double[] logs(double[] x) {
        return Arrays.stream(x).map(Math::log).toArray();
    }

    /**
     * A row's figure from its forks' values: their geometric mean when all are positive (so that the
     * ratio of two rows' figures is exactly the effect the judge estimates on one level), else their mean.
     */
    public static double center(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        if (x.length == 1) {
            return x[0];
        }
        return allPositive(x) ? Math.exp(mean(logs(x))) : mean(x);
    }

    public static double median(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    public static double min(double[] x) {
        return Arrays.stream(x).min().orElse(Double.NaN);
    }

    public static double max(double[] x) {
        return Arrays.stream(x).max().orElse(Double.NaN);
    }
}
