package org.jvmmark.report.judge;

import java.util.Arrays;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

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
 * <p><b>The machine observed.</b> Where the runner's machine probe ran beside each fork, {@code machine} holds the
 * cache-line round trip it measured between the trial's CPUs (ns, the mean of the readings before and after the fork);
 * NaN where it was not measured. The judge reads the machine's launch levels from these, never from the figure itself
 * (DESIGN.md §3).
 *
 * @param id the row's name within its {@link Evidence} (unique there)
 * @param forks one value per fork that measured the figure
 * @param failed forks of the row that failed or timed out (they measured nothing, and they are evidence)
 * @param batches per fork, the run it was measured in
 * @param machine per fork, the machine probe's cache-line round trip in ns (NaN: not observed)
 * @param machineChanged per fork, whether the probe's readings before and after it differ so much that the machine
 *     changed level while it ran (its value is a blend of two levels in an unknown proportion)
 */
public record RowForks(String id, double[] forks, int failed, int[] batches, double[] machine, boolean[] machineChanged) {
    public RowForks {
        forks = forks.clone();
        batches = batches.clone();
        machine = machine.clone();
        machineChanged = machineChanged.clone();
        if (batches.length != forks.length || machine.length != forks.length || machineChanged.length != forks.length) {
            throw new IllegalArgumentException("one run and one machine reading per fork: " + id);
        }
        if (failed < 0) {
            throw new IllegalArgumentException("failed forks cannot be negative: " + id);
        }
    }

    /** A row whose forks' machine did not change while they ran. */
    public RowForks(String id, double[] forks, int failed, int[] batches, double[] machine) {
        this(id, forks, failed, batches, machine, new boolean[forks.length]);
    }

    /** A row whose forks were all measured in run {@code batch}, the machine not observed. */
    public RowForks(String id, double[] forks, int failed, int batch) {
        this(id, forks, failed, filled(forks.length, batch), notObserved(forks.length));
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
    public double[] machine() {
        return machine.clone();
    }

    @Override
    public boolean[] machineChanged() {
        return machineChanged.clone();
    }

    /** The forks that measured the figure. */
    public int n() {
        return forks.length;
    }

    /** The forks of the row, measured or failed. */
    public int launched() {
        return forks.length + failed;
    }

    /**
     * This row with only the forks whose index {@code keep} accepts, in their order, each with its run and machine
     * reading; its failures as they are.
     */
    public RowForks only(IntPredicate keep) {
        int[] idx = IntStream.range(0, forks.length).filter(keep).toArray();
        boolean[] changed = new boolean[idx.length];
        for (int j = 0; j < idx.length; j++) {
            changed[j] = machineChanged[idx[j]];
        }
        return new RowForks(id, Arrays.stream(idx).mapToDouble(i -> forks[i]).toArray(), failed,
                Arrays.stream(idx).map(i -> batches[i]).toArray(), Arrays.stream(idx).mapToDouble(i -> machine[i]).toArray(), changed);
    }

    private static int[] filled(int n, int batch) {
        int[] b = new int[n];
        Arrays.fill(b, batch);
        return b;
    }

    /** {@code n} machine readings that were not taken: NaN each. */
    public static double[] notObserved(int n) {
        double[] l = new double[n];
        Arrays.fill(l, Double.NaN);
        return l;
    }
}
