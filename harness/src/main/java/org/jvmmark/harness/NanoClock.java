package org.jvmmark.harness;

import java.util.concurrent.locks.LockSupport;

/**
 * The harness's source of time and its way of waiting for a deadline. Tests inject a manual clock
 * so that coordinated-omission correction can be checked to the nanosecond; everything else uses
 * {@link #SYSTEM}.
 *
 * <p>Implementations must be safe to call from several threads.
 */
public interface NanoClock {

    /** {@link System#nanoTime()}, waiting by parking far from the deadline and spinning near it. */
    NanoClock SYSTEM = new SystemNanoClock();

    long nanoTime();

    /** Returns at or after {@code deadlineNanos} on this clock; returns at once if it has passed. */
    void awaitNanos(long deadlineNanos);

    /** Thread-safe (stateless). */
    final class SystemNanoClock implements NanoClock {
        /**
         * Linux wakes a parked thread about 50–100 µs late (timer slack plus scheduling), so we
         * park only until this far before the deadline and spin the rest: spinning is the only way
         * to start an iteration within a few hundred nanoseconds of its due time.
         */
        static final long SPIN_NANOS = 200_000;

        private SystemNanoClock() {
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void awaitNanos(long deadlineNanos) {
            long remaining;
            while ((remaining = deadlineNanos - System.nanoTime()) > SPIN_NANOS) {
                LockSupport.parkNanos(remaining - SPIN_NANOS);
            }
            while (deadlineNanos - System.nanoTime() > 0) {
                Thread.onSpinWait();
            }
        }

        @Override
        public String toString() {
            return "System.nanoTime";
        }
    }
}
