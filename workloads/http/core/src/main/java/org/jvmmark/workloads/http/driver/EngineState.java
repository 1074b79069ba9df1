package org.jvmmark.workloads.http.driver;

import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the {@code LoadEngine}'s driver thread, its I/O threads and their senders share: the load the
 * I/O threads are to carry out and the requests to give it up or stop, the engine's failure, and the
 * instruments every thread records into. It calls none of them back: the I/O threads poll it, and it
 * wakes their selectors.
 *
 * <p>Threading: the control fields are volatile (written by the driver thread, except {@link
 * #failure} and {@link #firstStatusProblem}, which any thread may set); the recorders and counters
 * are thread-safe ({@link SplitRecorder}: each I/O thread writes its own part). Selectors are added
 * by the constructing thread before any I/O thread starts.
 */
final class EngineState {
    /** Latency of measured requests from the due time (rate) or send (max, hold), ns; each I/O thread its own writer. */
    final SplitRecorder corrected;
    /** Latency of measured answered requests from the actual send, ns; each I/O thread its own writer. */
    final SplitRecorder uncorrected;
    /**
     * A mix's latency per entry (its probe), corrected and from the send, each I/O thread its own writer; null
     * without a mix. Recorded only while a load of the mix runs.
     */
    volatile EndpointRecorders[] byEndpoint;
    /** Every response checked and found right, measured or not (warm-up, hold). */
    final LongAdder validated = new LongAdder();
    final LongAdder reconnects = new LongAdder();
    /** Every failure of the engine's life by kind: connects, warm-up and measured requests. */
    final ErrorCounts errors = new ErrorCounts();

    volatile Plan plan = Plan.IDLE;
    volatile Outcomes outcomes;
    /** Set once the initial connects are over: from then on a failed connect is retried with back-off. */
    volatile boolean retrying;
    volatile int giveUpRequested;
    volatile String failure;
    volatile String firstStatusProblem;
    volatile boolean closed;
    /** A {@link Load#HOLD} level is kept: a connection sends again when its answer arrives. */
    volatile boolean resending;

    private final List<Selector> selectors = new ArrayList<>();

    /** For {@code ioThreads} I/O threads, writers {@code 0 … ioThreads−1} of the recorders. */
    EngineState(int ioThreads) {
        corrected = new SplitRecorder(ioThreads);
        uncorrected = new SplitRecorder(ioThreads);
    }

    /** An I/O thread's selector, woken whenever the load changes. */
    void addSelector(Selector selector) {
        selectors.add(selector);
    }

    /** Stops everything with a reason; the trial fails with it. */
    void fail(String reason) {
        if (failure == null) {
            failure = reason;
        }
        plan = Plan.IDLE;
        wakeup();
    }

    void wakeup() {
        for (Selector s : selectors) {
            s.wakeup();
        }
    }
}
