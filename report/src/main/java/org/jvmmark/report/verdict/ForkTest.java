package org.jvmmark.report.verdict;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Is the difference between two rows (or between A and B) real? The one statistic every verdict of
 * jvmmark uses: the report's marks, the headlines and {@code compare}.
 *
 * <p><b>The unit of evidence is a fork</b> (a fresh JVM): each side gives one value per fork (see
 * {@link Figures}); runs inside a fork share its JIT decisions, memory layout and CPU placement, so
 * they are not replicates and never enter the test. <b>The test</b> is Welch's two-sample t-test on
 * the logarithms of the fork values: latencies and throughputs are positive and right-skewed, and
 * on the log scale a difference is a ratio, which is what a reader wants ("12 % slower"). The
 * effect is the ratio of the two sides' geometric means with its 95 % confidence interval,
 * exp(mean difference ± t·se) with the Welch–Satterthwaite degrees of freedom. Why this and not a
 * rank test or a bootstrap: with the 3–5 forks a profile affords, an exact Mann–Whitney test cannot
 * reach 5 % at 3 against 3 (its smallest two-sided p is 0.1), and a bootstrap of 3 values has only
 * 10 distinct resamples of a median; the t-test on logs gives a usable interval at 3 forks and,
 * because a two-level fork population (this VM puts whole JVM launches on one of two levels about
 * 2× apart) shows up as a huge variance, it stays silent on exactly the data that should not be
 * ranked — which {@link Stability} then says in words. Values that are zero or negative cannot be
 * logged; then the test runs on the raw values and the ratio's interval treats the reference mean as
 * exact (an approximation, said here).
 *
 * <p>A difference is <b>called</b> when its p-value, corrected for the many comparisons of one
 * table by Holm's step-down method ({@link #holm}), is below {@value #ALPHA} <em>and</em> the ratio
 * differs from 1 by more than the practical threshold (default {@value #DEFAULT_THRESHOLD}).
 * Fewer than {@value #MIN_FORKS} forks on a side: no test, and the words say so.
 *
 * <p>Stateless and thread-safe. The t distribution comes from Apache Commons Statistics.
 */
public final class ForkTest {
    /** Fewest forks per side for a verdict. */
    public static final int MIN_FORKS = 3;
    /** The family-wise error rate of one table (after Holm's correction). */
    public static final double ALPHA = 0.05;
    /** The level of the intervals shown with each effect. */
    public static final double CONFIDENCE = 0.95;
    /** The default practical threshold: smaller differences are never called, however clear. */
    public static final double DEFAULT_THRESHOLD = 0.05;

    /**
     * The outcome of one comparison.
     *
     * @param effect candidate ÷ reference with its interval (bounds NaN when untested)
     * @param pValue the two-sided p-value before correction, NaN when untested
     * @param forksCandidate forks on the candidate's side
     * @param forksReference forks on the reference's side
     * @param diff the difference of the means (of the logs when {@code logs})
     * @param se its standard error (0: no spread at all)
     * @param df the t distribution's degrees of freedom (Welch–Satterthwaite, or Σ(nᵢ − 1) when pooled)
     * @param logs whether the test ran on log values (the effect is then exp(diff))
     * @param pooled whether the standard error came from the table's pooled noise ({@link PooledNoise})
     */
    public record Result(Effect effect, double pValue, int forksCandidate, int forksReference, double diff, double se,
                         double df, boolean logs, double referenceMean, boolean pooled) {
        /** Whether both sides had enough forks for a test. */
        public boolean tested() {
            return !Double.isNaN(pValue);
        }

        /** How far the ratio is from 1, as a fraction (0.12 for 12 % either way). */
        public double size() {
            return Math.abs(effect.ratio() - 1);
        }

        /**
         * The same effect with its interval at another level: what makes an interval consistent with a
         * multiple-comparison correction ({@link ForkTest#corrected}).
         */
        public Effect effectAt(double confidence) {
            if (!tested()) {
                return effect;
            }
            double q = se == 0 ? 0 : TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
            return ForkTest.effect(diff - q * se, diff, diff + q * se, logs, referenceMean, confidence, effect.higherIsBetter());
        }
    }

    private ForkTest() {
    }

    /**
     * Welch's test of two rows.
     *
     * @param candidate one value per fork of the row being judged
     * @param reference one value per fork of the row it is judged against
     * @param higherIsBetter the figure's direction (carried into the effect's words)
     */
    public static Result test(double[] candidate, double[] reference, boolean higherIsBetter) {
        return test(candidate, reference, higherIsBetter, PooledNoise.NONE);
    }

    /**
     * The test of two rows; with {@code noise} agreed ({@link PooledNoise#agree}) and both sides positive,
     * the standard error is the pooled one, s·√(1/n₁ + 1/n₂) with Σ(nᵢ − 1) degrees of freedom (the
     * two-sample t-test of one-way ANOVA's contrasts); otherwise Welch's.
     */
    public static Result test(double[] candidate, double[] reference, boolean higherIsBetter, PooledNoise noise) {
        double ratio = Stats.center(candidate) / Stats.center(reference);
        if (candidate.length < MIN_FORKS || reference.length < MIN_FORKS) {
            return new Result(new Effect(ratio, Double.NaN, Double.NaN, CONFIDENCE, higherIsBetter), Double.NaN,
                    candidate.length, reference.length, Double.NaN, Double.NaN, Double.NaN, false, Double.NaN, false);
        }
        boolean logs = Stats.allPositive(candidate) && Stats.allPositive(reference);
        double[] a = logs ? Stats.logs(candidate) : candidate;
        double[] b = logs ? Stats.logs(reference) : reference;
        double diff = Stats.mean(a) - Stats.mean(b);
        double va = Stats.variance(a) / a.length;
        double vb = Stats.variance(b) / b.length;
        boolean pooled = logs && noise.agree();
        double se;
        double df;
        if (pooled) {
            se = Math.sqrt(noise.variance() * (1.0 / a.length + 1.0 / b.length));
            df = noise.df();
        } else {
            se = Math.sqrt(va + vb);
            df = se == 0 ? Double.POSITIVE_INFINITY
                    : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        }
        double p;
        double q;
        if (se == 0) {
            // No spread at all (counts, sizes): any difference is exact.
            p = diff == 0 ? 1 : 0;
            q = 0;
        } else {
            TDistribution t = TDistribution.of(df);
            p = Math.min(1, 2 * t.survivalProbability(Math.abs(diff) / se));
            q = t.inverseSurvivalProbability((1 - CONFIDENCE) / 2);
        }
        double ref = Stats.mean(reference);
        Effect effect = effect(diff - q * se, diff, diff + q * se, logs, ref, CONFIDENCE, higherIsBetter);
        return new Result(effect, p, candidate.length, reference.length, diff, se, df, logs, ref, pooled);
    }

    static Effect effect(double low, double diff, double high, boolean logs, double ref, double confidence,
                         boolean higherIsBetter) {
        if (logs) {
            return new Effect(Math.exp(diff), Math.exp(low), Math.exp(high), confidence, higherIsBetter);
        }
        return ref == 0 ? new Effect(Double.NaN, Double.NaN, Double.NaN, confidence, higherIsBetter)
                : new Effect(1 + diff / Math.abs(ref), 1 + low / Math.abs(ref), 1 + high / Math.abs(ref), confidence,
                        higherIsBetter);
    }

    /**
     * The interval of a test that is one of a Holm family, at the level that makes it agree with the
     * correction: with Holm's multiplier c = adjusted p ÷ raw p, the interval at level 1 − α/c excludes
     * "no difference" exactly when the adjusted p is below α. (A raw p of 0 — no spread at all — keeps
     * the family size as its multiplier.)
     */
    public static Effect corrected(Result r, double adjustedP, int familySize) {
        return corrected(r, adjustedP, familySize, ALPHA);
    }

    /** As {@link #corrected(Result, double, int)} for a family tested at {@code alpha}: level 1 − alpha/c. */
    public static Effect corrected(Result r, double adjustedP, int familySize, double alpha) {
        if (!r.tested()) {
            return r.effect();
        }
        double c = r.pValue() > 0 ? Math.max(1, adjustedP / r.pValue()) : Math.max(1, familySize);
        return r.effectAt(1 - alpha / c);
    }

    /**
     * Holm's step-down adjustment: the adjusted p-values of one family of tests, in the input order
     * (NaN entries are not tests and stay NaN). Controls the chance of any false call in the family
     * at the level the adjusted values are compared with, under any dependence between the tests.
     */
    public static double[] holm(double[] p) {
        Integer[] order = java.util.stream.IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i])).boxed()
                .sorted(java.util.Comparator.comparingDouble(i -> p[i])).toArray(Integer[]::new);
        double[] adjusted = new double[p.length];
        java.util.Arrays.fill(adjusted, Double.NaN);
        double running = 0;
        for (int k = 0; k < order.length; k++) {
            running = Math.max(running, Math.min(1, (order.length - k) * p[order[k]]));
            adjusted[order[k]] = running;
        }
        return adjusted;
    }

    /** Whether a tested difference is called: clear after correction and larger than the threshold. */
    public static boolean called(double adjustedP, Result r, double threshold) {
        return called(adjustedP, r, threshold, ALPHA);
    }

    /** As {@link #called(double, Result, double)} for a family tested at {@code alpha}. */
    public static boolean called(double adjustedP, Result r, double threshold, double alpha) {
        return r.tested() && adjustedP < alpha && r.size() > threshold;
    }

    /** "1 fork on a side, 3 a side needed (--forks 3)": what a side with too few forks needs. */
    public static String forksNeeded(int forksCandidate, int forksReference) {
        int fewest = Math.min(forksCandidate, forksReference);
        return fewest + (fewest == 1 ? " fork" : " forks") + " on a side, " + MIN_FORKS + " a side needed (--forks "
                + MIN_FORKS + ")";
    }

    /** @throws IllegalArgumentException unless {@code threshold} is a finite fraction >= 0 */
    public static void checkThreshold(double threshold) {
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold must be a fraction >= 0 (0.05 for 5 %), not " + threshold);
        }
    }
}
