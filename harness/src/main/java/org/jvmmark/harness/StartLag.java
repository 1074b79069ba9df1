package org.jvmmark.harness;

import org.jvmmark.api.FellBehind;

import java.util.Locale;

/**
 * How well one phase kept its schedule, judged over the whole phase from each iteration's start lag
 * (actual start − due time), not only from where it ended: a producer starved in the middle of a
 * run that caught up by its end started thousands of iterations late, and says so here. Also the
 * rate at which iterations were delivered (their end-to-end samples recorded), beside the rate at
 * which they were sent. Immutable, hence thread-safe.
 */
public final class StartLag {
    /** A start is late when it lags its due time by more than this many intervals... */
    static final int LATE_INTERVALS = 10;
    /** ...and by more than this (a scheduler tick on a busy machine is not a schedule missed). */
    static final long LATE_FLOOR_NANOS = 100_000;

    static final StartLag NONE = new StartLag(0, 0, 0, 0, 0);

    private final long iterations;
    private final long lateStarts;
    private final long lateNanos;
    private final long maxLagNanos;
    private final double deliveredRate;

    StartLag(long iterations, long lateStarts, long lateNanos, long maxLagNanos, double deliveredRate) {
        this.iterations = iterations;
        this.lateStarts = lateStarts;
        this.lateNanos = lateNanos;
        this.maxLagNanos = maxLagNanos;
        this.deliveredRate = deliveredRate;
    }

    /** The lag from which a start counts as late, for a schedule with this mean interval. */
    static long lateNanos(double intervalNanos) {
        return Math.max(LATE_FLOOR_NANOS, Math.round(LATE_INTERVALS * intervalNanos));
    }

    /** Iterations that started more than {@link #lateNanos()} after their due time. */
    public long lateStarts() {
        return lateStarts;
    }

    public long lateNanos() {
        return lateNanos;
    }

    /** The largest start lag of the phase. */
    public long maxLagNanos() {
        return maxLagNanos;
    }

    /** Iterations delivered per second: their samples recorded ÷ (end of the phase − first due time). */
    public double deliveredRate() {
        return deliveredRate;
    }

    /** Whether too many of the phase's iterations started late ({@link FellBehind#starts}). */
    public boolean fellBehind() {
        return FellBehind.starts(lateStarts, iterations);
    }

    /** "3.1 % of iterations started more than 100 µs late (worst 2.3 ms)". */
    public String describe() {
        return String.format(Locale.ROOT, "%.1f %% of iterations started more than %s late (worst %s)",
                100.0 * lateStarts / Math.max(1, iterations), micros(lateNanos), micros(maxLagNanos));
    }

    private static String micros(long nanos) {
        return nanos >= 1_000_000 ? String.format(Locale.ROOT, "%.1f ms", nanos / 1e6)
                : String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
    }
}
