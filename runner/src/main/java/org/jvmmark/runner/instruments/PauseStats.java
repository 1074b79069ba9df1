package org.jvmmark.runner.instruments;

import java.util.Arrays;
import java.util.List;
import org.jvmmark.results.Instruments;

/** Count, total, longest and p99 (nearest rank) of a list of pauses, in milliseconds. Stateless. */
final class PauseStats {
    private PauseStats() {
    }

    /**
     * Adds {@code pauses}, {@code totalMillis}, {@code longestMillis} and {@code p99Millis} to the summary.
     *
     * @param prefix where they sit in the summary: "" or a path ending in a dot, {@code safepoints.}
     */
    static void summarise(List<Pause> pauses, String prefix, Instruments.Instrument.Builder summary) {
        long[] d = pauses.stream().mapToLong(Pause::durationNanos).sorted().toArray();
        summary.figure(prefix + "pauses", d.length);
        summary.figure(prefix + "totalMillis", Outliers.millis(Arrays.stream(d).sum()));
        summary.figure(prefix + "longestMillis", d.length == 0 ? 0 : Outliers.millis(d[d.length - 1]));
        summary.figure(prefix + "p99Millis", d.length == 0 ? 0 : Outliers.millis(d[(int) Math.ceil(0.99 * d.length) - 1]));
    }

    /**
     * Bytes allocated per second, from heap occupancy before and after each collection: what was
     * allocated between two collections is the occupancy before the second minus that after the first.
     *
     * @param transitions per collection in order {@code [atNanos, beforeBytes, afterBytes]}
     * @param fromNanos when allocation began (the JVM's start) on the same clock
     * @return {@code NaN} when there is no collection to measure from
     */
    static double allocationBytesPerSecond(List<long[]> transitions, long fromNanos) {
        if (transitions.isEmpty()) {
            return Double.NaN;
        }
        long allocated = 0;
        long previousAfter = 0;
        for (long[] t : transitions) {
            allocated += Math.max(0, t[1] - previousAfter);
            previousAfter = t[2];
        }
        long span = transitions.get(transitions.size() - 1)[0] - fromNanos;
        return span <= 0 ? Double.NaN : allocated * 1e9 / span;
    }

    /** Heap occupancy after collections: mean and largest, in MiB. */
    static void heapAfter(List<long[]> transitions, Instruments.Instrument.Builder summary) {
        if (transitions.isEmpty()) {
            return;
        }
        summary.figure("heapAfterGcMiB.mean", round1(transitions.stream().mapToLong(t -> t[2]).average().orElse(0) / (1 << 20)));
        summary.figure("heapAfterGcMiB.max", round1(transitions.stream().mapToLong(t -> t[2]).max().orElse(0) / (double) (1 << 20)));
    }

    /** {@code allocationMiBPerSecond}, when there is a collection to measure from. */
    static void allocationRate(List<long[]> transitions, long fromNanos, Instruments.Instrument.Builder summary) {
        double rate = allocationBytesPerSecond(transitions, fromNanos);
        if (Double.isFinite(rate)) { // round1 would make NaN a 0
            summary.figure("allocationMiBPerSecond", round1(rate / (1 << 20)));
        }
    }

    static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
