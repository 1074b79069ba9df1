package org.jvmmark.report.judge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether a set of readings lands on one of two levels (some hosts put whole launches 2.4–3.4× apart for spinning
 * hand-offs; DESIGN.md §3). {@link NoiseModel} fits it to the machine probe's readings beside every fork of a table
 * (both sides of a comparison, every run of a history series), and blocks on what it finds there: the levels are
 * observed, never inferred from the figure. On the figure's own fork values ({@link #of}) it only says that a row's
 * forks show two levels no probe observed, which the judge then cannot tell apart from a run effect.
 *
 * <p><b>Method.</b> A two-component Gaussian mixture on the pooled log values, fitted by
 * expectation–maximisation (a few dozen values: a hand-written EM of twenty lines, since neither
 * commons-statistics nor commons-math 3 fits a univariate mixture with a variance floor), is compared
 * with one Gaussian by the Bayesian information criterion (BIC; the mixture has 3 more parameters).
 * The readings are called <b>two-level</b> when the mixture wins by BIC by at least {@value #BIC_MARGIN} and its levels
 * are at least {@value #LEVEL_JUMP}× apart. On a figure's own values ({@link #of}) a third condition holds besides: at
 * least one row (one configuration, launched several times) has forks on both levels, which keeps genuine differences
 * between rows (ZGC 2× slower than G1) from passing for two levels: only a configuration whose own launches disagree
 * shows that launching is the cause.
 *
 * <p><b>Use.</b> {@link NoiseModel} takes the observed levels as a blocking factor (row + level on log fork values)
 * and assigns each fork its level by {@link #upperProbability} of its reading.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param twoLevel whether the evidence shows two levels (see above)
 * @param low the lower level's centre, in the figure's unit
 * @param high the upper level's centre
 * @param weightLow the share of forks on the lower level (0–1)
 * @param rowsOnBoth how many rows had forks on both levels
 * @param sigmaLow the lower level's standard deviation of log values
 * @param sigmaHigh the upper level's standard deviation of log values
 */
public record TwoLevels(boolean twoLevel, double low, double high, double weightLow, int rowsOnBoth, double sigmaLow,
                        double sigmaHigh) {
    /** The levels must be at least this factor apart. */
    public static final double LEVEL_JUMP = 1.3;
    /** How much lower the mixture's BIC must be than one Gaussian's. */
    public static final double BIC_MARGIN = 6;
    /** A level's standard deviation (log) never drops below this: fork noise is never zero. */
    static final double SIGMA_FLOOR = 0.005;

    /** No evidence of two levels. */
    public static final TwoLevels ONE_LEVEL = new TwoLevels(false, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN,
            Double.NaN);

    /** The gap between the levels as a factor (2.0: twice as high); NaN on one level. */
    public double gap() {
        return high / low;
    }

    /**
     * @param rows one array of fork values per row (and side); values must be positive to be used
     */
    public static TwoLevels of(List<double[]> rows) {
        return mixture(rows).shownByARow();
    }

    /** This mixture as {@link #of} takes it: two levels only where a row has forks on both. */
    TwoLevels shownByARow() {
        return twoLevel && rowsOnBoth == 0 ? new TwoLevels(false, low, high, weightLow, 0, sigmaLow, sigmaHigh) : this;
    }

    /**
     * The mixture alone: two levels when it wins by BIC and its levels are far enough apart, whether or not a row has
     * forks on both ({@link #rowsOnBoth} says how many do). For runs whose rows each sit wholly on one level.
     */
    static TwoLevels mixture(List<double[]> rows) {
        List<double[]> logRows = new ArrayList<>();
        for (double[] r : rows) {
            if (r.length > 0 && Stats.allPositive(r)) {
                logRows.add(Stats.logs(r));
            }
        }
        double[] x = logRows.stream().flatMapToDouble(Arrays::stream).toArray();
        if (x.length < 6) {
            return ONE_LEVEL;
        }
        Fit one = Fit.one(x);
        Fit two = Fit.two(x);
        if (two == null || one.bic() - two.bic() < BIC_MARGIN || Math.exp(two.mu2 - two.mu1) < LEVEL_JUMP) {
            return ONE_LEVEL;
        }
        double cut = (two.mu1 + two.mu2) / 2;
        int both = 0;
        for (double[] r : logRows) {
            boolean lo = Arrays.stream(r).anyMatch(v -> v < cut);
            boolean hi = Arrays.stream(r).anyMatch(v -> v >= cut);
            both += lo && hi ? 1 : 0;
        }
        return new TwoLevels(true, Math.exp(two.mu1), Math.exp(two.mu2), two.w1, both, two.s1, two.s2);
    }

    /**
     * The probability that a value of the figure came from the upper level, from the mixture's fit (its
     * weights, centres and spreads); 0 on a one-level machine or for a value that is not positive.
     */
    public double upperProbability(double value) {
        if (!twoLevel || !(value > 0)) {
            return 0;
        }
        double v = Math.log(value);
        double a = Math.log(weightLow) + Fit.logNormal(v, Math.log(low), sigmaLow);
        double b = Math.log(1 - weightLow) + Fit.logNormal(v, Math.log(high), sigmaHigh);
        double top = Math.max(a, b);
        double p = Math.exp(b - top) / (Math.exp(a - top) + Math.exp(b - top));
        // A level whose weight fitted to 0 or 1 gives no odds: the nearer level on the log scale decides.
        return Double.isNaN(p) ? (Math.abs(v - Math.log(high)) < Math.abs(v - Math.log(low)) ? 1 : 0) : p;
    }

    /** A Gaussian (or two-component Gaussian mixture) fit to log values; {@code mu1 <= mu2}. */
    private record Fit(double w1, double mu1, double s1, double mu2, double s2, double logLik, int params, int n) {
        double bic() {
            return params * Math.log(n) - 2 * logLik;
        }

        static Fit one(double[] x) {
            double m = Stats.mean(x);
            double s = Math.max(SIGMA_FLOOR, Math.sqrt(Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / x.length));
            double ll = Arrays.stream(x).map(v -> logNormal(v, m, s)).sum();
            return new Fit(1, m, s, m, s, ll, 2, x.length);
        }

        /** EM from a split at the largest gap between sorted values; null when it does not separate. */
        static Fit two(double[] x) {
            double[] sorted = x.clone();
            Arrays.sort(sorted);
            int split = 1;
            for (int i = 1; i < sorted.length; i++) {
                if (sorted[i] - sorted[i - 1] > sorted[split] - sorted[split - 1]) {
                    split = i;
                }
            }
            double w = (double) split / sorted.length;
            double m1 = Stats.mean(Arrays.copyOfRange(sorted, 0, split));
            double m2 = Stats.mean(Arrays.copyOfRange(sorted, split, sorted.length));
            double s1 = Math.max(SIGMA_FLOOR, Stats.stddevOrZero(Arrays.copyOfRange(sorted, 0, split)));
            double s2 = Math.max(SIGMA_FLOOR, Stats.stddevOrZero(Arrays.copyOfRange(sorted, split, sorted.length)));
            double[] r = new double[x.length];
            double ll = Double.NEGATIVE_INFINITY;
            for (int iter = 0; iter < 100; iter++) {
                double total = 0;
                for (int i = 0; i < x.length; i++) {
                    double a = Math.log(w) + logNormal(x[i], m1, s1);
                    double b = Math.log(1 - w) + logNormal(x[i], m2, s2);
                    double top = Math.max(a, b);
                    double lse = top + Math.log(Math.exp(a - top) + Math.exp(b - top));
                    r[i] = Math.exp(a - lse);
                    total += lse;
                }
                double n1 = Arrays.stream(r).sum();
                double n2 = x.length - n1;
                if (n1 < 1 || n2 < 1) {
                    return null;
                }
                double nm1 = 0;
                double nm2 = 0;
                for (int i = 0; i < x.length; i++) {
                    nm1 += r[i] * x[i];
                    nm2 += (1 - r[i]) * x[i];
                }
                m1 = nm1 / n1;
                m2 = nm2 / n2;
                double v1 = 0;
                double v2 = 0;
                for (int i = 0; i < x.length; i++) {
                    v1 += r[i] * (x[i] - m1) * (x[i] - m1);
                    v2 += (1 - r[i]) * (x[i] - m2) * (x[i] - m2);
                }
                s1 = Math.max(SIGMA_FLOOR, Math.sqrt(v1 / n1));
                s2 = Math.max(SIGMA_FLOOR, Math.sqrt(v2 / n2));
                w = n1 / x.length;
                if (Math.abs(total - ll) < 1e-7) {
                    ll = total;
                    break;
                }
                ll = total;
            }
            return m1 <= m2 ? new Fit(w, m1, s1, m2, s2, ll, 5, x.length) : new Fit(1 - w, m2, s2, m1, s1, ll, 5, x.length);
        }

        private static double logNormal(double v, double m, double s) {
            double z = (v - m) / s;
            return -0.5 * z * z - Math.log(s) - 0.5 * Math.log(2 * Math.PI);
        }
    }
}
