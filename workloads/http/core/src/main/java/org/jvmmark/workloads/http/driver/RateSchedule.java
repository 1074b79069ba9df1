package org.jvmmark.workloads.http.driver;

/**
 * The open model's schedule on one I/O thread's connections: connection {@code i} sends the requests
 * {@code j = i + k·C} (C connections in all), each due at {@link Plan#due}. Moves a connection on to
 * its next request, hands a request that is not yet due to the {@link Sender} (arms it), and takes
 * an armed request back when the connection must be reopened or the load given up — one
 * compare-and-set on the connection's word decides whether the sender fired it first.
 *
 * <p>Threading: used by its I/O thread only; the sender sees an armed request through {@link
 * Conn#word}, published last.
 */
final class RateSchedule {
    private final EngineState state;
    private final Sender sender;
    private final LoadCounts counts;
    /** Connections of the whole engine (all I/O threads): the schedule's stride. */
    private final int connections;

    RateSchedule(EngineState state, Sender sender, LoadCounts counts, int connections) {
        this.state = state;
        this.sender = sender;
        this.counts = counts;
        this.connections = connections;
    }

    /**
     * Moves the connection on to its next scheduled request ({@link #cancel} undoes it); returns whether the
     * one it leaves — due at the old {@code dueNanos} — is in the measured window.
     */
    boolean advance(Conn c, Plan current) {
        boolean measured = c.index + c.k * (long) connections >= current.measureFromIndex;
        c.k++;
        c.remaining--;
        counts.remaining--;
        c.dueNanos = current.due(c.index + c.k * (long) connections);
        return measured;
    }

    /** Hands the connection's next scheduled request to the sender, which sends it when due. */
    void arm(Conn c, Plan current) {
        c.intendedNanos = c.dueNanos;
        int e = current.endpointOf(c.index + c.k * (long) connections);
        c.endpoints = current.endpoints;
        c.endpoint = e;
        c.parser.expect(current.endpoints.status[e], current.endpoints.expectBody[e]);
        c.measured = advance(c, current);
        c.awaiting = true;
        counts.outstanding++;
        c.armedChannel = c.channel;
        c.armedRequest = current.endpoints.request[e];
        c.armedOutcomes = state.outcomes;
        c.seq++;
        c.word = (c.seq << 2) | Conn.ARMED; // publishes the fields above to the sender
        sender.offer(c, c.seq, c.intendedNanos);
    }

    /**
     * Takes an armed request back from the sender, as if it had never been scheduled on this
     * connection yet; false when there is none (the sender has sent it, or nothing was armed).
     */
    boolean cancel(Conn c) {
        long armed = (c.seq << 2) | Conn.ARMED;
        if (c.word != armed || !c.compareAndSetWord(armed, (c.seq << 2) | Conn.IDLE)) {
            return false;
        }
        c.k--;
        c.remaining++;
        counts.remaining++;
        c.dueNanos = c.intendedNanos;
        c.awaiting = false;
        counts.outstanding--;
        return true;
    }
}
