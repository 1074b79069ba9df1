package org.jvmmark.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.jvmmark.report.Figure;
import org.jvmmark.report.verdict.Effect;
import org.jvmmark.report.verdict.ForkTest;
import org.jvmmark.report.verdict.Stability;
import org.jvmmark.report.verdict.Stats;
import org.jvmmark.report.verdict.TwoLevels;

/**
 * {@code history check}'s judgement: for every series, is a regression in effect at the newest run — and
 * since which run? Judged with the same evidence and rules as {@code compare} ({@link Stability},
 * {@link TwoLevels}, {@link ForkTest} on log fork values, the practical threshold), with three answers.
 *
 * <p>Per series, from its accepted baseline ({@code history accept}) on:
 * <ol>
 *   <li>Only figures the report trusts here are judged: p50 and p90 and the workloads' ranked metrics;
 *       p99 and deeper, and {@code max}, are not (on this 2-core machine they record the scheduler).</li>
 *   <li>Each run is one point with its forks. A run whose forks disagree — on two levels, or spread — is
 *       an <b>unstable point</b>: shown, never a change.</li>
 *   <li>{@link EDivisive} splits the stable points into segments. The newest segment (at least two runs)
 *       is tested against the first segment (the baseline) on their forks. Because every change point
 *       of the newest level is compared with the baseline, a regression stays in effect however long
 *       ago it began; the run where it began is the first of the consecutive segments, ending with the
 *       newest, that are worse than the baseline beyond the threshold. An outlier the next runs
 *       contradict is a segment of its own that is not the newest: not a regression.</li>
 *   <li>When the newest level is a single run (or none of the points splits), the newest run alone is
 *       compared with the baseline: worse beyond noise and threshold is <b>cannot tell</b> ("one run
 *       past the change: the next run would tell"), never a regression that the next run might take
 *       back.</li>
 *   <li>On a machine whose launches land on two levels for the series, a difference a lucky split
 *       could produce at these fork counts is <b>cannot tell</b>.</li>
 *   <li>The p-values of all series are corrected together by Benjamini–Hochberg (false-discovery rate
 *       {@value #FDR}): hundreds of series would otherwise raise false alarms every night.</li>
 * </ol>
 *
 * <p>Stateless apart from its settings; thread-safe.
 */
public final class HistoryJudge {
    /** The false-discovery rate across the series of one check. */
    public static final double FDR = 0.05;

    private final EDivisive detector;
    private final double threshold;

    /**
     * @param detector splits a series into levels
     * @param threshold the practical threshold, as a fraction (0.05 = 5 %)
     */
    public HistoryJudge(EDivisive detector, double threshold) {
        this.detector = detector;
        this.threshold = threshold;
    }

    /** The practical threshold, as a fraction (0.05 = 5 %): smaller changes never count. */
    public double threshold() {
        return threshold;
    }

    /** The answer for one series. */
    public enum Answer {
        /** Worse than the baseline at the newest runs, beyond noise, threshold and the FDR. */
        REGRESSION,
        /** Better than the baseline at the newest runs. */
        IMPROVEMENT,
        /** No change beyond noise at the newest runs. */
        NO_CHANGE,
        /** The evidence cannot decide; the verdict's words say what would. */
        CANNOT_TELL,
        /** Not judged: too few runs, or a figure not trusted here. */
        NOT_JUDGED
    }

    /**
     * One series' verdict.
     *
     * @param effect newest level ÷ baseline with its interval, or null
     * @param since the run where the change began (a regression or improvement), or null
     * @param pValue the test's p-value before the FDR correction, NaN when untested
     * @param why the reason in words (for CANNOT_TELL: and what would tell)
     * @param unstableRuns how many runs were unstable points
     */
    public record Verdict(HistoryStore.StoredSeries series, Answer answer, Effect effect, HistoryStore.Point since,
                          double pValue, String why, int runs, int unstableRuns) {
    }

    /** Whether the report trusts a history figure on this machine: p50, p90 or a metric, never p99+ or max. */
    public static boolean trusted(SeriesKey key) {
        return key.probe().isEmpty() || key.figure().equals("p50") || key.figure().equals("p90");
    }

    /**
     * @param accepted per series id, the start of its accepted baseline run (absent: from the first run)
     */
    public List<Verdict> judge(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                               Map<Long, String> accepted) {
        List<Verdict> out = new ArrayList<>();
        for (HistoryStore.StoredSeries s : series) {
            List<HistoryStore.Point> all = points.getOrDefault(s.id(), List.of());
            String from = accepted.get(s.id());
            List<HistoryStore.Point> ps = all.stream().filter(p -> from == null || p.created().compareTo(from) >= 0).toList();
            out.add(judge(s, ps));
        }
        return benjaminiHochberg(out);
    }

    /** One series before the correction across series (its REGRESSION/IMPROVEMENT are provisional). */
    Verdict judge(HistoryStore.StoredSeries s, List<HistoryStore.Point> ps) {
        if (!trusted(s.key())) {
            return new Verdict(s, Answer.NOT_JUDGED, null, null, Double.NaN, "not trusted on this machine (p99 and deeper,"
                    + " max: the scheduler, not the JVM)", ps.size(), 0);
        }
        if (ps.size() < 2) {
            return new Verdict(s, Answer.NOT_JUDGED, null, null, Double.NaN, ps.size() + " run since the baseline",
                    ps.size(), 0);
        }
        TwoLevels levels = TwoLevels.of(ps.stream().map(HistoryStore.Point::forkValues).toList());
        List<HistoryStore.Point> stable = new ArrayList<>();
        for (HistoryStore.Point p : ps) {
            if (Stability.of(figure(p.forkValues())).stable()) {
                stable.add(p);
            }
        }
        int unstable = ps.size() - stable.size();
        HistoryStore.Point newest = ps.get(ps.size() - 1);
        if (stable.size() < 2) {
            return new Verdict(s, Answer.CANNOT_TELL, null, null, Double.NaN, unstable + " of " + ps.size()
                    + " runs have forks that disagree" + (levels.twoLevel() ? " (launches on two levels here)" : "")
                    + ": runs with more forks would tell", ps.size(), unstable);
        }
        if (!stable.contains(newest)) {
            double[] base = forks(stable);
            double ratio = Stats.center(newest.forkValues()) / Stats.center(base);
            boolean worse = s.higherIsBetter() ? ratio < 1 : ratio > 1;
            return worse && Math.abs(ratio - 1) > threshold
                    ? new Verdict(s, Answer.CANNOT_TELL, null, newest, Double.NaN, "the newest run's forks disagree"
                            + (levels.twoLevel() ? " (two levels)" : "") + " and its figure is " + percent(ratio)
                            + " from the runs before: the next run would tell", ps.size(), unstable)
                    : new Verdict(s, Answer.NO_CHANGE, null, null, Double.NaN, "the newest run's forks disagree; its figure is"
                            + " within the threshold", ps.size(), unstable);
        }
        double[] centres = stable.stream().mapToDouble(p -> Math.log(Stats.center(p.forkValues()))).toArray();
        List<Integer> cuts = new ArrayList<>();
        cuts.add(0);
        // EDivisive works on values with a relative magnitude: feed it the stable runs' centres themselves.
        double[] values = Arrays.stream(centres).map(Math::exp).toArray();
        detector.changePoints(values).stream().map(ChangePoint::index).sorted().forEach(cuts::add);
        cuts.add(stable.size());
        List<List<HistoryStore.Point>> segments = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.size(); i++) {
            if (cuts.get(i + 1) > cuts.get(i)) {
                segments.add(stable.subList(cuts.get(i), cuts.get(i + 1)));
            }
        }
        List<HistoryStore.Point> baseline = segments.get(0);
        List<HistoryStore.Point> last = segments.get(segments.size() - 1);
        if (segments.size() == 1 || last.size() < 2) {
            // No level since the baseline, or a newest level of one run: the newest run alone against the runs before it.
            List<HistoryStore.Point> before = stable.subList(0, stable.size() - 1);
            ForkTest.Result t = ForkTest.test(newest.forkValues(), forks(before), s.higherIsBetter());
            boolean untestedMove = !t.tested() && t.effect().worse() && t.size() > threshold;
            if (untestedMove || t.tested() && ForkTest.called(t.pValue(), t, threshold) && t.effect().worse()) {
                return new Verdict(s, Answer.CANNOT_TELL, t.effect(), newest, Double.NaN, "the newest run alone is "
                        + percent(t.effect().ratio()) + " from the runs before: one run past the change, the next run"
                        + " would tell", ps.size(), unstable);
            }
            return new Verdict(s, Answer.NO_CHANGE, t.tested() ? t.effect() : null, null, Double.NaN,
                    "no change since the baseline", ps.size(), unstable);
        }
        ForkTest.Result t = ForkTest.test(forks(last), forks(baseline), s.higherIsBetter());
        if (!t.tested()) {
            return new Verdict(s, Answer.CANNOT_TELL, t.effect(), null, Double.NaN, ForkTest.forksNeeded(
                    t.forksCandidate(), t.forksReference()), ps.size(), unstable);
        }
        if (!(t.size() > threshold)) {
            return new Verdict(s, Answer.NO_CHANGE, t.effect(), null, t.pValue(), "the newest runs are within the threshold"
                    + " of the baseline", ps.size(), unstable);
        }
        if (levels.couldBeSplit(t.effect().ratio()) && levels.splitProbability(t.forksCandidate(), t.forksReference()) > FDR) {
            return new Verdict(s, Answer.CANNOT_TELL, t.effect(), null, t.pValue(), levels.words(s.unit())
                    + ": the newest level may be the machine's; " + levels.forksToTell(FDR) + " forks a run would tell",
                    ps.size(), unstable);
        }
        // Where it began: the first of the consecutive segments, ending with the newest, worse than the baseline.
        HistoryStore.Point since = last.get(0);
        double base = Stats.center(forks(baseline));
        for (int i = segments.size() - 1; i >= 1; i--) {
            double r = Stats.center(forks(segments.get(i))) / base;
            boolean sameWay = t.effect().worse() == (s.higherIsBetter() ? r < 1 : r > 1);
            if (!sameWay || Math.abs(r - 1) <= threshold) {
                break;
            }
            since = segments.get(i).get(0);
        }
        return new Verdict(s, t.effect().worse() ? Answer.REGRESSION : Answer.IMPROVEMENT, t.effect(), since, t.pValue(),
                "", ps.size(), unstable);
    }

    /**
     * Benjamini–Hochberg across the series' tests: a provisional regression or improvement whose
     * adjusted p is not below {@link #FDR} becomes "no change beyond noise".
     */
    static List<Verdict> benjaminiHochberg(List<Verdict> verdicts) {
        int[] tested = IntStream.range(0, verdicts.size()).filter(i -> !Double.isNaN(verdicts.get(i).pValue())).toArray();
        // Series judged without a test (no change point, nothing moved) count as hypotheses with p = 1.
        int judged = (int) verdicts.stream().filter(v -> v.answer() != Answer.NOT_JUDGED).count();
        double[] adjusted = bh(Arrays.stream(tested).mapToDouble(i -> verdicts.get(i).pValue()).toArray(),
                Math.max(judged, tested.length));
        List<Verdict> out = new ArrayList<>(verdicts);
        for (int k = 0; k < tested.length; k++) {
            Verdict v = out.get(tested[k]);
            String p = "p=" + String.format(java.util.Locale.ROOT, adjusted[k] < 0.001 ? "%.1e" : "%.3f", adjusted[k])
                    + " (BH over " + Math.max(judged, tested.length) + " series)";
            if (v.answer() == Answer.REGRESSION || v.answer() == Answer.IMPROVEMENT) {
                out.set(tested[k], adjusted[k] < FDR ? new Verdict(v.series(), v.answer(), v.effect(), v.since(), v.pValue(), p,
                        v.runs(), v.unstableRuns())
                        : new Verdict(v.series(), Answer.NO_CHANGE, v.effect(), null, v.pValue(), "within noise, " + p,
                                v.runs(), v.unstableRuns()));
            }
        }
        return out;
    }

    /**
     * Benjamini–Hochberg adjusted p-values, in the input order, for {@code p} among {@code total}
     * hypotheses (the others counted as p = 1).
     */
    static double[] bh(double[] p, int total) {
        int m = p.length;
        Integer[] order = IntStream.range(0, m).boxed().sorted(Comparator.comparingDouble(i -> -p[i])).toArray(Integer[]::new);
        double[] out = new double[m];
        double running = 1;
        for (int k = 0; k < m; k++) {
            int i = order[k];
            running = Math.min(running, p[i] * total / (m - k));
            out[i] = Math.min(1, running);
        }
        return out;
    }

    private static Figure figure(double[] forks) {
        return new Figure(Stats.center(forks), forks, List.of());
    }

    private static double[] forks(List<HistoryStore.Point> ps) {
        return ps.stream().flatMapToDouble(p -> Arrays.stream(p.forkValues())).toArray();
    }

    static String percent(double ratio) {
        double pct = (ratio - 1) * 100;
        if (Math.abs(pct) >= 1000) {
            return String.format(java.util.Locale.ROOT, "%.0f×", ratio);
        }
        return String.format(java.util.Locale.ROOT, Math.abs(pct) >= 10 ? "%+.0f %%" : "%+.1f %%", pct);
    }
}
