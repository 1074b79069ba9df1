package org.jvmmark.api;

/**
 * When a fixed-rate schedule fell behind its target: the one rule the harness flags a run by, a reader applies to
 * a latency block that predates the flag, and the report explains. A schedule fell behind when the rate it achieved
 * is more than {@value #SHORTFALL} short of the rate it was due to keep, or when more than {@value #SHORTFALL} of its
 * iterations started late: a run that was starved in its middle and caught up by its end has the rate but not the
 * starts. A closed-loop driver, which has no target, never falls behind.
 *
 * <p>Child-side code (compiled for Java 11, no dependencies). Stateless and thread-safe.
 */
public final class FellBehind {
    /** The share of the rate, or of the starts, a schedule may miss before it fell behind. */
    public static final double SHORTFALL = 0.01;

    private FellBehind() {
    }

    /**
     * Whether {@code achievedRate} is more than {@value #SHORTFALL} short of {@code scheduledRate} (both per second;
     * a schedule of 0 or less is a closed loop, and an unknown achieved rate of 0 says nothing).
     */
    public static boolean rate(double scheduledRate, double achievedRate) {
        return scheduledRate > 0 && achievedRate > 0 && achievedRate < scheduledRate * (1 - SHORTFALL);
    }

    /** Whether more than {@value #SHORTFALL} of {@code iterations} started late. */
    public static boolean starts(long lateStarts, long iterations) {
        return iterations > 0 && lateStarts > SHORTFALL * iterations;
    }
}
