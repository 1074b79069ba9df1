package org.jvmmark.report.model;

import java.util.List;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;

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

    /**
     * The figure as questions, {@code compare}'s run spreads and the history name it — "endToEnd p50", "score" — read
     * back by {@link #named}.
     */
    public String figureKey() {
        return kind == Kind.LATENCY ? Percentiles.figureKey(probe, key) : key;
    }

    /**
     * The column a question's figure names: {@code "endToEnd p50"} a latency percentile of a probe, anything else a
     * metric; null when none of {@code columns} is it.
     */
    public static Column named(List<Column> columns, String figure) {
        boolean percentile = Percentiles.parse(figure) != null;
        for (Column c : columns) {
            if (percentile ? c.kind() == Kind.LATENCY && figure.equals(c.figureKey())
                    : c.kind() == Kind.METRIC && c.key().equals(figure)) {
                return c;
            }
        }
        return null;
    }

    /** One fork's value of this figure, or null when the fork did not measure it (see {@code Figures}). */
    public Double forkValue(Trial t) {
        switch (kind) {
            case LATENCY: {
                Probe p = t.measured().latency().get(probe);
                return p == null ? null : p.percentiles().get(key);
            }
            case UNCORRECTED: {
                Probe p = t.measured().latency().get(probe);
                return p == null ? null : p.uncorrected().get(key);
            }
            case RATE: {
                Probe p = t.measured().latency().get(probe);
                return p == null || p.achievedRate() <= 0 ? null : p.achievedRate();
            }
            default:
                if (key.equals(PEAK_RSS)) {
                    Long peak = t.outcome().process().peakRssBytes();
                    return peak != null && peak > 0 ? (double) peak : null;
                }
                Metric m = t.measured().metrics().get(key);
                return m == null ? null : m.value();
        }
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
