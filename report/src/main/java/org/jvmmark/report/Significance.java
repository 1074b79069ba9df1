package org.jvmmark.report;

import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Is the difference between two sets of per-run values real, or within the runs' own spread?
 *
 * <p>Welch's two-sample t-test (unequal variances) on the per-run values of both sides, two-sided,
 * at the 5 % level. Each run (and each fork's runs) is taken as one independent measurement of the
 * figure, as JMH does with its iterations across forks. Welch rather than Student because two JVMs
 * rarely have the same spread; a t-test rather than a rank test because with 3–10 runs a rank test
 * cannot reach 5 % at all for the smallest sizes. Below {@link #MIN_RUNS} runs on either side the
 * spread cannot be estimated and the answer is "not enough runs to tell" — never a guess.
 *
 * <p>Stateless and thread-safe.
 */
public final class Significance {
    /** Fewest runs per side for a verdict. */
    public static final int MIN_RUNS = 3;
    /** The test's level: a difference with p below this is called significant. */
    public static final double ALPHA = 0.05;

    private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

    /** The outcome of one comparison. */
    public enum Verdict {
        SIGNIFICANT, WITHIN_NOISE, TOO_FEW_RUNS
    }

    /** A verdict and its p-value (NaN when no test was made). */
    public record Outcome(Verdict verdict, double pValue) {
    }

    private Significance() {
    }

    public static Outcome test(double[] a, double[] b) {
        if (a.length < MIN_RUNS || b.length < MIN_RUNS) {
            return new Outcome(Verdict.TOO_FEW_RUNS, Double.NaN);
        }
        double sa = Stats.stddev(a);
        double sb = Stats.stddev(b);
        if (sa == 0 && sb == 0) {
            // No spread at all (e.g. counts): any difference is exact.
            boolean same = Stats.mean(a) == Stats.mean(b);
            return new Outcome(same ? Verdict.WITHIN_NOISE : Verdict.SIGNIFICANT, same ? 1 : 0);
        }
        double p = WELCH.test(a, b).getPValue();
        return new Outcome(p < ALPHA ? Verdict.SIGNIFICANT : Verdict.WITHIN_NOISE, p);
    }
}
