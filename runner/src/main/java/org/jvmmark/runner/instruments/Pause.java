package org.jvmmark.runner.instruments;

/**
 * A time the JVM under test stopped (or, for a concurrent collector's bean, worked beside) the
 * application, on the harness's {@code System.nanoTime()} clock. Immutable.
 *
 * @param kind {@link Kind#GC} for a collection's pause, {@link Kind#SAFEPOINT} for any other safepoint
 * @param label what a person calls it: "G1 young pause", "safepoint (RevokeBias)"
 */
public record Pause(Kind kind, String label, long startNanos, long durationNanos) {
    public enum Kind { GC, SAFEPOINT }

    public long endNanos() {
        return startNanos + durationNanos;
    }

    /** How long {@code [from, to]} overlaps this pause widened by {@code slackNanos} on each side; 0 if not at all. */
    long overlapNanos(long from, long to, long slackNanos) {
        return Math.max(0, Math.min(to, endNanos() + slackNanos) - Math.max(from, startNanos - slackNanos));
    }
}
