package org.jvmmark.report.builders;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.jvmmark.api.PercentileTrust;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.model.Percentiles;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.words.Words;

/**
 * A row's figure for a column: one value per fork, and the row's figure from them.
 *
 * <p>What one fork's value is, per kind of column:
 * <ul>
 *   <li>a latency percentile: that fork's percentile over all its measured runs, i.e. read from the
 *       fork's own merged histogram (as the harness reports it); its runs' percentiles are kept for
 *       the within-JVM stability check;</li>
 *   <li>an uncorrected percentile, an achieved rate, the peak RSS: the fork's figure;</li>
 *   <li>a metric: the fork's value as the workload reports it (its own summary of its runs or
 *       launches, e.g. the median start time), its samples kept as the runs.</li>
 * </ul>
 * The row's figure is the geometric mean of its fork values (a single fork: that fork's value), so a
 * ratio between two rows' figures is the effect {@link org.jvmmark.report.judge.Judge} judges.
 *
 * <p>Stateless and thread-safe.
 */
public final class Figures {
    private Figures() {
    }

    /** A row's figure for a column, or null when none of its ok forks measured it. */
    public static Figure figure(Row row, Column col) {
        List<Double> forks = new ArrayList<>();
        List<double[]> runs = new ArrayList<>();
        List<Double> machine = new ArrayList<>();
        List<Boolean> changed = new ArrayList<>();
        for (Trial t : row.okTrials()) {
            Double v = col.forkValue(t);
            if (v != null) {
                forks.add(v);
                runs.add(forkRuns(t, col));
                machine.add(t.machineRoundTripNs().orElse(Double.NaN));
                changed.add(t.machineChangedDuring());
            }
        }
        if (forks.isEmpty()) {
            return null;
        }
        boolean[] moved = new boolean[changed.size()];
        for (int i = 0; i < moved.length; i++) {
            moved[i] = changed.get(i);
        }
        return Figure.of(forks.stream().mapToDouble(Double::doubleValue).toArray(), runs,
                machine.stream().mapToDouble(Double::doubleValue).toArray(), moved);
    }

    /**
     * The judge's evidence for one column: every row of {@code rows} that measured it, named by its index in
     * {@code rows} ("0", "1", …), with its fork values and runs. Failed forks are not counted here: the report
     * shows a row's failures beside it, and {@code compare} judges them as a row's status.
     */
    public static Evidence evidence(Column col, List<Row> rows) {
        List<RowForks> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Figure f = figure(rows.get(i), col);
            if (f != null) {
                out.add(f.rowForks(String.valueOf(i), 0));
            }
        }
        return new Evidence(col.id(), col.unit(), col.higherIsBetter(), out);
    }

    /**
     * The figures a headline can be picked from among {@code trials}' ok forks ({@link Verdicts#headline}), as the
     * report's columns rank them: every latency percentile of every probe (ranked where every block behind it was
     * corrected for coordinated omission) and every metric (ranked unless the workload says not, or it is a check
     * such as an achieved rate). For a surface that has forks but no report: {@code --forks auto}.
     */
    public static List<Column> headlineCandidates(List<Trial> trials) {
        java.util.Map<String, Column> out = new java.util.LinkedHashMap<>();
        List<Trial> ok = trials.stream().filter(Trial::ok).toList();
        for (Trial t : ok) {
            t.measured().latency().forEach((probe, p) -> {
                boolean corrected = ok.stream().map(o -> o.measured().latency().get(probe)).filter(Objects::nonNull)
                        .allMatch(Probe::coCorrected);
                p.percentiles().keySet().forEach(key -> out.putIfAbsent(probe + "/" + key, new Column(Column.Kind.LATENCY,
                        probe, key, Percentiles.title(key), p.unit(), false, corrected, true, corrected)));
            });
            t.measured().metrics().forEach((name, m) -> out.putIfAbsent("metric/" + name, new Column(Column.Kind.METRIC,
                    null, name, Words.label(name), m.unit(), m.higherIsBetter(), m.ranked() && !Column.isCheck(name),
                    true)));
        }
        return List.copyOf(out.values());
    }

    private static double[] forkRuns(Trial t, Column col) {
        if (col.kind() == Column.Kind.LATENCY) {
            // Only runs deep enough for this percentile: a p99.9 from 20,000 samples rests on 20 and would
            // make every fork look unsettled.
            long needed = PercentileTrust.samplesNeeded(Percentiles.value(col.key()));
            return t.measured().latency().get(col.probe()).runs().stream().filter(r -> r.count() <= 0 || r.count() >= needed)
                    .map(r -> r.percentiles().get(col.key())).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
        }
        if (col.kind() == Column.Kind.METRIC && t.measured().metrics().containsKey(col.key())) {
            return t.measured().metrics().get(col.key()).samples();
        }
        return new double[0];
    }
}
