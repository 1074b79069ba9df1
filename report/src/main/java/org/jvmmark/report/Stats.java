package org.jvmmark.report;

import java.util.Arrays;

/** Small descriptive statistics over samples. Stateless and thread-safe. */
final class Stats {
    private Stats() {
    }

    static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    /** Sample standard deviation (n - 1); NaN below two samples. */
    static double stddev(double[] x) {
        if (x.length < 2) {
            return Double.NaN;
        }
        double m = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (x.length - 1));
    }

    /** Coefficient of variation (stddev / mean): the run-to-run spread as a fraction; NaN when unknown. */
    static double cv(double[] x) {
        double m = mean(x);
        return x.length < 2 || m == 0 ? Double.NaN : stddev(x) / Math.abs(m);
    }

    static double median(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static double min(double[] x) {
        return Arrays.stream(x).min().orElse(Double.NaN);
    }

    static double max(double[] x) {
        return Arrays.stream(x).max().orElse(Double.NaN);
    }
}
