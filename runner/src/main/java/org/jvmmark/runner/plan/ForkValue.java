package org.jvmmark.runner.plan;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.jvmmark.report.judge.Judge;

/**
 * What more forks of an open row would buy, per second: the forks it still needs, the probability that they turn its
 * question into an answer, and the seconds they cost. {@code --forks auto} spends its budget on the best ratio first
 * ({@link AdaptiveForks#offers}). Numbers in, numbers out — the judge is asked once, in {@link AdaptiveForks#states},
 * and its figures arrive here as a {@link Question}. Stateless and thread-safe.
 *
 * <p><b>A pair that cannot tell yet.</b> With {@code n} forks a side, the effect estimated now as {@code d} (a log
 * ratio) and the fork-to-fork spread {@code σ} (log), the estimate at {@code N} forks a side is, before those forks
 * run, normal about {@code d} with variance {@code 2σ²·m/(n·N)} ({@code m = N − n} new forks a side, a flat prior on
 * the true effect). At {@code N} the judge's interval is {@code d' ± z·σ·√(2/N)}; it answers when that interval lies
 * wholly past the threshold {@code T = ln(1 + threshold)} (a call) or wholly within it ("no difference"). The
 * probability of either is the value of the forks; {@code N} is the judge's own {@code forksToTell}.
 *
 * <p><b>A row not yet repeatable.</b> It becomes so at {@code N} forks when {@code (z + 1)·σ·√(2/N) ≤ T}; with
 * {@code σ} estimated from {@code n − 1} degrees of freedom, the probability that the true spread is that small is
 * {@code P(χ²(n−1) ≥ (n−1)·σ̂²/σ*²)}.
 */
public final class ForkValue {
    private ForkValue() {
    }

    /**
     * An open row's question, as the judge left it.
     *
     * @param forks the row's forks that measured the figure
     * @param forksToTell the forks a side that would tell ({@code Judgement.forksToTell}); 0 when its pairs are decided
     *     and only its repeatability is open
     * @param forksToRepeat the forks that would make its own figure repeatable ({@code Judge.forksToRepeat})
     * @param effect the undecided pair's effect now, as a log ratio (0 when none)
     * @param spread the fork-to-fork spread as a log ({@code ln(1 + Judge.spread)}); NaN when unknown
     * @param z the judge's interval's quantile (1.645 for 90 %)
     * @param threshold the practical threshold as a fraction (0.05)
     * @param keptShare the share of the figure's forks the judge keeps: below 1 where the machine changes level during
     *     forks and the figure follows the level (DESIGN.md §3), so a new fork is usable with about this probability
     */
    public record Question(int forks, int forksToTell, int forksToRepeat, double effect, double spread, double z, double threshold,
                           double keptShare) {
        /** A question whose every fork the judge keeps. */
        public Question(int forks, int forksToTell, int forksToRepeat, double effect, double spread, double z, double threshold) {
            this(forks, forksToTell, forksToRepeat, effect, spread, z, threshold, 1);
        }
    }

    /**
     * @param more the forks still needed (0 when the question has no answer within {@code cap})
     * @param seconds what they cost
     * @param probability that they turn the question into an answer
     * @param needed the forks a side the question needs in all (may be past the cap)
     */
    public record Offer(int more, double seconds, double probability, int needed) {
        /** Probability of an answer per second of forks; 0 when nothing is offered. */
        public double perSecond() {
            return more == 0 || seconds <= 0 ? 0 : probability / seconds;
        }
    }

    /**
     * The forks up to the judge's {@code forksToTell} (or {@code forksToRepeat}), at most up to {@code cap}, and the
     * probability that they answer.
     *
     * @param cap {@code --max-forks}
     * @param secondsPerFork the row's per-trial estimate ({@link DurationEstimates})
     */
    public static Offer of(Question q, int cap, double secondsPerFork) {
        if (q.forks() < Judge.MIN_FORKS) {
            // Forks the judge could not use (the machine changed level while they ran): until the row has the forks a
            // verdict needs, nothing can be asked of it, so the replacements are bought whatever they answer.
            int more = launches(Judge.MIN_FORKS - q.forks(), q.keptShare());
            return new Offer(more, more * secondsPerFork, 1, Judge.MIN_FORKS);
        }
        int needed = q.forksToTell() > 0 ? q.forksToTell() : q.forksToRepeat();
        if (needed <= q.forks() && needed > 0) {
            needed = q.forks() + 1;
        }
        if (needed <= 0 || q.forks() >= cap) {
            return new Offer(0, 0, 0, needed);
        }
        // a question the cap cannot answer is offered up to the cap, at the lower probability of an answer there
        int target = Math.min(cap, needed);
        double p = q.forksToTell() > 0 ? answerProbability(q, target) : repeatProbability(q, target);
        int more = launches(target - q.forks(), q.keptShare());
        return new Offer(more, more * secondsPerFork, p, needed);
    }

    /** The forks to launch for {@code usable} more the judge can use, when it keeps a share {@code kept} of them. */
    static int launches(int usable, double kept) {
        return kept >= 1 || !(kept > 0) ? usable : (int) Math.ceil(usable / kept - 1e-9);
    }

    /** The probability that a pair still "cannot tell" at {@code q.forks()} a side answers at {@code target} a side. */
    static double answerProbability(Question q, int target) {
        double sigma = q.spread();
        int n = q.forks();
        if (!(sigma > 0) || n < 1 || target <= n) {
            return 0;
        }
        double t = Math.log1p(q.threshold());
        double h = q.z() * sigma * Math.sqrt(2.0 / target);
        double s = sigma * Math.sqrt(2.0 * (target - n) / ((double) n * target));
        double d = q.effect();
        NormalDistribution unit = NormalDistribution.of(0, 1);
        double called = unit.cumulativeProbability((-t - h - d) / s) + unit.survivalProbability((t + h - d) / s);
        double within = t > h ? unit.cumulativeProbability((t - h - d) / s) - unit.cumulativeProbability((-t + h - d) / s) : 0;
        return Math.min(1, called + within);
    }

    /** The probability that the row's true spread is small enough for it to be repeatable at {@code target} forks. */
    static double repeatProbability(Question q, int target) {
        int df = q.forks() - 1;
        if (!(q.spread() > 0) || df < 1) {
            return 0;
        }
        double enough = Math.log1p(q.threshold()) / ((q.z() + 1) * Math.sqrt(2.0 / target));
        double x = df * Math.pow(q.spread() / enough, 2);
        return ChiSquaredDistribution.of(df).survivalProbability(x);
    }
}
