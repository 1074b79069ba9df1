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
     */
    public record Result(Effect effect, double pValue, int forksCandidate, int forksReference) {
        /** Whether both sides had enough forks for a test. */
        public boolean tested() {
            return !Double.isNaN(pValue);
        }

        /** How far the ratio is from 1, as a fraction (0.12 for 12 % either way). */
        public double size() {
            return Math.abs(effect.ratio() - 1);
        }
    }

    private ForkTest() {
    }

    /**
     * @param candidate one value per fork of the row being judged
     * @param reference one value per fork of the row it is judged against
     * @param higherIsBetter the figure's direction (carried into the effect's words)
     */
    public static Result test(double[] candidate, double[] reference, boolean higherIsBetter) {
        double ratio = Stats.center(candidate) / Stats.center(reference);
        if (candidate.length < MIN_FORKS || reference.length < MIN_FORKS) {
            return new Result(new Effect(ratio, Double.NaN, Double.NaN, CONFIDENCE, higherIsBetter), Double.NaN,
                    candidate.length, reference.length);
        }
        boolean logs = Stats.allPositive(candidate) && Stats.allPositive(reference);
        double[] a = logs ? Stats.logs(candidate) : candidate;
        double[] b = logs ? Stats.logs(reference) : reference;
        double diff = Stats.mean(a) - Stats.mean(b);
        double va = Stats.variance(a) / a.length;
        double vb = Stats.variance(b) / b.length;
        double se = Math.sqrt(va + vb);
        double p;
        double low;
        double high;
        if (se == 0) {
            // No spread at all (counts, sizes): any difference is exact.
            p = diff == 0 ? 1 : 0;
            low = diff;
            high = diff;
        } else {
            double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
            TDistribution t = TDistribution.of(df);
            p = Math.min(1, 2 * t.survivalProbability(Math.abs(diff) / se));
            double q = t.inverseSurvivalProbability((1 - CONFIDENCE) / 2);
            low = diff - q * se;
            high = diff + q * se;
        }
        Effect effect;
        if (logs) {
            effect = new Effect(Math.exp(diff), Math.exp(low), Math.exp(high), CONFIDENCE, higherIsBetter);
        } else {
            double ref = Stats.mean(reference);
            effect = ref == 0 ? new Effect(Double.NaN, Double.NaN, Double.NaN, CONFIDENCE, higherIsBetter)
                    : new Effect(1 + diff / Math.abs(ref), 1 + low / Math.abs(ref), 1 + high / Math.abs(ref), CONFIDENCE,
                            higherIsBetter);
        }
        return new Result(effect, p, candidate.length, reference.length);
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
        return r.tested() && adjustedP < ALPHA && r.size() > threshold;
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
