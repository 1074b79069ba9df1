package org.jvmmark.harness;

import java.util.SplittableRandom;

/**
 * Due times of successive iterations: fixed spacing, exponential (Poisson) spacing, or none (closed
 * loop). Due times are computed from the start of the phase and the iteration's index, never from
 * when the previous iteration actually ran — that is what lets a stall show up as latency of the
 * iterations behind it.
 *
 * <p>Not thread-safe: used by the benchmark thread only.
 */
final class Schedule {
    private final double intervalNanos;
    private final boolean poisson;
    private final SplittableRandom random;
    private long start;
    private long index;
    private double poissonOffset;
    private long lastDue;

    Schedule(HarnessOptions options) {
        this.intervalNanos = options.intervalNanos();
        this.poisson = options.arrivals() == Arrivals.POISSON;
        this.random = new SplittableRandom(options.seed());
    }

    boolean isClosedLoop() {
        return intervalNanos == 0;
    }

    void start(long startNanos) {
        start = startNanos;
        index = 0;
        poissonOffset = 0;
    }

    /** The due time {@link #next()} returned last. */
    long lastDue() {
        return lastDue;
    }

    /** The due time of the next iteration. */
    long next() {
        long due;
        if (poisson) {
            due = start + (long) poissonOffset;
            // Inverse-transform sampling of an exponential gap with mean intervalNanos.
            poissonOffset += -Math.log(1.0 - random.nextDouble()) * intervalNanos;
        } else {
            due = start + (long) (index * intervalNanos);
        }
        index++;
        lastDue = due;
        return due;
    }
}
