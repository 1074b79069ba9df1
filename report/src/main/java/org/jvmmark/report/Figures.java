package org.jvmmark.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.HdrHistogram.Histogram;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;

/**
 * A row's figure for a column, aggregated over its forks.
 *
 * <p>A latency percentile is read from the forks' merged histogram when every fork has one (a single
 * fork keeps its own reported figure); otherwise it is the mean of the forks' figures. Its samples
 * are the per-run values of all forks. A metric is the mean of the forks' values, its samples the
 * workload's own samples (one per run or launch) of all forks, or the forks' values when the
 * workload gave none.
 *
 * <p>Stateless and thread-safe.
 */
final class Figures {
    private Figures() {
    }

    /** A row's figure for a column, or null when none of its ok forks measured it. */
    static Figure figure(Row row, Column col) {
        return switch (col.kind()) {
            case LATENCY -> latencyFigure(row, col.probe(), col.key());
            case RATE -> rateFigure(row, col.probe());
            case UNCORRECTED -> uncorrectedFigure(row, col.probe(), col.key());
            case METRIC -> metricFigure(row, col.key());
        };
    }

    static Figure latencyFigure(Row row, String probe, String key) {
        List<Probe> blocks = row.okTrials().stream().map(t -> t.latency().get(probe))
                .filter(p -> p != null && p.percentiles().containsKey(key)).toList();
        if (blocks.isEmpty()) {
            return null;
        }
        List<Double> samples = new ArrayList<>();
        for (Probe p : blocks) {
            List<Double> runs = p.runs().stream().map(r -> r.percentiles().get(key)).filter(Objects::nonNull).toList();
            if (runs.isEmpty()) {
                samples.add(p.percentiles().get(key));
            } else {
                samples.addAll(runs);
            }
        }
        double value;
        if (blocks.size() == 1) {
            value = blocks.get(0).percentiles().get(key);
        } else {
            Histogram merged = merge(blocks);
            value = merged == null
                    ? blocks.stream().mapToDouble(p -> p.percentiles().get(key)).average().orElse(Double.NaN)
                    : "max".equals(key) ? merged.getMaxValue() : merged.getValueAtPercentile(Percentiles.value(key));
        }
        return new Figure(value, samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The forks' histograms added together, or null unless every fork has one. */
    static Histogram merge(List<Probe> blocks) {
        Histogram merged = null;
        for (Probe p : blocks) {
            Histogram h = p.histogram();
            if (h == null) {
                return null;
            }
            if (merged == null) {
                merged = new Histogram(h.getNumberOfSignificantValueDigits());
                merged.setAutoResize(true);
            }
            merged.add(h);
        }
        return merged;
    }

    /** The forks' uncorrected figure (their mean when several): shown for reference, never ranked. */
    private static Figure uncorrectedFigure(Row row, String probe, String key) {
        double[] values = row.okTrials().stream().map(t -> t.latency().get(probe))
                .filter(p -> p != null && p.uncorrected().containsKey(key)).mapToDouble(p -> p.uncorrected().get(key)).toArray();
        return values.length == 0 ? null : new Figure(Stats.mean(values), values.length > 1 ? values : new double[0]);
    }

    private static Figure rateFigure(Row row, String probe) {
        double[] rates = row.okTrials().stream().map(t -> t.latency().get(probe))
                .filter(p -> p != null && p.achievedRate() > 0).mapToDouble(Probe::achievedRate).toArray();
        return rates.length == 0 ? null : new Figure(Stats.mean(rates), rates);
    }

    private static Figure metricFigure(Row row, String name) {
        if (name.equals(ModelBuilder.PEAK_RSS)) {
            double[] rss = row.okTrials().stream().mapToDouble(t -> t.process().peakRssBytes()).filter(v -> v > 0).toArray();
            return rss.length == 0 ? null : new Figure(Stats.mean(rss), rss.length > 1 ? rss : new double[0]);
        }
        List<Metric> ms = row.okTrials().stream().map(t -> t.metrics().get(name)).filter(Objects::nonNull).toList();
        if (ms.isEmpty()) {
            return null;
        }
        double[] values = ms.stream().mapToDouble(Metric::value).toArray();
        double[] samples = ms.stream().flatMapToDouble(m -> Arrays.stream(m.samples())).toArray();
        if (samples.length == 0 && values.length > 1) {
            samples = values;
        }
        return new Figure(ms.size() == 1 ? values[0] : Stats.mean(values), samples);
    }
}
