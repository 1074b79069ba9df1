package org.jvmmark.workloads.http.driver;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * How the measured requests of one phase ended, each in exactly one way: answered with 200 and the
 * expected body, failed with a named kind (a status other than 200, a reset, a close, a timeout,
 * still unanswered when the run ended), or not sent at all. In rate mode their sum is exactly the
 * number the schedule put in the measured window.
 *
 * <p>Beside the counts, the driver's own <em>send lag</em> (ns): for a scheduled send whose
 * connection was free when it fell due, how late the driver sent it — the instrument's error, as
 * opposed to the server's backlog. Thread-safe: every I/O thread and sender counts into it ({@link
 * LongAdder}s), and each records as its own writer ({@link SplitRecorder}, a slot of its own for
 * the last end), so no two of them write one word per request.
 */
final class Outcomes {
    /** Answered with 200 and the expected body. */
    final LongAdder answered = new LongAdder();
    /** Failed requests by kind, including timeouts, unanswered at the end and not sent. */
    final ErrorCounts failed = new ErrorCounts();
    /** Requests the schedule put in the measured window (rate mode; 0 in the closed loop). */
    final long scheduled;
    /** Send lag of scheduled sends made when due, nanoseconds. */
    final SplitRecorder sendLag;
    /** Per writer, 16 longs apart (a cache line and its neighbour): when its last measured request ended. */
    private final AtomicLongArray lastEndNanos;
    private final int writers;
    /** Per endpoint of a mix (index as in {@link Endpoints}): answered and failed; one entry without a mix. */
    private final Outcomes[] byEndpoint;

    /** For {@code writers} threads, numbered 0 … writers−1. */
    Outcomes(long scheduled, int writers) {
        this(scheduled, writers, 0);
    }

    /** For {@code writers} threads and {@code endpoints} endpoints of a mix, each counted apart too. */
    Outcomes(long scheduled, int writers, int endpoints) {
        this.scheduled = scheduled;
        byEndpoint = new Outcomes[endpoints];
        for (int e = 0; e < endpoints; e++) {
            byEndpoint[e] = new Outcomes(0, 1);
        }
        this.writers = writers;
        sendLag = new SplitRecorder(writers);
        lastEndNanos = new AtomicLongArray(writers * SLOT);
        for (int w = 0; w < writers; w++) {
            lastEndNanos.set(w * SLOT, Long.MIN_VALUE);
        }
    }

    private static final int SLOT = 16;

    /** Endpoint {@code e}'s own counts (its {@link #answered} and {@link #failed}; its last end is not kept). */
    Outcomes endpoint(int e) {
        return byEndpoint[e];
    }

    /** How many endpoints are counted apart (0 without a mix). */
    int endpoints() {
        return byEndpoint.length;
    }

    /** Writer {@code writer}'s measured request ended at {@code nanoTime}. */
    void ended(int writer, long nanoTime) {
        int i = writer * SLOT;
        if (nanoTime - lastEndNanos.getPlain(i) > 0 || lastEndNanos.getPlain(i) == Long.MIN_VALUE) {
            lastEndNanos.setRelease(i, nanoTime);
        }
    }

    /** When the last measured request ended, or {@link Long#MIN_VALUE} if none did. */
    long lastEndNanos() {
        long last = Long.MIN_VALUE;
        for (int w = 0; w < writers; w++) {
            long t = lastEndNanos.getAcquire(w * SLOT);
            if (t != Long.MIN_VALUE && (last == Long.MIN_VALUE || t - last > 0)) {
                last = t;
            }
        }
        return last;
    }

    /** Every measured request that ended, whichever way. */
    long total() {
        return answered.sum() + failed.total();
    }
}
