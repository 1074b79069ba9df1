package org.jvmmark.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Were the measured runs steady? Two checks on one figure per run (the harness's: the end-to-end p50),
 * whose findings the harness prints as warnings and the report then sees: the first run against the
 * rest (a JIT not done compiling at the end of the warm-up leaves the first run slower), and a trend
 * across the runs (a figure still improving run after run has not settled). A workload that measures
 * in rounds of its own (chat's rounds of messages) asks {@link #warnings(double[], boolean, String,
 * java.util.function.DoubleFunction)} with its rounds' scores. Stateless and thread-safe.
 */
public final class SteadyState {
    /** The first run's p50 this much above the others' median: not warmed up. */
    static final double FIRST_RUN_EXCESS = 0.20;
    /** A p50 falling run after run by this much from first to last: still settling. */
    static final double TREND = 0.10;

    private SteadyState() {
    }

    static List<String> warnings(List<RunResult> runs) {
        double[] p50 = runs.stream().mapToDouble(r -> r.histogramView().getValueAtPercentile(50)).toArray();
        return warnings(p50, false, "p50", v -> String.format(Locale.ROOT, "%.0f ns", v));
    }

    /**
     * The same two checks on any figure measured once per run: the first run worse than the others' median by more
     * than {@value #FIRST_RUN_EXCESS} (as a fraction), or the figure improving run after run by more than {@value
     * #TREND} from the first to the last.
     *
     * @param perRun the figure of each measured run, in order
     * @param higherIsBetter whether a larger value is better (a score) or worse (a latency)
     * @param figure what the figure is called in the warning ("p50", "score")
     * @param format a value as the warning prints it ("310 ns", "61,200 msg/s")
     * @return one line per finding, empty when the runs were steady or fewer than two
     */
    public static List<String> warnings(double[] perRun, boolean higherIsBetter, String figure,
                                        java.util.function.DoubleFunction<String> format) {
        List<String> w = new ArrayList<>();
        if (perRun.length < 2) {
            return w;
        }
        // on a "lower is better" scale: a score is turned upside down
        double[] cost = Arrays.stream(perRun).map(v -> higherIsBetter ? 1 / v : v).toArray();
        double restMedian = median(Arrays.copyOfRange(cost, 1, cost.length));
        double restShown = median(Arrays.copyOfRange(perRun, 1, perRun.length));
        if (restMedian > 0 && cost[0] > restMedian * (1 + FIRST_RUN_EXCESS)) {
            double off = higherIsBetter ? 100 * (1 - perRun[0] / restShown) : 100 * (perRun[0] / restShown - 1);
            w.add(String.format(Locale.ROOT, "not steady: run 1's %s (%s) is %.0f %% %s the other runs' (%s);"
                    + " the warm-up was too short for this JVM (JIT not done)", figure, format.apply(perRun[0]), off,
                    higherIsBetter ? "below" : "above", format.apply(restShown)));
        } else if (cost.length >= 3 && falling(cost) && cost[cost.length - 1] < cost[0] * (1 - TREND)) {
            w.add(String.format(Locale.ROOT, "not steady: %s %s run after run (%s → %s); the JVM had not settled",
                    figure, higherIsBetter ? "rises" : "falls", format.apply(perRun[0]), format.apply(perRun[perRun.length - 1])));
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
