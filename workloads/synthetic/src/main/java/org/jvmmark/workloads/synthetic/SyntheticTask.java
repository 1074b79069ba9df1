package org.jvmmark.workloads.synthetic;

import org.jvmmark.harness.Harness;
import org.jvmmark.harness.LatencyTask;

/**
 * The calibration task: each iteration keeps the CPU busy for {@code serviceNanos}, except every
 * {@code stallEvery}-th iteration (counted from the first warm-up iteration), which stays busy for
 * {@code stallNanos}. The ground truth is therefore known: the uncorrected latency is the service
 * time with one sample per stall, while at a fixed rate a stall of S with interval I delays the
 * ≈ S / (I − service) iterations queued behind it, which the corrected latency must show.
 *
 * <p>With {@code allocateBytes}, each iteration also allocates that much garbage (kept reachable
 * for the next few iterations, so the JIT cannot remove it): the collector then has work, and its
 * pauses must show up in the worst samples.
 *
 * <p>A stall of {@link #GC_STALL} calls {@code System.gc()} instead of spinning: a full, stop-the-world
 * collection (of the live {@code allocateBytes} arrays, if any) whose pause the GC log, JFR and the
 * GC beans must all see, and to which the outlier attribution must charge the worst samples.
 *
 * <p>It busy-spins instead of sleeping because a sleep's wake-up delay (tens of microseconds)
 * would swamp a 2 µs service time, and because a spinning thread, like a server thread working
 * on a request, holds its CPU. Not thread-safe: runs on the benchmark thread only.
 */
public final class SyntheticTask implements LatencyTask {
    /** A {@code stallNanos} meaning "collect the heap" ({@code System.gc()}) rather than spin. */
    public static final long GC_STALL = -1;
    private final long serviceNanos;
    private final long stallEvery;
    private final long stallNanos;
    private final int allocateBytes;
    private final byte[][] garbage = new byte[64][];
    private Harness harness;
    private long iteration;
    private long stalls;

    public SyntheticTask(long serviceNanos, long stallEvery, long stallNanos) {
        this(serviceNanos, stallEvery, stallNanos, 0);
    }

    public SyntheticTask(long serviceNanos, long stallEvery, long stallNanos, int allocateBytes) {
        if (serviceNanos < 0 || stallNanos < 0 && stallNanos != GC_STALL || stallEvery < 0 || allocateBytes < 0) {
            throw new IllegalArgumentException("serviceNanos, stallEvery, stallNanos and allocateBytes must be 0 or more, not "
                    + serviceNanos + ", " + stallEvery + ", " + stallNanos + ", " + allocateBytes);
        }
        this.allocateBytes = allocateBytes;
        this.serviceNanos = serviceNanos;
        this.stallEvery = stallEvery;
        this.stallNanos = stallNanos;
    }

    @Override
    public void init(Harness h) {
        this.harness = h;
    }

    @Override
    public void run(long startNanos) {
        long busy = serviceNanos;
        long n = ++iteration;
        if (stallEvery > 0 && n % stallEvery == 0) {
            busy = stallNanos;
            stalls++;
        }
        if (allocateBytes > 0) {
            garbage[(int) (n & 63)] = new byte[allocateBytes];
        }
        if (busy == GC_STALL) {
            System.gc();
            busy = serviceNanos;
        }
        long t0 = System.nanoTime();
        while (System.nanoTime() - t0 < busy) {
            Thread.onSpinWait();
        }
        harness.recordEndToEnd(startNanos);
    }

    /** Stalls performed so far, warm-up included. */
    public long stalls() {
        return stalls;
    }
}
