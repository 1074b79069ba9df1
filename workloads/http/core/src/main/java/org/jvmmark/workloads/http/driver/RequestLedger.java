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
     * An answer to a request of endpoint {@code e} due at {@code intended} and sent at {@code sent}, read at
     * {@code now}: counted, and recorded when {@code measured}. False when it had the expected status and a wrong
     * body: the engine has been stopped with the parser's problem. Another status is a failed request of that
     * endpoint, named by its kind ({@link Endpoints#statusKind}).
     */
    boolean answered(ResponseParser parser, Endpoints endpoints, int e, boolean measured, long intended, long sent, long now) {
        int status = parser.status();
        boolean right = status == endpoints.status[e];
        if (right && !parser.ok()) {
            state.fail(parser.problem(endpoints.label[e]));
            return false;
        }
        Outcomes o = state.outcomes;
        String kind = right ? null : endpoints.statusKind(e, status);
        if (right) {
            state.validated.increment();
        } else {
            state.errors.add(kind);
            if (state.firstStatusProblem == null) {
                state.firstStatusProblem = parser.problem(endpoints.label[e]);
            }
        }
        if (measured) {
            state.corrected.record(writer, now - intended);
            boolean mix = endpoints.mix != null && state.byEndpoint != null;
            if (mix) {
                state.byEndpoint[e].corrected.record(writer, now - intended);
            }
            if (right) {
                state.uncorrected.record(writer, now - sent);
                o.answered.increment();
                if (mix) {
                    state.byEndpoint[e].uncorrected.record(writer, now - sent);
                    o.endpoint(e).answered.increment();
                }
            } else {
                o.failed.add(kind);
                if (mix) {
                    o.endpoint(e).failed.add(kind);
                }
            }
            o.ended(writer, now);
        }
        return true;
    }

    /**
     * A measured request of endpoint {@code e} due at {@code intended} that ended at {@code now} without an answer — broken,
     * timed out, unanswered or not sent at the end: counted in {@code o} as {@code kind} and recorded
     * at {@code now − intended}.
     */
    void failed(Outcomes o, Endpoints endpoints, int e, long intended, String kind, long now) {
        state.corrected.record(writer, now - intended);
        o.failed.add(kind);
        if (endpoints.mix != null && state.byEndpoint != null) {
            state.byEndpoint[e].corrected.record(writer, now - intended);
            o.endpoint(e).failed.add(kind);
        }
        o.ended(writer, now);
    }
}
