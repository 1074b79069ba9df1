package org.jvmmark.harness;

/**
 * The code under measurement, driven by a {@link Harness}: one call of {@link #run(long)} per
 * iteration, on the harness's benchmark thread, at the rate the {@link HarnessOptions} ask for.
 *
 * <p>Lifecycle: {@link #init(Harness)} once (add probes, start consumer threads), then the warm-up
 * iterations, {@link #warmedUp()}, then for each run its iterations followed by
 * {@link #runComplete(int)}, and finally {@link #complete()}. Every iteration must end with exactly
 * one end-to-end sample, {@link Harness#recordEndToEnd(long)}, recorded either inside
 * {@code run} or later by one other thread (a consumer) — the harness waits for the samples of a
 * run before it starts the next one.
 *
 * <p>Implementations need not be thread-safe unless they hand work to other threads themselves.
 */
public interface LatencyTask {

    /**
     * Called once on the benchmark thread before any iteration and before the benchmark thread is
     * pinned (threads started here do not inherit its CPU).
     */
    default void init(Harness harness) throws Exception {
    }

    /**
     * One iteration.
     *
     * @param startNanos the time (on {@link Harness#nanoTime()}'s clock) this iteration was
     *     <em>supposed</em> to start according to the schedule — not when it actually started. If
     *     the task or the machine fell behind, the harness calls {@code run} late and back to back,
     *     and measuring from {@code startNanos} charges that wait to the latency, as a client
     *     sending at a fixed rate would see it (coordinated-omission correction). With correction
     *     turned off it is the actual start time.
     */
    void run(long startNanos) throws Exception;

    /** Called after the warm-up iterations, once their samples have all arrived. */
    default void warmedUp() {
    }

    /** Called after each run, once its samples have all arrived; {@code run} counts from 1. */
    default void runComplete(int run) {
    }

    /** Called once after the last run; release threads and resources here. */
    default void complete() {
    }
}
