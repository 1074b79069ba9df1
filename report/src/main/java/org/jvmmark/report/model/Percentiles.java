package org.jvmmark.report.model;

import java.util.Comparator;

/** Percentile keys as spelled in results.json ("50", "99.9", "max"): order and names. Thread-safe. */
public final class Percentiles {
    public static final Comparator<String> ORDER = Comparator.comparingDouble(Percentiles::value);

    private Percentiles() {
    }

    /** The percentile as a number; "max" sorts last as 100. */
    public static double value(String key) {
        if ("max".equals(key)) {
            return 100;
        }
        try {
            return Double.parseDouble(key);
        } catch (NumberFormatException e) {
            return Double.MAX_VALUE;
        }
    }

    public static boolean isPercentile(String key) {
        return value(key) != Double.MAX_VALUE;
    }

    /** "p99.9", or "worst" for the maximum. */
    public static String title(String key) {
        return "max".equals(key) ? "worst" : "p" + key;
    }
}
