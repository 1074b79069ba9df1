package org.jvmmark.report;

import java.util.List;
import org.jvmmark.report.judge.Stats;

/**
 * One row's value for one column: one value per fork (the unit of evidence, see {@link Figures}),
 * the row's figure derived from them, and each fork's per-run values (for within-JVM stability
 * only, never for tests between rows). Immutable, hence thread-safe.
 *
 * @param value the row's figure: the geometric mean of the fork values ({@link Stats#center})
 * @param forks one value per ok fork, in fork order
 * @param runs per fork, its per-run values (empty arrays when the workload reports none)
 */
public record Figure(double value, double[] forks, List<double[]> runs) {
    public Figure {
        forks = forks.clone();
        runs = runs.stream().map(double[]::clone).toList();
    }

    static Figure of(double[] forks, List<double[]> runs) {
        return new Figure(Stats.center(forks), forks, runs);
    }

    @Override
    public double[] forks() {
        return forks.clone();
    }

    @Override
    public List<double[]> runs() {
        return runs.stream().map(double[]::clone).toList();
    }

    /** Fork-to-fork coefficient of variation, NaN below two forks. */
    public double cv() {
        return Stats.cv(forks);
    }
}
