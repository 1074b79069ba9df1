package org.jvmmark.report.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.jvmmark.report.judge.Judgement.Answer;
import org.jvmmark.report.judge.Judgement.Reason;

/**
 * The one judgement layer (see the package's documentation and DESIGN.md beside it): one family of {@link Contrast}s
 * in, one {@link Judgement} each out.
 *
 * <p><b>Per contrast.</b> A candidate whose share of failed forks rose beyond chance is worse (§6). Fewer than {@value
 * #MIN_FORKS} forks on a side: cannot tell. Otherwise the effect — the ratio of the rows' centres from {@link
 * NoiseModel} — and its interval from the t distribution, then the three regions of §5:
 * <ul>
 *   <li><b>better / worse</b> only when the family's interval lies wholly past the threshold;</li>
 *   <li><b>no difference</b> only when the whole {@value #EQUIVALENCE_CONFIDENCE} interval (the two one-sided tests
 *       at 5 %) lies within [1 − threshold, 1 + threshold], and the run-to-run spread behind it was measured (§4);</li>
 *   <li><b>cannot tell</b> otherwise, with the forks (within a run) or runs (across runs) a side that would tell.</li>
 * </ul>
 *
 * <p><b>One family per call.</b> The intervals of all the estimated contrasts of one call are Bonferroni's at
 * family-wise level {@value #ALPHA} (each at 1 − {@value #ALPHA}/m): the chance that any call of the family is false
 * is at most {@value #ALPHA}. "No difference" is each contrast's own equivalence test ({@link
 * #EQUIVALENCE_CONFIDENCE}); a gate's "nothing regressed past the threshold" is the intersection of those claims
 * and holds at {@value #ALPHA} by the intersection–union principle. The callers put all the gating figures of a table,
 * a {@code compare} or a {@code history check} into one call.
 *
 * <p><b>At one threshold.</b> A caller that judges many figures of one call ({@code compare}'s builder) takes a judge
 * {@linkplain #at at} its threshold, checked once, and asks it without handing the threshold to every judgement.
 *
 * <p>Thread-safe: an instance holds only its threshold, and the class no state of its own (each evidence's fit is
 * remembered by {@link NoiseModel#of}).
 */
public final class Judge {
    /** Fewest forks a side for an estimate. */
    public static final int MIN_FORKS = 3;
    /** Fewest runs a side that measure the run-to-run spread well enough to be told (DESIGN.md §4). */
    public static final int MIN_RUNS = 3;
    /** The family-wise error rate of one call. */
    public static final double ALPHA = 0.05;
    /**
     * The level of the interval "no difference" rests on: the two one-sided tests at {@value #ALPHA} each, i.e. a
     * 90 % interval within ±threshold. Not widened by the family: the gate's "nothing regressed" is the claim that
     * every figure is within the threshold, an intersection of the figures' claims, and by the intersection–union
     * principle (Berger 1982) it holds at {@value #ALPHA} when each does.
     */
    public static final double EQUIVALENCE_CONFIDENCE = 1 - 2 * ALPHA;
    /**
     * §3: a figure the machine's level moves by less than this (the whole 90 % interval of λ within ±2 %, as a ratio) is
     * judged without the level, and keeps the forks during which the machine changed level: such a fork's blend of two
     * levels then moves its value by less than 2 %, under half the default 5 % threshold, and less than the fork noise of
     * every figure measured on this VM but synthetic's (whose λ is 0 ± 0.3 %).
     */
    public static final double LEVEL_BOUND = 0.02;
    /** The default practical threshold: 5 %. */
    public static final double DEFAULT_THRESHOLD = 0.05;

    /** The threshold this judge's answers use, as a fraction. */
    private final double threshold;

    private Judge(double threshold) {
        this.threshold = threshold;
    }

    /**
     * A judge at {@code threshold}: every answer it gives uses it.
     *
     * @throws IllegalArgumentException unless {@code threshold} is a finite fraction >= 0
     */
    public static Judge at(double threshold) {
        checkThreshold(threshold);
        return new Judge(threshold);
    }

    /** The relative change that counts, as a fraction (0.05 = 5 %). */
    public double threshold() {
        return threshold;
    }

    /** Whether a relative change ({@code b / a − 1}) lies past the threshold; false for NaN. */
    public boolean past(double change) {
        return Math.abs(change) > threshold;
    }

    /** The judgements of one family at this judge's threshold (see {@link #judge(List, double)}). */
    public List<Judgement> judge(List<Contrast> family) {
        return judge(family, threshold);
    }

    /** What a row's failed forks say, at this judge's threshold (see {@link #failures(int, int, int, int, double)}). */
    public Judgement failures(int failedCandidate, int launchedCandidate, int failedReference, int launchedReference) {
        return failures(failedCandidate, launchedCandidate, failedReference, launchedReference, threshold);
    }

    /** A figure measured before and not now, at this judge's threshold (see {@link #missing(boolean, double)}). */
    public Judgement missing(boolean higherIsBetter) {
        return missing(higherIsBetter, threshold);
    }

    /** Sides that are not the same measurement, at this judge's threshold (see {@link #notComparable(boolean, double)}). */
    public Judgement notComparable(boolean higherIsBetter) {
        return notComparable(higherIsBetter, threshold);
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
        int[] c = new int[family.size()];
        int[] r = new int[family.size()];
        Reason[] early = new Reason[family.size()];
        NoiseModel[] m = new NoiseModel[family.size()];
        int estimated = 0;
        for (int i = 0; i < family.size(); i++) {
            Contrast k = family.get(i);
            m[i] = NoiseModel.of(k.evidence());
            c[i] = k.evidence().indexOf(k.candidate());
            r[i] = k.evidence().indexOf(k.reference());
            RowForks cand = k.evidence().rows().get(c[i]);
            RowForks ref = k.evidence().rows().get(r[i]);
            if (Failures.riseP(cand, ref) < Failures.RISE_ALPHA) {
                early[i] = Reason.FAILED;
            } else if (m[i].forks(c[i]) < MIN_FORKS || m[i].forks(r[i]) < MIN_FORKS) {
                early[i] = Reason.TOO_FEW_FORKS;
            } else {
                estimated++;
            }
        }
        double confidence = 1 - ALPHA / Math.max(1, Math.max(estimated, familySize));
        List<Judgement> out = new ArrayList<>();
        for (int i = 0; i < family.size(); i++) {
            out.add(one(family.get(i), m[i], c[i], r[i], early[i], confidence, threshold));
        }
        return out;
    }

    /**
     * What a row's failed forks say on their own (DESIGN.md §6), for the surfaces that judge a row's failures once rather
     * than on each of its figures ({@code compare}'s and {@code history check}'s status lines): worse when the candidate's
     * share of failed forks rose beyond chance, cannot tell when it rose within chance but not far from it, null when the
     * failures say nothing against the candidate.
     *
     * @param failedCandidate the candidate's forks that failed or timed out
     * @param launchedCandidate the candidate's forks in all, failed or not
     */
    public static Judgement failures(int failedCandidate, int launchedCandidate, int failedReference, int launchedReference,
                                     double threshold) {
        double p = Failures.riseP(failedCandidate, launchedCandidate, failedReference, launchedReference);
        if (p >= Failures.SUSPECT_ALPHA) {
            return null;
        }
        boolean rose = p < Failures.RISE_ALPHA;
        Effect share = new Effect((double) failedCandidate / launchedCandidate, Double.NaN, Double.NaN,
                EQUIVALENCE_CONFIDENCE, false);
        return new Judgement(rose ? Answer.WORSE : Answer.CANNOT_TELL, rose ? Reason.FAILED : Reason.FAILURES_UNCLEAR,
                share, p, Math.max(0, launchedCandidate - failedCandidate), Math.max(0, launchedReference - failedReference),
                failedCandidate, 0, false,
                Double.NaN, false, threshold);
    }

    /**
     * The gap between two launch levels that {@code e}'s values show and no probe observed (DESIGN.md §3), NaN where
     * there are none: for surfaces that judge runs' centres ({@code history check}), whose contrasts across runs cannot
     * be told then.
     */
    public static double unobservedLevelGap(Evidence e) {
        return NoiseModel.of(e).unobservedGap();
    }

    /** {@code j} withheld because its runs' forks sat on levels {@code gap} apart that no probe observed (§3). */
    public static Judgement levelsNotObserved(Judgement j, double gap) {
        return new Judgement(Answer.CANNOT_TELL, Reason.LEVELS_NOT_OBSERVED, j.effect(), j.p(), j.forksCandidate(),
                j.forksReference(), j.failedCandidate(), 0, false, gap, j.ownSpread(), j.threshold(), j.runsCandidate(),
                j.runsReference(), RunSpread.Source.MEASURED);
    }

    /**
     * The answer for a figure the reference measured and the candidate did not (or not in a way that can be trusted):
     * cannot tell, never "no regression" (DESIGN.md §7).
     */
    public static Judgement missing(boolean higherIsBetter, double threshold) {
        Effect none = new Effect(Double.NaN, Double.NaN, Double.NaN, EQUIVALENCE_CONFIDENCE, higherIsBetter);
        return new Judgement(Answer.CANNOT_TELL, Reason.MISSING, none, Double.NaN, 0, 0, 0, 0, false, Double.NaN, false,
                threshold);
    }

    /**
     * The answer for a figure whose two sides are not the same measurement (DESIGN.md §7): cannot tell, never "no
     * regression"; the caller says why.
     */
    public static Judgement notComparable(boolean higherIsBetter, double threshold) {
        Effect none = new Effect(Double.NaN, Double.NaN, Double.NaN, EQUIVALENCE_CONFIDENCE, higherIsBetter);
        return new Judgement(Answer.CANNOT_TELL, Reason.NOT_COMPARABLE, none, Double.NaN, 0, 0, 0, 0, false, Double.NaN,
                false, threshold);
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
        NoiseModel m = NoiseModel.of(e);
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < e.rows().size(); i++) {
            out.put(e.rows().get(i).id(), m.forks(i) == 0 ? Double.NaN : m.logs() ? Math.exp(m.centre(i)) : m.centre(i));
        }
        return out;
    }

    /**
     * The forks of {@code row} the judge estimates from for {@code e}'s figure: those that measured it, less those during
     * which the machine changed level where the figure follows the level (DESIGN.md §3). What {@code --forks auto}
     * counts, so that a row it calls complete has the forks the report's verdict needs.
     */
    public static int usableForks(Evidence e, String row) {
        return NoiseModel.of(e).forks(e.indexOf(row));
    }

    /** {@code row}'s forks left out of {@code e}'s figure because the machine changed level while they ran (§3). */
    public static int leftOut(Evidence e, String row) {
        return NoiseModel.of(e).changed(e.indexOf(row));
    }

    /**
     * §3: the 90 % interval of how much the machine's upper level moves {@code e}'s figure, as ratios {low, high};
     * NaNs where it was not estimated. Where it lies within ±{@link #LEVEL_BOUND} the figure is judged without
     * the levels and keeps the forks that changed level.
     */
    public static double[] levelEffect(Evidence e) {
        return NoiseModel.of(e).levelEffect();
    }

    /** Whether the machine's observed level was shown not to move {@code e}'s figure (§3; see {@link #levelEffect}). */
    public static boolean levelBounded(Evidence e) {
        return NoiseModel.of(e).levelBounded(LEVEL_BOUND);
    }

    /**
     * The gap between the machine's two launch levels as a factor when the figure's rows are judged within them, NaN
     * when they are not (one level, or rows that land on the levels in shares of their own).
     */
    public static double levelGap(Evidence e) {
        NoiseModel m = NoiseModel.of(e);
        return m.levelGap();
    }

    /**
     * How much a figure varies from fork to fork on this machine: the median over the rows with two forks or more of
     * each row's standard deviation of its log fork values about the model (within the machine's levels where the
     * figure is judged within them), as a fraction (0.04 = 4 %); NaN when no row has two forks or the values are not
     * all positive.
     */
    public static double spread(Evidence e) {
        NoiseModel m = NoiseModel.of(e);
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
    private static double repeatHalfWidth(NoiseModel m, int i) {
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
        NoiseModel m = NoiseModel.of(e);
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
        NoiseModel m = NoiseModel.of(e);
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

    private static Judgement one(Contrast k, NoiseModel m, int c, int r, Reason early, double confidence,
                                 double threshold) {
        Evidence e = k.evidence();
        RowForks cand = e.rows().get(c);
        RowForks ref = e.rows().get(r);
        boolean higher = e.higherIsBetter();
        double gap = m.levelGap();
        if (early != null) {
            Effect point = new Effect(ratioOfCentres(m, c, r), Double.NaN, Double.NaN, confidence, higher);
            return new Judgement(early == Reason.FAILED ? Answer.WORSE : Answer.CANNOT_TELL, early, point, Double.NaN,
                    m.forks(c), m.forks(r), cand.failed(), early == Reason.FAILED ? 0 : MIN_FORKS, false, gap, false,
                    threshold, m.runs(c), m.runs(r), m.runs(c) == 0 || m.runs(r) == 0 ? RunSpread.Source.CANCELS
                    : RunSpread.Source.ASSUMED, m.changed(c) + m.changed(r));
        }
        NoiseModel.Estimate est = m.estimate(c, r);
        if (!Double.isFinite(est.diff()) || !(est.se() >= 0) || Double.isNaN(est.df())) {
            // No interval can be had (a noise that could not be estimated): cannot tell, never an internal error.
            Effect none = new Effect(Double.NaN, Double.NaN, Double.NaN, confidence, higher);
            return new Judgement(Answer.CANNOT_TELL, Reason.INTERVAL_WIDE, none, Double.NaN, m.forks(c), m.forks(r),
                    cand.failed(), 0, false, gap, false, threshold, est.runsCandidate(), est.runsReference(), est.runSpread());
        }
        double df = Math.max(1, est.df());
        double p = est.se() == 0 ? (est.diff() == 0 ? 1 : 0)
                : Math.min(1, 2 * TDistribution.of(df).survivalProbability(Math.abs(est.diff()) / est.se()));
        // §5: a call rests on the family's interval (Bonferroni), "no difference" on the two one-sided tests' (90 %).
        Effect family = interval(est, df, confidence, higher);
        Effect equivalence = interval(est, df, EQUIVALENCE_CONFIDENCE, higher);
        Answer answer;
        Reason reason;
        Effect effect;
        if (family.low() > 1 + threshold || family.high() < 1 - threshold) {
            // §5.1: the whole interval past the threshold, one side or the other.
            answer = family.worse() ? Answer.WORSE : Answer.BETTER;
            reason = Reason.CALLED;
            effect = family;
        } else if (equivalence.low() >= 1 - threshold && equivalence.high() <= 1 + threshold) {
            // §5.2; §4: never on an assumed run-to-run spread.
            boolean assumed = est.runSpread() == RunSpread.Source.ASSUMED;
            answer = assumed ? Answer.CANNOT_TELL : Answer.NO_DIFFERENCE;
            reason = assumed ? Reason.RUNS_UNREPLICATED : Reason.WITHIN_THRESHOLD;
            effect = equivalence;
        } else {
            // §5.3: the 90 % interval where it reaches both within and past the threshold; the family's where the 90 %
            // one lies wholly past it but the family's does not.
            answer = Answer.CANNOT_TELL;
            reason = Reason.INTERVAL_WIDE;
            boolean pastThreshold = equivalence.low() > 1 + threshold || equivalence.high() < 1 - threshold;
            effect = pastThreshold ? family : equivalence;
        }
        if (m.levelWithSide(c, r)) {
            answer = Answer.CANNOT_TELL; // issue 48: the level moved with the side, λ not estimable within a run
            reason = Reason.LEVEL_WITH_SIDE;
        }
        if (est.acrossRuns() && !Double.isNaN(m.unobservedGap())) {
            answer = Answer.CANNOT_TELL; // §3: levels the values show and no probe observed, across runs
            reason = Reason.LEVELS_NOT_OBSERVED;
            gap = m.unobservedGap();
        }
        if (answer != Answer.WORSE && Failures.riseP(cand, ref) < Failures.SUSPECT_ALPHA) {
            answer = Answer.CANNOT_TELL; // §6: more forks lost, not beyond chance
            reason = Reason.FAILURES_UNCLEAR;
        }
        int tell = switch (reason) {
            case INTERVAL_WIDE -> est.acrossRuns()
                    ? toTell(est, confidence, threshold, Math.max(est.runsCandidate(), est.runsReference()))
                    : toTell(est, confidence, threshold, Math.max(m.forks(c), m.forks(r)));
            case RUNS_UNREPLICATED -> Math.max(MIN_RUNS, Math.max(est.runsCandidate(), est.runsReference()) + 1);
            default -> 0;
        };
        return new Judgement(answer, reason, effect, p, m.forks(c), m.forks(r), cand.failed(), tell, est.withinLevels(), gap,
                est.ownSpread(), threshold, est.runsCandidate(), est.runsReference(), est.runSpread(),
                m.changed(c) + m.changed(r));
    }

    private static Effect interval(NoiseModel.Estimate est, double df, double confidence, boolean higher) {
        double q = est.se() == 0 ? 0 : TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
        return effect(est, est.diff() - q * est.se(), est.diff() + q * est.se(), confidence, higher);
    }

    private static double ratioOfCentres(NoiseModel m, int c, int r) {
        if (m.forks(c) == 0 || m.forks(r) == 0) {
            return Double.NaN;
        }
        return m.logs() ? Math.exp(m.centre(c) - m.centre(r)) : m.centre(c) / m.centre(r);
    }

    private static Effect effect(NoiseModel.Estimate est, double low, double high, double confidence, boolean higher) {
        if (est.logs()) {
            return new Effect(Math.exp(est.diff()), Math.exp(low), Math.exp(high), confidence, higher);
        }
        double ref = Math.abs(est.referenceMean());
        return ref == 0 ? new Effect(Double.NaN, Double.NaN, Double.NaN, confidence, higher)
                : new Effect(1 + est.diff() / ref, 1 + low / ref, 1 + high / ref, confidence, higher);
    }

    /**
     * The forks (or runs) a side, both sides equal and the noise as estimated, that would make the interval decide
     * (DESIGN.md §5.3; normal approximation): lie within the threshold when the estimate is inside it, lie wholly past it
     * when the estimate is past it. At least one more than now; {@link Judgement#MORE_THAN_CAP} past {@link
     * Judgement#CAP}. Across runs the noise is the spread of a run's centre, so the answer is runs.
     */
    static int toTell(NoiseModel.Estimate est, double confidence, double threshold, int now) {
        // The standard error at one fork (run) a side: se = s·√(1/n_c + 1/n_r) at today's counts.
        double s = est.se() / Math.sqrt(2.0 / Math.max(1, now));
        if (!est.logs()) {
            s = s / Math.abs(est.referenceMean());
        }
        if (!(s > 0)) {
            return now + 1;
        }
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double zCall = normal.inverseSurvivalProbability((1 - confidence) / 2);
        double zSame = normal.inverseSurvivalProbability((1 - EQUIVALENCE_CONFIDENCE) / 2);
        double d = Math.abs(est.logs() ? est.diff() : est.diff() / Math.abs(est.referenceMean()));
        double margin = est.logs() ? Math.log1p(threshold) : threshold;
        double best = Double.POSITIVE_INFINITY;
        if (d < margin) {
            best = 2 * Math.pow(zSame * s / (margin - d), 2);
        } else if (d > margin) {
            best = 2 * Math.pow(zCall * s / (d - margin), 2);
        }
        if (!(best <= Judgement.CAP)) {
            return Judgement.MORE_THAN_CAP;
        }
        return Math.max(now + 1, (int) Math.ceil(best));
    }
}
