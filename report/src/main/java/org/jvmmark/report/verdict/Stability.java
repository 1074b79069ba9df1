package org.jvmmark.report.verdict;

import java.util.Arrays;
import java.util.List;
import org.jvmmark.report.Figure;
import org.jvmmark.report.Format;

/**
 * Whether a row's forks agree on a figure well enough to rank it. A row whose forks disagree is
 * <b>unstable</b>: it is shown with its per-fork values and never ranked, marked or made a winner,
 * and the other rows of its table keep their verdicts (the best is chosen among stable rows).
 *
 * <p>Three signs of disagreement, each judged for this row, probe and percentile alone — never
 * pooled with other rows or workloads:
 * <ul>
 *   <li><b>spread</b>: the standard deviation of the log fork values above {@value #FORK_SPREAD}
 *       (about ±{@value #FORK_SPREAD} as a fraction);</li>
 *   <li><b>two levels</b>: sorted fork values that jump by a factor of {@value #LEVEL_JUMP} or more
 *       between neighbours (this VM puts a whole JVM launch on one of two levels about 2× apart);</li>
 *   <li><b>runs inside a fork</b> that vary by more than {@value #RUN_SPREAD} (coefficient of
 *       variation): the JVM had not settled (warm-up not done) or was disturbed.</li>
 * </ul>
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param reason why the row is unstable, or null when it is stable
 */
public record Stability(String reason) {
    public static final double FORK_SPREAD = 0.15;
    public static final double LEVEL_JUMP = 1.3;
    public static final double RUN_SPREAD = 0.25;

    static final Stability STABLE = new Stability(null);

    public boolean stable() {
        return reason == null;
    }

    /** The stability of one figure of one row. */
    public static Stability of(Figure f) {
        double[] forks = f.forks();
        if (forks.length >= 2) {
            if (Stats.allPositive(forks)) {
                double spread = Stats.stddev(Stats.logs(forks));
                double[] sorted = forks.clone();
                Arrays.sort(sorted);
                double jump = 1;
                for (int i = 1; i < sorted.length; i++) {
                    jump = Math.max(jump, sorted[i] / sorted[i - 1]);
                }
                if (jump >= LEVEL_JUMP) {
                    return new Stability("forks on two levels (" + Format.sig(jump) + "× apart)");
                }
                if (spread > FORK_SPREAD) {
                    return new Stability("forks disagree (spread ±" + Format.percent(spread) + ")");
                }
            } else if (Stats.cv(forks) > FORK_SPREAD) {
                return new Stability("forks disagree (spread ±" + Format.percent(Stats.cv(forks)) + ")");
            }
        }
        List<double[]> runs = f.runs();
        for (int i = 0; i < runs.size(); i++) {
            double cv = Stats.cv(runs.get(i));
            if (cv > RUN_SPREAD) {
                return new Stability("runs inside fork " + (i + 1) + " vary by " + Format.percent(cv)
                        + " (not settled: warm-up or disturbance)");
            }
        }
        return STABLE;
    }
}
