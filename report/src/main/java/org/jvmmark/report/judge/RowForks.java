package org.jvmmark.report.judge;

import java.util.List;

/**
 * One row's evidence for one figure: one value per fork that measured it (a fresh JVM is the unit of
 * evidence), each fork's per-run values (a run is one measured window inside the fork: they show which of
 * the machine's levels the fork sat on, never a replicate), and how many of the row's forks failed or timed
 * out. Immutable, hence thread-safe.
 *
 * @param id the row's name within its {@link Evidence} (unique there)
 * @param forks one value per fork, in fork order
 * @param runs per fork, its runs' values (empty arrays when the workload reports none)
 * @param failed forks of the row that failed or timed out (they measured nothing)
 */
public record RowForks(String id, double[] forks, List<double[]> runs, int failed) {
    public RowForks {
        forks = forks.clone();
        runs = runs.stream().map(double[]::clone).toList();
    }

    /** A row without per-run values and without failures. */
    public static RowForks of(String id, double... forks) {
        return new RowForks(id, forks, List.of(), 0);
    }

    @Override
    public double[] forks() {
        return forks.clone();
    }

    /** The forks that measured the figure. */
    public int n() {
        return forks.length;
    }
}
