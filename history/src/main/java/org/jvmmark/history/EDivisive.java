package org.jvmmark.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points in a series by E-Divisive means, as Apache Otava (formerly Hunter; Fleming et al.,
 * "Hunter: Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023) computes them.
 *
 * <p><b>Split.</b> Sliding windows of {@code windowLength} points, half a window apart. In each window,
 * repeatedly: in every interval between the change points found so far, the candidate is the split
 * τ that maximises Matteson and James's divergence {@code Q(τ, κ)} between {@code x[start:τ]} and
 * {@code x[τ:κ]} over every end κ; the candidate with the largest Q across intervals is kept when
 * Student's t-test between the two sides of its interval gives p ≤ a relaxed threshold (10 × the
 * final one, as Otava does), else the window is done. The union over windows is the set of weak
 * change points.
 *
 * <p><b>Merge.</b> Bottom-up: while any change point has p ≥ {@code maxPValue}, drop the one with the
 * largest p; then while the smallest magnitude is at most {@code minMagnitude}, drop it. After each drop
 * the neighbours' statistics are recomputed between their new neighbours.
 *
 * <p>The t-test is Otava's: pooled variance from the sides' population standard deviations. Stateless
 * and thread-safe.
 */
public final class EDivisive {
    private final int windowLength;
    private final double maxPValue;
    private final double minMagnitude;

    /**
     * @param windowLength Otava's default is 50
     * @param maxPValue Otava's default is 0.001
     * @param minMagnitude relative change below which a change is dropped (0.05 = 5 %)
     */
    public EDivisive(int windowLength, double maxPValue, double minMagnitude) {
        if (windowLength < 2) {
            throw new IllegalArgumentException("window length must be at least 2");
        }
        this.windowLength = windowLength;
        this.maxPValue = maxPValue;
        this.minMagnitude = minMagnitude;
    }

    public List<ChangePoint> changePoints(double[] x) {
        double firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
        List<Integer> weak = split(x, firstPass);
        return merge(weak, x);
    }

    private List<Integer> split(double[] x, double pValue) {
        List<Integer> found = new ArrayList<>();
        int step = windowLength / 2;
        int start = 0;
        while (start < x.length) {
            int end = Math.min(start + windowLength, x.length);
            double[] window = java.util.Arrays.copyOfRange(x, start, end);
            List<Integer> inWindow = detect(window, pValue);
            int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1) + start;
            for (int i : inWindow) {
                if (!found.contains(i + start)) {
                    found.add(i + start);
                }
            }
            start = Math.max(last, start + step);
        }
        found.sort(Comparator.naturalOrder());
        return found;
    }

    /** Matteson and James's divisive search inside one window, with the t-test as its stopping rule. */
    private List<Integer> detect(double[] w, double pValue) {
        List<Integer> cps = new ArrayList<>();
        while (true) {
            int bestIndex = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            int bestFrom = 0;
            int bestTo = 0;
            List<Integer> bounds = bounds(cps, w.length);
            for (int i = 0; i + 1 < bounds.size(); i++) {
                int from = bounds.get(i);
                int to = bounds.get(i + 1);
                if (to - from < 2) {
                    continue;
                }
                double[] candidate = candidate(w, from, to);
                if (candidate[1] > bestQ) {
                    bestQ = candidate[1];
                    bestIndex = (int) candidate[0];
                    bestFrom = from;
                    bestTo = to;
                }
            }
            if (bestIndex < 0) {
                return cps;
            }
            ChangePoint cp = ttest(w, bestFrom, bestIndex, bestTo);
            if (!(cp.pValue() <= pValue)) {
                return cps;
            }
            cps.add(bestIndex);
            cps.sort(Comparator.naturalOrder());
        }
    }

    /**
     * The τ in (from, to) maximising Q(τ, κ) over κ in (τ, to], with that Q: {@code [τ, Q]}.
     * Q(X, Y) = 2/(n+m) ΣΣ|X−Y| − 2m/((n+m)(n−1)) Σ|X−X| − 2n/((n+m)(m−1)) Σ|Y−Y|, a term whose
     * denominator is zero counting as zero.
     */
    static double[] candidate(double[] z, int from, int to) {
        int bestTau = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int tau = from + 1; tau < to; tau++) {
            int n = tau - from;
            double withinX = 0;
            for (int i = from; i < tau; i++) {
                for (int k = i + 1; k < tau; k++) {
                    withinX += Math.abs(z[i] - z[k]);
                }
            }
            double cross = 0;
            double withinY = 0;
            for (int kappa = tau + 1; kappa <= to; kappa++) {
                int j = kappa - 1;
                int m = kappa - tau;
                for (int i = from; i < tau; i++) {
                    cross += Math.abs(z[i] - z[j]);
                }
                for (int k = tau; k < j; k++) {
                    withinY += Math.abs(z[k] - z[j]);
                }
                double q = 2.0 / (n + m) * cross
                        - (n > 1 ? 2.0 * m / ((double) (n + m) * (n - 1)) * withinX : 0)
                        - (m > 1 ? 2.0 * n / ((double) (n + m) * (m - 1)) * withinY : 0);
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = tau;
                }
            }
        }
        return new double[] {bestTau, bestQ};
    }

    private List<ChangePoint> merge(List<Integer> weak, double[] x) {
        List<Integer> idx = new ArrayList<>(weak);
        List<ChangePoint> cps = stats(idx, x);
        while (!cps.isEmpty()) {
            int weakest = 0;
            for (int i = 1; i < cps.size(); i++) {
                if (p(cps.get(i)) > p(cps.get(weakest))) {
                    weakest = i;
                }
            }
            if (p(cps.get(weakest)) < maxPValue) {
                weakest = 0;
                for (int i = 1; i < cps.size(); i++) {
                    if (cps.get(i).magnitude() < cps.get(weakest).magnitude()) {
                        weakest = i;
                    }
                }
                if (cps.get(weakest).magnitude() > minMagnitude) {
                    return cps;
                }
            }
            idx.remove(weakest);
            cps = stats(idx, x);
        }
        return cps;
    }

    private static double p(ChangePoint c) {
        return Double.isNaN(c.pValue()) ? 1 : c.pValue();
    }

    /** Each change point's statistics between its neighbours. */
    private static List<ChangePoint> stats(List<Integer> idx, double[] x) {
        List<ChangePoint> out = new ArrayList<>();
        for (int i = 0; i < idx.size(); i++) {
            int from = i == 0 ? 0 : idx.get(i - 1);
            int to = i == idx.size() - 1 ? x.length : idx.get(i + 1);
            out.add(ttest(x, from, idx.get(i), to));
        }
        return out;
    }

    /** Student's t-test between x[from:at] and x[at:to], as Otava computes it (population standard deviations, pooled). */
    static ChangePoint ttest(double[] x, int from, int at, int to) {
        int n1 = at - from;
        int n2 = to - at;
        double m1 = mean(x, from, at);
        double m2 = mean(x, at, to);
        double s1 = n1 >= 2 ? popStd(x, from, at, m1) : 0;
        double s2 = n2 >= 2 ? popStd(x, at, to, m2) : 0;
        double forward = m1 == 0 ? 0 : m2 / m1 - 1;
        double p;
        if (n1 + n2 <= 2) {
            p = 1;
        } else {
            int df = n1 + n2 - 2;
            double pooled = ((n1 - 1) * s1 * s1 + (n2 - 1) * s2 * s2) / df;
            double se = Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
            if (se == 0) {
                p = m1 == m2 ? Double.NaN : 0;
            } else {
                double t = Math.abs(m1 - m2) / se;
                p = 2 * TDistribution.of(df).survivalProbability(t);
            }
        }
        return new ChangePoint(at, m1, m2, forward, p);
    }

    private static List<Integer> bounds(List<Integer> cps, int length) {
        List<Integer> b = new ArrayList<>();
        b.add(0);
        b.addAll(cps);
        b.add(length);
        return b;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }

    private static double popStd(double[] x, int from, int to, double mean) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += (x[i] - mean) * (x[i] - mean);
        }
        return Math.sqrt(s / (to - from));
    }
}
