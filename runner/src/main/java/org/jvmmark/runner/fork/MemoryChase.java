package org.jvmmark.runner.fork;

import java.util.SplittableRandom;

/**
 * The machine probe's memory latency: ns per load of a dependent chain through a random cycle of
 * {@value #MIB} MiB, each load's address the value the last one read, so no two loads overlap and the prefetchers
 * cannot guess the next. 16 MiB is past a core's own L1 and L2 on any current server CPU, so the chain measures the
 * shared last-level cache and the memory behind it: what another tenant of a VM's host slows without slowing the
 * core's clock. The reading is the median of {@value #BATCHES} batches of {@value #LOADS} loads (about 1–2 ms on
 * a machine at 100 ns a load); a batch the scheduler interrupted is an outlier the median ignores.
 *
 * <p>Why it was added: on the AMD EPYC host of 2026-11-29 (2 vCPUs), 600 launches of one JDK's hello world alternated
 * with a chain over 8 and 64 MiB: over blocks of 8 launches the start time followed the chain's latency (r = 0.52 and
 * 0.50) and the launches' own CPU time (r = 0.87), while a multiply-add loop stayed within 0.8 % (r = 0.20).
 *
 * <p>The cycle is built once per runner (Sattolo's shuffle, a fixed seed: every reading walks the same chain) and
 * kept; thread-safe: the cycle is published through a holder class and only read afterwards, and each call walks it
 * on the caller's thread.
 */
final class MemoryChase {
    static final int MIB = 16;
    static final int BATCHES = 9;
    static final int LOADS = 1_000;

    /**
     * Loads a runner's warm-up reading (the first, thrown away: {@link MachineProbe}) walks before it measures, so that
     * later readings walk compiled code (C2), not the interpreter's.
     */
    static final int WARMUP_LOADS = 200_000;

    private static volatile int sink;

    private MemoryChase() {
    }

    /**
     * One reading: the median over batches of ns per load, to two decimals.
     *
     * @param warmupLoads loads walked first, unmeasured ({@link #WARMUP_LOADS} in a runner's warm-up reading, else 0)
     */
    static double loadNs(int warmupLoads) {
        int[] next = Cycle.NEXT;
        double[] batches = new double[BATCHES];
        int at = walk(next, 0, warmupLoads);
        at = walk(next, at, LOADS); // brings the chain's first stretch in
        for (int b = 0; b < BATCHES; b++) {
            long t0 = System.nanoTime();
            at = walk(next, at, LOADS);
            batches[b] = (System.nanoTime() - t0) / (double) LOADS;
        }
        sink = at;
        return MachineProbe.rounded(MachineProbe.median(batches, BATCHES));
    }

    /** {@code loads} steps along the chain from {@code at}; returns where it ended. */
    static int walk(int[] next, int at, int loads) {
        int p = at;
        for (int i = 0; i < loads; i++) {
            p = next[p];
        }
        return p;
    }

    /** The cycle, built on first use: one cycle through every slot, so a walk never falls into a short loop. */
    static final class Cycle {
        static final int[] NEXT = sattolo(MIB * 1024 * 1024 / Integer.BYTES, 0x5eedL);

        private Cycle() {
        }

        static int[] sattolo(int n, long seed) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = i;
            }
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = n - 1; i > 0; i--) {
                int j = random.nextInt(i);
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
            }
            return a;
        }
    }
}
