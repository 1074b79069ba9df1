package org.jvmmark.workloads.http.driver;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * How the measured requests of one phase ended, each in exactly one way: answered with 200 and the
 * expected body, failed with a named kind (a status other than 200, a reset, a close, a timeout,
 * still unanswered when the run ended), or not sent at all. In rate mode their sum is exactly the
 * number the schedule put in the measured window.
 *
 * <p>Beside the counts, the driver's own <em>send lag</em> (ns): for a scheduled send whose
 * connection was free when it fell due, how late the driver sent it — the instrument's error, as
 * opposed to the server's backlog. Thread-safe: every I/O thread counts into it ({@link LongAdder},
 * wait-free {@link Recorder}).
 */
final class Outcomes {
    /** Answered with 200 and the expected body. */
    final LongAdder answered = new LongAdder();
    /** Failed requests by kind, including timeouts, unanswered at the end and not sent. */
    final ErrorCounts failed = new ErrorCounts();
    /** Requests the schedule put in the measured window (rate mode; 0 in the closed loop). */
    final long scheduled;
    /** Send lag of scheduled sends made when due, nanoseconds. */
    final Recorder sendLag = new Recorder(3);
    /** When the last measured request ended, {@link System#nanoTime()}. */
    private final LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);

    Outcomes(long scheduled) {
        this.scheduled = scheduled;
    }

    /** A measured request ended at {@code nanoTime}. */
    void ended(long nanoTime) {
        lastEndNanos.accumulate(nanoTime);
    }

    /** When the last measured request ended, or {@link Long#MIN_VALUE} if none did. */
    long lastEndNanos() {
        return lastEndNanos.get();
    }

    /** Every measured request that ended, whichever way. */
    long total() {
        return answered.sum() + failed.total();
    }
}
