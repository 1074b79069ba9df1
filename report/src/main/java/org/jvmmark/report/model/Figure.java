package org.jvmmark.report.model;

import java.util.List;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.report.judge.RowForks;

/**
 * One row's value for one column: one value per fork (the unit of evidence, see {@code Figures}),
 * the row's figure derived from them, and each fork's per-run values (for within-JVM stability
 * only, never for tests between rows). Immutable, hence thread-safe.
 *
 * @param value the row's figure: the geometric mean of the fork values ({@link Stats#center})
 * @param forks one value per ok fork, in fork order
 * @param runs per fork, its per-run values (empty arrays when the workload reports none)
 * @param machine per fork, the machine probe's cache-line round trip beside it in ns (NaN where not measured)
 * @param machineChanged per fork, whether the probe saw the machine change while it ran
 */
public record Figure(double value, double[] forks, List<double[]> runs, double[] machine, boolean[] machineChanged) {
    public Figure {
        forks = forks.clone();
        runs = runs.stream().map(double[]::clone).toList();
        machine = machine.clone();
        machineChanged = machineChanged.clone();
    }

    /** A figure whose forks' machine was not observed. */
    public Figure(double value, double[] forks, List<double[]> runs) {
        this(value, forks, runs, RowForks.notObserved(forks.length), new boolean[forks.length]);
    }

    /** The same forks and machine readings with another row figure. */
    public Figure withValue(double other) {
        return new Figure(other, forks, runs, machine, machineChanged);
    }

    public static Figure of(double[] forks, List<double[]> runs, double[] machine, boolean[] machineChanged) {
        return new Figure(Stats.center(forks), forks, runs, machine, machineChanged);
    }

    /** The judge's evidence of this figure for a row named {@code id}, its forks measured in run {@code batch}. */
    public RowForks rowForks(String id, int batch) {
        int[] batches = new int[forks.length];
        java.util.Arrays.fill(batches, batch);
        return new RowForks(id, forks, 0, batches, machine, machineChanged);
    }

    @Override
    public double[] machine() {
        return machine.clone();
    }

    @Override
    public boolean[] machineChanged() {
        return machineChanged.clone();
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
