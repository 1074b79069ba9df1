package org.jvmmark.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Were the measured runs steady? Two checks on the end-to-end p50 of each run, whose findings the
 * harness prints as warnings and the report then sees: the first run against the rest (a JIT not
 * done compiling at the end of the warm-up leaves the first run slower), and a trend across the runs
 * (a figure still falling run after run has not settled). Stateless and thread-safe.
 */
final class SteadyState {
    /** The first run's p50 this much above the others' median: not warmed up. */
    static final double FIRST_RUN_EXCESS = 0.20;
    /** A p50 falling run after run by this much from first to last: still settling. */
    static final double TREND = 0.10;

    private SteadyState() {
    }

    static List<String> warnings(List<RunResult> runs) {
        List<String> w = new ArrayList<>();
        if (runs.size() < 2) {
            return w;
        }
        double[] p50 = runs.stream().mapToDouble(r -> r.histogramView().getValueAtPercentile(50)).toArray();
        double restMedian = median(Arrays.copyOfRange(p50, 1, p50.length));
        if (restMedian > 0 && p50[0] > restMedian * (1 + FIRST_RUN_EXCESS)) {
            w.add(String.format(Locale.ROOT, "not steady: run 1's p50 (%.0f ns) is %.0f %% above the other runs' (%.0f ns);"
                    + " the warm-up was too short for this JVM (JIT not done)", p50[0], 100 * (p50[0] / restMedian - 1), restMedian));
        } else if (p50.length >= 3 && falling(p50) && p50[p50.length - 1] < p50[0] * (1 - TREND)) {
            w.add(String.format(Locale.ROOT, "not steady: p50 falls run after run (%.0f → %.0f ns); the JVM had not settled",
                    p50[0], p50[p50.length - 1]));
        }
        return w;
    }

    private static boolean falling(double[] x) {
        for (int i = 1; i < x.length; i++) {
            if (x[i] > x[i - 1]) {
                return false;
            }
        }
        return true;
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
