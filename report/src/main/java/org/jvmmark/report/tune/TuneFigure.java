package org.jvmmark.report.tune;

import java.util.List;
import java.util.Locale;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Percentiles;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;
import org.jvmmark.report.words.Words;

/**
 * A figure {@code tune} optimises or constrains, named as a workload's questions name figures: a latency percentile
 * as {@code "endToEnd p99"} (or {@code "p99"} for {@code endToEnd}), a metric by its name ({@code "score"}), the
 * JVM's peak RSS as {@code "peak RSS"} ({@code "rss"}), a probe's achieved rate as {@code "rate"}. Resolved against
 * the trials into the report's {@link Column}, so that a fork's value ({@link Column#forkValue}) and the figure's
 * name ({@link org.jvmmark.report.words.Words#figure}) are the report's own. Immutable.
 *
 * @param spec the figure as the user (or the workload's headline) named it
 */
public record TuneFigure(String spec, Column.Kind kind, String probe, String key) {
    /**
     * @throws IllegalArgumentException for an empty name
     */
    public static TuneFigure parse(String spec) {
        String s = spec == null ? "" : spec.trim();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("a figure needs a name, e.g. \"endToEnd p99\", \"score\", \"peak RSS\"");
        }
        String lower = s.toLowerCase(Locale.ROOT).replace(" ", "");
        if (lower.equals("peakrss") || lower.equals("rss") || s.equals(Column.PEAK_RSS)) {
            return new TuneFigure(s, Column.Kind.METRIC, null, Column.PEAK_RSS);
        }
        if (lower.equals("rate") || lower.equals("achievedrate")) {
            return new TuneFigure(s, Column.Kind.RATE, "endToEnd", "achievedRate");
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:(\\S+)\\s+)?p([0-9.]+|max)").matcher(s);
        if (m.matches()) {
            return new TuneFigure(s, Column.Kind.LATENCY, m.group(1) == null ? "endToEnd" : m.group(1), m.group(2));
        }
        return new TuneFigure(s, Column.Kind.METRIC, null, s);
    }

    /** The report's column for this figure, its unit and direction read from the first trial that measured it; null when none did. */
    public Column column(List<Trial> trials) {
        for (Trial t : trials) {
            if (!t.ok()) {
                continue;
            }
            switch (kind) {
                case LATENCY -> {
                    Probe p = t.measured().latency().get(probe);
                    if (p != null && p.percentiles().get(key) != null) {
                        return new Column(kind, probe, key, Percentiles.title(key), p.unit(), false, true, true);
                    }
                }
                case RATE -> {
                    Probe p = t.measured().latency().get(probe);
                    if (p != null && p.achievedRate() > 0) {
                        return new Column(kind, probe, key, "achieved rate", "/s", true, false, true);
                    }
                }
                default -> {
                    if (key.equals(Column.PEAK_RSS)) {
                        Long rss = t.outcome().process().peakRssBytes();
                        if (rss != null && rss > 0) {
                            return new Column(kind, null, key, key, "bytes", false, true, true);
                        }
                    } else {
                        Metric mm = t.measured().metrics().get(key);
                        if (mm != null) {
                            return new Column(kind, null, key, Words.label(key), mm.unit(),
                                    mm.higherIsBetter(), true, true);
                        }
                    }
                }
            }
        }
        return null;
    }

    /** One fork's value, or null when it did not measure the figure. */
    public static Double value(Trial t, Column c) {
        return c.forkValue(t);
    }
}
