package org.jvmmark.report.judge;

import java.util.Arrays;

/**
 * One row's evidence for one figure: one value per fork that measured it (a fresh JVM is the unit of evidence), the
 * run each fork was measured in, the machine's level each fork was observed on, and how many of the row's forks failed
 * or timed out. Immutable, hence thread-safe.
 *
 * <p><b>Runs (batches).</b> The forks of one run interleave in time, so every row of a run meets the machine in the same
 * states and the run's effect cancels between them; two runs meet it at different times, and identical runs a minute
 * apart differ by more than their forks' noise (DESIGN.md of this package, term ρ). A row may hold forks of several runs
 * ({@code compare} with a directory of runs a side): each run is a replicate of the row.
 *
 * <p><b>Observed levels.</b> Where the runner's machine probe ran beside each fork, {@code levels} holds the level the
 * probe saw (0 lower, 1 upper, 0.5 when it changed while the fork ran); NaN where it is not known. The judge never
 * infers a level from the figure itself.
 *
 * @param id the row's name within its {@link Evidence} (unique there)
 * @param forks one value per fork that measured the figure
 * @param failed forks of the row that failed or timed out (they measured nothing, and they are evidence)
 * @param batches per fork, the run it was measured in
 * @param levels per fork, the machine's observed level (NaN: not observed)
 */
public record RowForks(String id, double[] forks, int failed, int[] batches, double[] levels) {
    public RowForks {
        forks = forks.clone();
        batches = batches.clone();
        levels = levels.clone();
        if (batches.length != forks.length || levels.length != forks.length) {
            throw new IllegalArgumentException("one run and one level per fork: " + id);
        }
        if (failed < 0) {
            throw new IllegalArgumentException("failed forks cannot be negative: " + id);
        }
    }

    /** A row whose forks were all measured in run {@code batch}, levels not observed. */
    public RowForks(String id, double[] forks, int failed, int batch) {
        this(id, forks, failed, filled(forks.length, batch), nan(forks.length));
    }

    /** A row of run 0 without failures. */
    public static RowForks of(String id, double... forks) {
        return new RowForks(id, forks, 0, 0);
    }

    @Override
    public double[] forks() {
        return forks.clone();
    }

    @Override
    public int[] batches() {
        return batches.clone();
    }

    @Override
    public double[] levels() {
        return levels.clone();
    }

    /** The forks that measured the figure. */
    public int n() {
        return forks.length;
    }

    /** The forks of the row, measured or failed. */
    public int launched() {
        return forks.length + failed;
    }

    private static int[] filled(int n, int batch) {
        int[] b = new int[n];
        Arrays.fill(b, batch);
        return b;
    }

    private static double[] nan(int n) {
        double[] l = new double[n];
        Arrays.fill(l, Double.NaN);
        return l;
    }
}
