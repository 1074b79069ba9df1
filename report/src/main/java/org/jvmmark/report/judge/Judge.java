package org.jvmmark.report.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.jvmmark.report.judge.Judgement.Answer;
import org.jvmmark.report.judge.Judgement.Reason;

/**
 * The one judgement layer (see the package's documentation): one family of {@link Contrast}s in, one {@link
 * Judgement} each out.
 *
 * <p><b>Per contrast.</b> Fewer than {@value #MIN_FORKS} forks on a side: cannot tell. The machine's levels and
 * the two rows confounded ({@link LevelModel#confounded}), or two runs' rows wholly on either side of a gap in the
 * figure's forks with too few forks for that split to be beyond chance ({@link LevelModel#unresolvedSplit}): cannot
 * tell. Otherwise the effect — the ratio of the
 * rows' level-adjusted geometric means — and its interval from the t distribution at the family's level, then:
 * <ul>
 *   <li><b>better / worse</b> when the family's interval excludes 1 and the effect passes the threshold;</li>
 *   <li><b>no difference</b> when the whole {@value #EQUIVALENCE_CONFIDENCE} interval (the two one-sided tests
 *       at 5 %) lies within [1 − threshold, 1 + threshold];</li>
 *   <li><b>cannot tell</b> otherwise, with the forks a side that would make the interval decide.</li>
 * </ul>
 * A candidate with failed forks where its reference has none is <b>worse</b> (a failure is evidence too).
 *
 * <p><b>One family per call.</b> The intervals of all the estimated contrasts of one call are Bonferroni's at
 * family-wise level {@value #ALPHA} (each at 1 − {@value #ALPHA}/m): the chance that any call of the family is false
 * is at most {@value #ALPHA}. "No difference" is each contrast's own equivalence test ({@link
 * #EQUIVALENCE_CONFIDENCE}); a gate's "nothing regressed past the threshold" is the intersection of those claims
 * and holds at {@value #ALPHA} by the intersection–union principle. The judgement shows the interval its answer
 * rests on (the family's for a call, the equivalence interval otherwise), its level printed with it. The callers
 * put all the figures of a table, or all the gating figures of a {@code compare}, into one call.
 *
 * <p>Thread-safe; holds no state of its own (each evidence's fit is remembered by {@link LevelModel#of}).
 */
public final class Judge {
    /** Fewest forks a side for an estimate. */
    public static final int MIN_FORKS = 3;
    /** The family-wise error rate of one call. */
    public static final double ALPHA = 0.05;
    /**
     * The level of the interval "no difference" rests on: the two one-sided tests at {@value #ALPHA} each, i.e. a
     * 90 % interval within ±threshold. Not widened by the family: the gate's "nothing regressed" is the claim that
     * every figure is within the threshold, an intersection of the figures' claims, and by the intersection–union
     * principle (Berger 1982) it holds at {@value #ALPHA} when each does.
     */
    public static final double EQUIVALENCE_CONFIDENCE = 1 - 2 * ALPHA;
    /** The default practical threshold: 5 %. */
    public static final double DEFAULT_THRESHOLD = 0.05;

    private Judge() {
    }

    /** The judgements of one family, in the order of {@code family}. */
    public static List<Judgement> judge(List<Contrast> family, double threshold) {
        return judge(family, threshold, 0);
    }

    /**
     * The judgements of {@code family}, part of a larger family of {@code familySize} estimated contrasts (a report's
     * questions, judged a pair at a time): each interval at 1 − 5 %/max(familySize, this call's estimated contrasts).
     */
    public static List<Judgement> judge(List<Contrast> family, double threshold, int familySize) {
        checkThreshold(threshold);
        List<Judgement> out = new ArrayList<>();
        int[] c = new int[family.size()];
        int[] r = new int[family.size()];
        Reason[] early = new Reason[family.size()];
        LevelModel[] m = new LevelModel[family.size()];
        double[] splitGap = new double[family.size()];
        java.util.Arrays.fill(splitGap, Double.NaN);
        double confoundAlpha = ALPHA / Math.max(1, family.size());
        int estimated = 0;
        for (int i = 0; i < family.size(); i++) {
            Contrast k = family.get(i);
            m[i] = LevelModel.of(k.evidence());
            c[i] = k.evidence().indexOf(k.candidate());
            r[i] = k.evidence().indexOf(k.reference());
            RowForks cand = k.evidence().rows().get(c[i]);
            RowForks ref = k.evidence().rows().get(r[i]);
            if (cand.failed() > 0 && ref.failed() == 0 && ref.n() > 0) {
                early[i] = Reason.FAILED;
            } else if (m[i].forks(c[i]) < MIN_FORKS || m[i].forks(r[i]) < MIN_FORKS) {
                // (The model's forks: a fork whose runs sat on both of the machine's levels measured neither.)
                early[i] = Reason.TOO_FEW_FORKS;
            } else if (m[i].runsApart(c[i], r[i])) {
                early[i] = Reason.RUNS_ON_TWO_LEVELS;
            } else if (m[i].confounded(c[i], r[i])) {
                early[i] = Reason.LEVELS_CONFOUNDED;
            } else {
                // Rows of two runs wholly on either side of a gap, too few forks for the split to be beyond chance.
                splitGap[i] = m[i].unresolvedSplit(k.evidence().rows(), c[i], r[i], confoundAlpha);
                if (Double.isNaN(splitGap[i])) {
                    estimated++;
                } else {
                    early[i] = Reason.LEVELS_CONFOUNDED;
                }
            }
        }
        double confidence = 1 - ALPHA / Math.max(1, Math.max(estimated, familySize));
        for (int i = 0; i < family.size(); i++) {
            out.add(one(family.get(i), m[i], c[i], r[i], early[i], confidence, threshold, confoundAlpha, splitGap[i]));
        }
        return out;
    }

    /** @throws IllegalArgumentException unless {@code threshold} is a finite fraction >= 0 */
    public static void checkThreshold(double threshold) {
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold must be a fraction >= 0 (0.05 for 5 %), not " + threshold);
        }
    }

    /**
     * Each row's figure adjusted for the machine's levels (its geometric mean as if every fork had sat on the lower
     * level; the plain mean when the values are not all positive): what a ranking orders rows by.
     */
    public static Map<String, Double> centres(Evidence e) {
        LevelModel m = LevelModel.of(e);
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < e.rows().size(); i++) {
            out.put(e.rows().get(i).id(), m.forks(i) == 0 ? Double.NaN : m.logs() ? Math.exp(m.centre(i)) : m.centre(i));
        }
        return out;
    }

    /**
     * The gap between the machine's two launch levels as a factor when the figure's rows are judged within them, NaN
     * when they are not (one level, or rows that land on the levels in shares of their own).
     */
    public static double levelGap(Evidence e) {
        LevelModel m = LevelModel.of(e);
        return m.levelled() ? m.levels().gap() : Double.NaN;
    }

    /**
     * How much a figure varies from fork to fork on this machine: the median over the rows with two forks or more of
     * each row's standard deviation of its log fork values about the model (within the machine's levels where the
     * figure is judged within them), as a fraction (0.04 = 4 %); NaN when no row has two forks or the values are not
     * all positive.
     */
    public static double spread(Evidence e) {
        LevelModel m = LevelModel.of(e);
        if (!m.logs()) {
            return Double.NaN;
        }
        double[] sigmas = java.util.stream.IntStream.range(0, e.rows().size()).filter(i -> m.forks(i) >= 2)
                .mapToDouble(i -> m.noise(i)[0]).filter(Double::isFinite).sorted().toArray();
        if (sigmas.length == 0) {
            return Double.NaN;
        }
        int n = sigmas.length;
        double median = n % 2 == 1 ? sigmas[n / 2] : (sigmas[n / 2 - 1] + sigmas[n / 2]) / 2;
        return Math.expm1(median);
    }

    /**
     * How precisely a row's figure is known: the half-width, as a log ratio, of the 90 % interval that comparing the row
     * with an identical rerun (as many forks, the same noise) would get, q·σ·√(2/n) with the row's noise from the
     * model (pooled, or its own). NaN below two forks or when the noise is unknown. What {@code --forks auto} grows a
     * row on, so that the next run of the same command can be shown to be within the threshold.
     */
    private static double repeatHalfWidth(LevelModel m, int i) {
        double[] noise = m.noise(i);
        if (m.forks(i) < 2 || !(noise[1] >= 1) || Double.isNaN(noise[0])) {
            return Double.NaN;
        }
        double q = TDistribution.of(noise[1]).inverseSurvivalProbability((1 - EQUIVALENCE_CONFIDENCE) / 2);
        return q * noise[0] * Math.sqrt(2.0 / m.forks(i));
    }


    /**
     * Whether a row's figure is known precisely enough that the next run of the same command can be shown to be within
     * ±threshold of it: the 90 % interval such a comparison gets (q·σ·√(2/n)) plus the distance its estimate
     * strays by chance (one standard error of the difference, σ·√(2/n)) stay within the threshold. False when the
     * noise is unknown.
     */
    public static boolean repeatable(Evidence e, String row, double threshold) {
        LevelModel m = LevelModel.of(e);
        int i = e.indexOf(row);
        double hw = repeatHalfWidth(m, i);
        double stray = m.noise(i)[0] * Math.sqrt(2.0 / Math.max(1, m.forks(i)));
        return hw + stray <= Math.log1p(threshold);
    }

    /**
     * The forks the row would need to be {@linkplain #repeatable repeatable} at its noise as estimated now (normal
     * approximation): 2·((z + 1)·σ ÷ ln(1 + threshold))², z the equivalence level's; {@link Judgement#MORE_THAN_CAP}
     * past {@link Judgement#CAP} or when the noise is unknown.
     */
    public static int forksToRepeat(Evidence e, String row, double threshold) {
        LevelModel m = LevelModel.of(e);
        double sigma = m.noise(e.indexOf(row))[0];
        if (Double.isNaN(sigma)) {
            return Judgement.MORE_THAN_CAP;
        }
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - EQUIVALENCE_CONFIDENCE) / 2);
        double n = 2 * Math.pow((z + 1) * sigma / Math.log1p(threshold), 2);
        return n > Judgement.CAP ? Judgement.MORE_THAN_CAP : (int) Math.ceil(n);
    }

    /** One contrast judged alone: a family of one. */
    public static Judgement judge(Contrast contrast, double threshold) {
        return judge(List.of(contrast), threshold).get(0);
    }

    private static Judgement one(Contrast k, LevelModel m, int c, int r, Reason early, double confidence,
                                 double threshold, double confoundAlpha, double splitGap) {
        Evidence e = k.evidence();
        RowForks cand = e.rows().get(c);
        RowForks ref = e.rows().get(r);
        boolean higher = e.higherIsBetter();
        double gap = m.levels().twoLevel() ? m.levels().gap() : splitGap;
        if (early != null) {
            double ratio = ratioOfCentres(m, c, r);
            Effect point = new Effect(ratio, Double.NaN, Double.NaN, confidence, higher);
            return switch (early) {
                case FAILED -> new Judgement(Answer.WORSE, Reason.FAILED, point, Double.NaN, m.forks(c), m.forks(r), cand.failed(),
                        0, false, gap, false, threshold);
                case TOO_FEW_FORKS -> new Judgement(Answer.CANNOT_TELL, Reason.TOO_FEW_FORKS, point, Double.NaN, m.forks(c),
                        m.forks(r), cand.failed(), MIN_FORKS, false, gap, false, threshold);
                case RUNS_ON_TWO_LEVELS -> new Judgement(Answer.CANNOT_TELL, Reason.RUNS_ON_TWO_LEVELS, point, Double.NaN,
                        m.forks(c), m.forks(r), cand.failed(), 0, false, gap, false, threshold);
                default -> new Judgement(Answer.CANNOT_TELL, Reason.LEVELS_CONFOUNDED, point, Double.NaN, m.forks(c), m.forks(r),
                        cand.failed(), Math.max(Math.max(m.forks(c), m.forks(r)) + 1, LevelModel.forksToSeparate(confoundAlpha)), true, gap,
                        false, threshold);
            };
        }
        LevelModel.Estimate est = m.estimate(c, r);
        double df = Math.max(1, est.df());
        double p = est.se() == 0 ? (est.diff() == 0 ? 1 : 0)
                : Math.min(1, 2 * TDistribution.of(df).survivalProbability(Math.abs(est.diff()) / est.se()));
        // A call rests on the family's interval (Bonferroni); "no difference" on the two one-sided tests' (90 %).
        Effect family = interval(est, df, confidence, higher);
        Effect equivalence = interval(est, df, EQUIVALENCE_CONFIDENCE, higher);
        Answer answer;
        Reason reason;
        Effect effect;
        if ((family.low() > 1 || family.high() < 1) && Math.abs(family.ratio() - 1) > threshold) {
            answer = family.worse() ? Answer.WORSE : Answer.BETTER;
            reason = Reason.CALLED;
            effect = family;
        } else if (equivalence.low() >= 1 - threshold && equivalence.high() <= 1 + threshold) {
            answer = Answer.NO_DIFFERENCE;
            reason = Reason.WITHIN_THRESHOLD;
            effect = equivalence;
        } else {
            answer = Answer.CANNOT_TELL;
            reason = Reason.INTERVAL_WIDE;
            // The interval the answer failed on: the 90 % one where it reaches both within and past the threshold; the
            // family's where the 90 % one lies wholly past it (no "no difference" was possible, the call was not made
            // because the family's interval holds no change or stays within the threshold).
            boolean pastThreshold = equivalence.low() > 1 + threshold || equivalence.high() < 1 - threshold;
            effect = pastThreshold ? family : equivalence;
        }
        int up = m.shareMove(c, r);
        Judgement.ShareMove move = up == 0 ? Judgement.ShareMove.NONE
                : (up > 0) != higher ? Judgement.ShareMove.TOWARD_WORSE : Judgement.ShareMove.TOWARD_BETTER;
        if (move != Judgement.ShareMove.NONE && answer != Answer.NO_DIFFERENCE) {
            // The runs' shares on the upper level moved: a call would rest on the gap carried across runs that sat on
            // the levels differently (an A/A pair of this VM was called 5-6 % apart so). "No difference" within the
            // levels stands: the levels are the machine's, and the words say the shares moved.
            answer = Answer.CANNOT_TELL;
            reason = Reason.SHARE_MOVED;
        }
        int tell = reason == Reason.INTERVAL_WIDE ? forksToTell(est, confidence, threshold, Math.max(m.forks(c), m.forks(r))) : 0;
        return new Judgement(answer, reason, effect, p, m.forks(c), m.forks(r), cand.failed(), tell, est.withinLevels(), gap,
                est.ownSpread(), threshold, move);
    }

    private static Effect interval(LevelModel.Estimate est, double df, double confidence, boolean higher) {
        double q = est.se() == 0 ? 0 : TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
        return effect(est, est.diff() - q * est.se(), est.diff() + q * est.se(), confidence, higher);
    }

    private static double ratioOfCentres(LevelModel m, int c, int r) {
        if (m.forks(c) == 0 || m.forks(r) == 0) {
            return Double.NaN;
        }
        return m.logs() ? Math.exp(m.centre(c) - m.centre(r)) : m.centre(c) / m.centre(r);
    }

    private static Effect effect(LevelModel.Estimate est, double low, double high, double confidence, boolean higher) {
        if (est.logs()) {
            return new Effect(Math.exp(est.diff()), Math.exp(low), Math.exp(high), confidence, higher);
        }
        double ref = Math.abs(est.referenceMean());
        return ref == 0 ? new Effect(Double.NaN, Double.NaN, Double.NaN, confidence, higher)
                : new Effect(1 + est.diff() / ref, 1 + low / ref, 1 + high / ref, confidence, higher);
    }

    /**
     * The forks a side (both sides equal, the noise as estimated) that would make the interval decide: lie within
     * the threshold when the estimate is inside it, exclude no change when it is past it (normal approximation,
     * the family's level). At least one more than now; {@link Judgement#MORE_THAN_CAP} past {@link Judgement#CAP}.
     */
    static int forksToTell(LevelModel.Estimate est, double confidence, double threshold, int now) {
        double s = est.noise();
        if (!(s > 0)) {
            return now + 1;
        }
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double zCall = normal.inverseSurvivalProbability((1 - confidence) / 2);
        double zSame = normal.inverseSurvivalProbability((1 - EQUIVALENCE_CONFIDENCE) / 2);
        double d = Math.abs(est.logs() ? est.diff() : est.diff() / Math.abs(est.referenceMean()));
        if (!est.logs()) {
            s = s / Math.abs(est.referenceMean());
        }
        double margin = est.logs() ? Math.log1p(threshold) : threshold;
        double best = Double.POSITIVE_INFINITY;
        if (d < margin) {
            best = Math.min(best, 2 * Math.pow(zSame * s / (margin - d), 2));
        }
        if (d > margin) {
            best = Math.min(best, 2 * Math.pow(zCall * s / d, 2));
        }
        if (!(best <= Judgement.CAP)) {
            return Judgement.MORE_THAN_CAP;
        }
        return Math.max(now + 1, (int) Math.ceil(best));
    }

}
