package org.jvmmark.harness;

/**
 * A clock that moves only when told: waiting for a deadline jumps to it, and the task under test
 * advances time to model its service time. Makes coordinated-omission correction exactly checkable.
 * Not thread-safe beyond the benchmark thread.
 */
class ManualClock implements NanoClock {
    private long now = 1_000_000;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void awaitNanos(long deadlineNanos) {
        now = Math.max(now, deadlineNanos);
    }

    void advance(long nanos) {
        now += nanos;
    }
}
