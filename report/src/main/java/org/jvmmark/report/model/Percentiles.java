package org.jvmmark.report.model;

import java.util.Comparator;

/**
 * Percentile keys as spelled in results.json ("50", "99.9", "max"): their order, their name in a key ("p50", "max"), a
 * latency figure's key ("endToEnd p50": {@link #figureKey}, read back by {@link #parse}) and their word in a label
 * ("p50", "worst": {@link #title}, which {@code Words.label} says a figure with) — each made here alone, for the report,
 * {@code compare}, the declared questions and the history alike. Thread-safe.
 */
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

    /** "p99.9", or "max" for the maximum: a percentile as a figure's key names it, and the history stores it. */
    public static String name(String key) {
        return "max".equals(key) ? "max" : "p" + key;
    }

    /** "p99.9", or "worst" for the maximum: a percentile as every label says it (a column's title, "worst latency"). */
    public static String title(String key) {
        return "max".equals(key) ? "worst" : name(key);
    }

    /** A percentile's key from its name ({@link #name}): "p50" → "50", "max" → "max"; a bare "50" stays "50". */
    public static String key(String name) {
        return name.startsWith("p") ? name.substring(1) : name;
    }

    /** A latency figure's key: "endToEnd p50", "append max". */
    public static String figureKey(String probe, String key) {
        return probe + " " + name(key);
    }

    /**
     * A latency figure's key read back ({@link #figureKey}): {probe, percentile key} — "endToEnd p99.9" is {"endToEnd",
     * "99.9"}, "endToEnd max" {"endToEnd", "max"}; null for any other figure (a metric's name).
     */
    public static String[] parse(String figure) {
        int space = figure.lastIndexOf(' ');
        if (space <= 0 || space == figure.length() - 1 || figure.indexOf(' ') != space) {
            return null;
        }
        String name = figure.substring(space + 1);
        String key = name.equals("max") ? "max" : name.matches("p[0-9]+(\\.[0-9]+)?") ? name.substring(1) : null;
        return key == null ? null : new String[] {figure.substring(0, space), key};
    }
}
