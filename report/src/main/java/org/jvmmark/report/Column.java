package org.jvmmark.report;

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
}
