package org.jvmmark.report.judge;

import java.util.List;

/**
 * One row's evidence for one figure: one value per fork that measured it (a fresh JVM is the unit of
 * evidence), each fork's per-run values (a run is one measured window inside the fork: they show which of
 * the machine's levels the fork sat on, never a replicate), and how many of the row's forks failed or timed
 * out, and the batch its forks were measured in. Immutable, hence thread-safe.
 *
 * <p><b>Batches.</b> The forks of one run interleave in time, so every row of a run meets the machine in the same
 * states; two runs meet it at different times, and this VM's state changes between runs (A/A runs a minute apart put
 * 25 % and 75 % of their forks on its upper level, every row alike). A batch is one such run: the rows of one
 * batch are expected to share their chance of landing on a level, rows of different batches are not ({@link
 * LevelModel}).
 *
 * @param id the row's name within its {@link Evidence} (unique there)
 * @param forks one value per fork, in fork order
 * @param runs per fork, its runs' values (empty arrays when the workload reports none)
 * @param failed forks of the row that failed or timed out (they measured nothing)
 * @param batch the run the forks were measured in: {@code compare} gives each side its own; the report, {@code --forks
 *              auto} and a tune race judge one run (0); history's rows are runs, each its own batch
 */
public record RowForks(String id, double[] forks, List<double[]> runs, int failed, int batch) {
    public RowForks {
        forks = forks.clone();
        runs = runs.stream().map(double[]::clone).toList();
    }

    /** A row of batch 0: every row of the evidence measured in one run. */
    public RowForks(String id, double[] forks, List<double[]> runs, int failed) {
        this(id, forks, runs, failed, 0);
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
