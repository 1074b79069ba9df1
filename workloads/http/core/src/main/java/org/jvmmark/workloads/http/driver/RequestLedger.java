package org.jvmmark.workloads.http.driver;

/**
 * Where one I/O thread writes how each request ended: every answer is checked and counted (validated,
 * or its status counted as an error), and each measured request ends in exactly one way in the
 * phase's {@link Outcomes} — answered, or failed with a named kind — and in the corrected histogram
 * from its due time, failures included, so that a percentile cannot look better because requests
 * vanished.
 *
 * <p>Threading: one instance per I/O thread, used by that thread only; it writes as that thread's
 * writer into the thread-safe recorders and counters of {@link EngineState}.
 */
final class RequestLedger {
    private final EngineState state;
    /** The I/O thread's writer number in the recorders and {@link Outcomes}. */
    private final int writer;

    RequestLedger(EngineState state, int writer) {
        this.state = state;
        this.writer = writer;
    }

    /**
     * An answer to a request due at {@code intended} and sent at {@code sent}, read at {@code now}:
     * counted, and recorded when {@code measured}. False when it was a 200 with a wrong body: the
     * engine has been stopped with the parser's problem.
     */
    boolean answered(ResponseParser parser, String requestLine, boolean measured, long intended, long sent, long now) {
        int status = parser.status();
        if (status == 200 && !parser.ok()) {
            state.fail(parser.problem(requestLine));
            return false;
        }
        Outcomes o = state.outcomes;
        if (status == 200) {
            state.validated.increment();
        } else {
            state.errors.add(ErrorCounts.status(status));
            if (state.firstStatusProblem == null) {
                state.firstStatusProblem = parser.problem(requestLine);
            }
        }
        if (measured) {
            state.corrected.record(writer, now - intended);
            if (status == 200) {
                state.uncorrected.record(writer, now - sent);
                o.answered.increment();
            } else {
                o.failed.add(ErrorCounts.status(status));
            }
            o.ended(writer, now);
        }
        return true;
    }

    /**
     * A measured request due at {@code intended} that ended at {@code now} without an answer — broken,
     * timed out, unanswered or not sent at the end: counted in {@code o} as {@code kind} and recorded
     * at {@code now − intended}.
     */
    void failed(Outcomes o, long intended, String kind, long now) {
        state.corrected.record(writer, now - intended);
        o.failed.add(kind);
        o.ended(writer, now);
    }
}
