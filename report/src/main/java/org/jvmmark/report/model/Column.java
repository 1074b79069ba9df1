package org.jvmmark.report.model;

/**
 * One figure of a table: a latency percentile of a probe, a probe's achieved rate, or a scalar
 * metric. Immutable, hence thread-safe.
 *
 * @param kind what the figure is (UNCORRECTED: a latency percentile without coordinated-omission
 *     correction, shown beside the corrected one for reference)
 * @param probe the probe for latency and rate columns, else null
 * @param key the percentile key ("99.9", "max") or the metric name
 * @param ranked whether rows are ranked on it (not for the achieved rate: it is a check, not a score)
 * @param trusted false for percentiles the machine's noise verdict rules out
 * @param coCorrected for a LATENCY column, whether every block behind it was measured from the intended
 *     start (corrected for coordinated omission); true for the other kinds
 */
public record Column(Kind kind, String probe, String key, String title, String unit, boolean higherIsBetter,
                     boolean ranked, boolean trusted, boolean coCorrected) {
    public enum Kind {
        LATENCY, UNCORRECTED, RATE, METRIC
    }

    public Column(Kind kind, String probe, String key, String title, String unit, boolean higherIsBetter,
                  boolean ranked, boolean trusted) {
        this(kind, probe, key, title, unit, higherIsBetter, ranked, trusted, true);
    }

    /** A stable identifier for matching between result sets: "endToEnd/99.9", "rate/endToEnd", "metric/score". */
    public String id() {
        return switch (kind) {
            case LATENCY -> probe + "/" + key;
            case UNCORRECTED -> probe + "/uncorrected/" + key;
            case RATE -> "rate/" + probe;
            case METRIC -> "metric/" + key;
        };
    }

    /** How a latency table or chart built from uncorrected blocks is titled. */
    public static final String NOT_CORRECTED = "(not corrected for coordinated omission)";

    /** The peak resident set size the runner measured from outside (VmHWM), as a metric column. */
    public static final String PEAK_RSS = "peak RSS (process)";

    /**
     * Whether a metric checks the run rather than scores the JVM: the achieved (or target) rate says
     * whether the load generator kept its schedule; a higher one is not a better JVM, so it is not ranked.
     */
    public static boolean isCheck(String metric) {
        String last = metric.substring(metric.lastIndexOf('.') + 1);
        return last.equals("achievedRate") || last.equals("targetRate");
    }

    /** Relative difference from {@code reference}, positive when {@code value} is worse. */
    public static double worseBy(boolean higherIsBetter, double reference, double value) {
        if (reference == 0) {
            return value == 0 ? 0 : Double.NaN;
        }
        double d = (value - reference) / Math.abs(reference);
        return higherIsBetter ? -d : d;
    }
}
