package org.jvmmark.report.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.inference.FisherExactTest;
import org.jvmmark.report.Figure;
import org.jvmmark.report.Format;

/**
 * Did B change against A? The one judgement behind {@code compare} and the history check, for every
 * figure of one workload at once, because the rows of one workload on one machine are evidence about
 * each other. Each answer is one of three: <b>worse/better</b>, <b>no difference beyond noise</b>, or
 * <b>cannot tell</b> with the reason and what would tell; a figure no test could judge and that did
 * not move past the threshold is shown as unstable or as having too few forks, and counts as neither.
 *
 * <p>Per figure (all rows, both sides):
 * <ol>
 *   <li>{@link Stability} per row and side. A side whose forks disagree is not tested; if the figure
 *       moved past the threshold the answer is <b>cannot tell</b> — never "no change".</li>
 *   <li>Fewer than {@link ForkTest#MIN_FORKS} forks on a side: likewise (cannot tell past the
 *       threshold, otherwise too few forks).</li>
 *   <li>{@link PooledNoise}: the stable sides' spreads, pooled when they agree; then {@link ForkTest}.</li>
 *   <li>Holm's correction in two families per call: the headline figures (each workload's declared
 *       question, first figure) and all others, so a real change in the figure a workload exists for is
 *       not drowned by a dozen percentiles. Intervals are widened to agree with the correction
 *       ({@link ForkTest#corrected}).</li>
 *   <li>{@link TwoLevels}: a called difference that a lucky split between the machine's two levels
 *       could produce, at fork counts where such a split is not rare enough, is <b>cannot tell</b>, with
 *       the forks a side that would tell.</li>
 * </ol>
 *
 * <p>Stateless and thread-safe.
 */
public final class ChangeJudge {
    /** The practical threshold compare uses by default: smaller changes are never called. */
    public static final double DEFAULT_THRESHOLD = ForkTest.DEFAULT_THRESHOLD;
    /** The headline figures' family-wise error rate (Holm). */
    public static final double HEADLINE_ALPHA = 0.04;
    /** The other figures' family-wise error rate (Holm): with the headline's, {@link ForkTest#ALPHA} per table. */
    public static final double OTHER_ALPHA = 0.01;

    private ChangeJudge() {
    }

    /**
     * One figure of one row on both sides.
     *
     * @param figure identifies the figure within the workload ("endToEnd/50"): rows with the same figure
     *     are pooled for the machine's evidence
     * @param headline whether the figure answers the workload's headline question (first Holm family)
     * @param a the figure in A (the baseline)
     * @param b the figure in B
     */
    public record Pair(String figure, boolean headline, Figure a, Figure b, boolean higherIsBetter, String unit) {
    }

    /** What could be concluded about one pair. */
    public enum Kind {
        /** B is worse than A beyond noise and threshold. */
        WORSE,
        /** B is better than A beyond noise and threshold. */
        BETTER,
        /** Tested: within noise or within the threshold. */
        NO_DIFFERENCE,
        /** The evidence cannot decide; {@link Answer#tell} says what would. */
        CANNOT_TELL,
        /** Forks disagree on a side, and the figure did not move past the threshold: shown, not judged. */
        UNSTABLE,
        /** Too few forks on a side, and the figure did not move past the threshold: shown, not judged. */
        TOO_FEW_FORKS
    }

    /**
     * @param effect B ÷ A, with the interval consistent with the correction (NaN bounds when untested)
     * @param adjustedP the Holm-adjusted p-value, NaN when untested
     * @param why what the answer rests on, in words
     * @param tell for CANNOT_TELL: what would tell ("7 forks a side would tell"); else ""
     */
    public record Answer(Kind kind, Effect effect, double adjustedP, String why, String tell) {
    }

    /** The answers, in the order of {@code pairs}. */
    public static List<Answer> judge(List<Pair> pairs, double threshold) {
        ForkTest.checkThreshold(threshold);
        Map<String, List<Integer>> byFigure = new LinkedHashMap<>();
        for (int i = 0; i < pairs.size(); i++) {
            byFigure.computeIfAbsent(pairs.get(i).figure(), k -> new ArrayList<>()).add(i);
        }
        Stability[] sa = new Stability[pairs.size()];
        Stability[] sb = new Stability[pairs.size()];
        Figure[] fa = new Figure[pairs.size()];
        Figure[] fb = new Figure[pairs.size()];
        Answer[] out = new Answer[pairs.size()];
        boolean[] withinLevels = new boolean[pairs.size()];
        Map<String, TwoLevels> levels = new LinkedHashMap<>();
        Map<String, PooledNoise> noise = new LinkedHashMap<>();
        Map<String, Integer> rowsOf = new LinkedHashMap<>();
        for (Map.Entry<String, List<Integer>> e : byFigure.entrySet()) {
            List<double[]> all = new ArrayList<>();
            for (int i : e.getValue()) {
                all.add(pairs.get(i).a().forks());
                all.add(pairs.get(i).b().forks());
            }
            TwoLevels lv = TwoLevels.of(all);
            levels.put(e.getKey(), lv);
            rowsOf.put(e.getKey(), e.getValue().size());
            List<double[]> stableLogs = new ArrayList<>();
            for (int i : e.getValue()) {
                Pair p = pairs.get(i);
                fa[i] = p.a();
                fb[i] = p.b();
                if (lv.twoLevel()) {
                    int na = p.a().forks().length;
                    int nb = p.b().forks().length;
                    int ka = lv.highCount(p.a().forks());
                    int kb = lv.highCount(p.b().forks());
                    boolean split = ka == 0 && kb == nb || ka == na && kb == 0;
                    if (!split) {
                        double alpha = alpha(p.headline()) / e.getValue().size();
                        double pf = FisherExactTest.withDefaults().test(new int[][] {{ka, na - ka}, {kb, nb - kb}}).getPValue();
                        if (pf < alpha) {
                            out[i] = new Answer(Kind.CANNOT_TELL, new Effect(p.b().value() / p.a().value(), Double.NaN,
                                    Double.NaN, ForkTest.CONFIDENCE, p.higherIsBetter()), Double.NaN, lv.words(p.unit())
                                    + ": B's forks sit on the upper level " + kb + " of " + nb + " times, A's " + ka + " of "
                                    + na + " (Fisher " + Format.p(pf) + "): a change the size of the gap, or the machine",
                                    "a machine that launches on one level would tell");
                            continue;
                        }
                        // Forks on both levels: compared within a level, the level being the machine's — but only
                        // when something other than B's own forks shows that this machine puts launches on both
                        // (A's forks, or another row's): B alone on two levels may be the change itself.
                        if (ka > 0 && ka < na || bothElsewhere(pairs, e.getValue(), i, lv)) {
                            fa[i] = lv.withinLevel(p.a());
                            fb[i] = lv.withinLevel(p.b());
                            withinLevels[i] = ka > 0 || kb > 0;
                        }
                    }
                }
                sa[i] = Stability.of(fa[i]);
                sb[i] = Stability.of(fb[i]);
                if (sa[i].stable() && Stats.allPositive(fa[i].forks())) {
                    stableLogs.add(Stats.logs(fa[i].forks()));
                }
                if (sb[i].stable() && Stats.allPositive(fb[i].forks())) {
                    stableLogs.add(Stats.logs(fb[i].forks()));
                }
            }
            noise.put(e.getKey(), PooledNoise.of(stableLogs));
        }
        ForkTest.Result[] tests = new ForkTest.Result[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            if (out[i] != null) {
                continue;
            }
            Pair p = pairs.get(i);
            double ratio = fb[i].value() / fa[i].value();
            Effect point = new Effect(ratio, Double.NaN, Double.NaN, ForkTest.CONFIDENCE, p.higherIsBetter());
            // Only a move towards worse can hide a regression: a figure that could not be judged and looks better is
            // shown as not judged, one that looks worse past the threshold cannot be told.
            boolean worse = p.higherIsBetter() ? ratio < 1 : ratio > 1;
            boolean moved = Double.isFinite(ratio) ? worse && Math.abs(ratio - 1) > threshold
                    : fb[i].value() != fa[i].value();
            if (!sa[i].stable() || !sb[i].stable()) {
                String reason = (sa[i].stable() ? "" : "A: " + sa[i].reason()) + (sa[i].stable() || sb[i].stable() ? "" : "; ")
                        + (sb[i].stable() ? "" : "B: " + sb[i].reason());
                out[i] = moved
                        ? new Answer(Kind.CANNOT_TELL, point, Double.NaN, reason + ", and the figure moved towards worse past the "
                                + Format.percent(threshold) + " threshold", unstableTell(fa[i], fb[i], sa[i], sb[i],
                                levels.get(p.figure()), threshold))
                        : new Answer(Kind.UNSTABLE, point, Double.NaN, reason, "");
                continue;
            }
            ForkTest.Result t = ForkTest.test(fb[i].forks(), fa[i].forks(), p.higherIsBetter(), noise.get(p.figure()));
            if (!t.tested()) {
                String few = ForkTest.forksNeeded(t.forksCandidate(), t.forksReference());
                out[i] = moved
                        ? new Answer(Kind.CANNOT_TELL, point, Double.NaN, few + ", and the figure moved towards worse past the "
                                + Format.percent(threshold) + " threshold", ForkTest.MIN_FORKS + " forks a side would tell")
                        : new Answer(Kind.TOO_FEW_FORKS, point, Double.NaN, few, "");
                continue;
            }
            tests[i] = t;
        }
        for (boolean headline : new boolean[] {true, false}) {
            List<Integer> family = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                if (tests[i] != null && pairs.get(i).headline() == headline) {
                    family.add(i);
                }
            }
            double[] adjusted = ForkTest.holm(family.stream().mapToDouble(i -> tests[i].pValue()).toArray());
            for (int k = 0; k < family.size(); k++) {
                int i = family.get(k);
                out[i] = decide(pairs.get(i), tests[i], adjusted[k], family.size(), levels.get(pairs.get(i).figure()),
                        rowsOf.get(pairs.get(i).figure()), threshold, headline, withinLevels[i]);
            }
        }
        return List.of(out);
    }

    /** Whether a row other than {@code self} has forks on both levels (on either side). */
    private static boolean bothElsewhere(List<Pair> pairs, List<Integer> group, int self, TwoLevels lv) {
        for (int j : group) {
            if (j == self) {
                continue;
            }
            for (Figure f : List.of(pairs.get(j).a(), pairs.get(j).b())) {
                int k = lv.highCount(f.forks());
                if (k > 0 && k < f.forks().length) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The family-wise error rate of each Holm family: together at most {@link ForkTest#ALPHA} per table. */
    static double alpha(boolean headline) {
        return headline ? HEADLINE_ALPHA : OTHER_ALPHA;
    }

    private static Answer decide(Pair p, ForkTest.Result t, double adjusted, int familySize, TwoLevels levels, int rows,
                                 double threshold, boolean headline, boolean withinLevels) {
        double familyAlpha = alpha(headline);
        Effect effect = ForkTest.corrected(t, adjusted, familySize, familyAlpha);
        String holm = Format.p(adjusted) + " (Holm over " + familySize + (headline ? " headline" : " other")
                + (familySize == 1 ? " figure" : " figures") + " at " + Format.percent(familyAlpha)
                + (t.pooled() ? ", noise pooled over the rows" : "") + ")"
                + (withinLevels ? "; compared within each of the machine's two levels (" + Format.sig(levels.gap()) + "× apart)" : "");
        if (!ForkTest.called(adjusted, t, threshold, familyAlpha)) {
            String why = t.size() <= threshold ? "within the " + Format.percent(threshold) + " threshold"
                    : "within noise, " + holm;
            return new Answer(Kind.NO_DIFFERENCE, effect, adjusted, why, "");
        }
        double split = levels.splitProbability(t.forksCandidate(), t.forksReference());
        // Any of the figure's rows could have drawn the split: the chance is judged per table, not per row.
        double alpha = familyAlpha / rows;
        if (levels.couldBeSplit(effect.ratio()) && split > alpha) {
            return new Answer(Kind.CANNOT_TELL, effect, adjusted, levels.words(p.unit()) + ": every fork of A on one level"
                    + " and every fork of B on the other happens by chance " + Format.percent(split) + " of the time",
                    levels.forksToTell(alpha) + " forks a side would tell");
        }
        return new Answer(effect.worse() ? Kind.WORSE : Kind.BETTER, effect, adjusted, holm, "");
    }

    /** What would tell for a side whose forks disagree: runs that settle, or enough forks for the rows' own spread. */
    private static String unstableTell(Figure fa, Figure fb, Stability sa, Stability sb, TwoLevels levels, double threshold) {
        String reasons = (sa.stable() ? "" : sa.reason()) + " " + (sb.stable() ? "" : sb.reason());
        if (reasons.contains("runs inside")) {
            return "forks whose runs settle (a longer warm-up or longer runs) would tell";
        }
        double[] a = fa.forks();
        double[] b = fb.forks();
        if (!Stats.allPositive(a) || !Stats.allPositive(b) || a.length < 2 || b.length < 2) {
            return "forks that agree would tell";
        }
        double s = Math.sqrt((Stats.variance(Stats.logs(a)) + Stats.variance(Stats.logs(b))) / 2);
        double d = Math.log1p(threshold);
        // Two-sided 5 %, 80 % power, normal approximation: n = 2((1.96 + 0.84) s / d)².
        long n = Math.max(ForkTest.MIN_FORKS + 2, (long) Math.ceil(2 * Math.pow(2.8 * s / d, 2)));
        String forks = n > 60 ? "more than 60 forks a side" : n + " forks a side";
        return (levels.twoLevel() ? "launches land on two levels here: " : "") + forks + " would tell";
    }
}
