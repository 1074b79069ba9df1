package org.jvmmark.report.verdict;

import java.util.Locale;

/**
 * How one row's figure stands against another's (normally the column's best): the ratio of their
 * values and its confidence interval, both computed from one value per fork (a fresh JVM is the
 * unit of replication). Immutable, hence thread-safe.
 *
 * @param ratio this row's value ÷ the other row's value (1.12: 12 % higher)
 * @param low the lower bound of the ratio's confidence interval
 * @param high the upper bound of the ratio's confidence interval
 * @param confidence the interval's level, e.g. 0.95
 * @param higherIsBetter the figure's direction, so the words say "slower" or "faster" rightly
 */
public record Effect(double ratio, double low, double high, double confidence, boolean higherIsBetter) {

    /** Whether this row is worse than the other one by its point estimate. */
    public boolean worse() {
        return higherIsBetter ? ratio < 1 : ratio > 1;
    }

    /**
     * The difference in words, never as a bare sign: "12 % slower (95 % CI 8–16 %)" for a latency,
     * "8 % less (95 % CI 3–12 %)" for a throughput. {@code moreWord}/{@code lessWord} name the
     * direction for the figure ("slower"/"faster" for times, "more"/"less" for the rest).
     */
    public String words(String moreWord, String lessWord) {
        double pct = Math.abs(ratio - 1) * 100;
        String word = ratio >= 1 ? moreWord : lessWord;
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            return String.format(Locale.ROOT, "%s %% %s", round(pct), word);
        }
        // The interval in the same direction as the point estimate, as magnitudes.
        double a = (low - 1) * 100;
        double b = (high - 1) * 100;
        if (ratio < 1) {
            double t = -b;
            b = -a;
            a = t;
        }
        if (a < 0) {
            // An interval that reaches the other direction says so in words: "0.6 % slower (95 % CI 5 % faster to 6.5 %
            // slower)", never "(95 % CI -5.0–6.5 %)". Bounds are rounded outwards: the printed interval holds the computed one.
            return String.format(Locale.ROOT, "%s %% %s (%s %% CI %s %% %s to %s %% %s)", round(pct), word, level(confidence),
                    bound(-a, true), ratio >= 1 ? lessWord : moreWord, bound(b, true), word);
        }
        return String.format(Locale.ROOT, "%s %% %s (%s %% CI %s–%s %%)", round(pct), word, level(confidence),
                bound(a, false), bound(b, true));
    }

    /** "95", or "99.2" for a level a multiple-comparison correction widened. */
    public static String level(double confidence) {
        double pct = confidence * 100;
        return Math.abs(pct - Math.round(pct)) < 0.05 ? String.valueOf(Math.round(pct))
                : String.format(Locale.ROOT, "%.1f", Math.floor(pct * 10) / 10);
    }

    private static String bound(double pct, boolean up) {
        return org.jvmmark.report.Format.boundPercent(pct, up);
    }

    private static String round(double pct) {
        return org.jvmmark.report.Format.effectPercent(pct);
    }
}
