package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * The request/answer exchange on one I/O thread's connections: writes a request (finishing the
 * sender's incomplete writes), reads and parses what comes back, hands each answer to the {@link
 * RequestLedger}, and counts a connection that fails — reset, closed, timed out — as broken, its
 * outstanding request failed, and opens it again through the {@link Connector}. A connection whose
 * answer has come is free again: it goes to the {@link Free} callback, which sends its next request
 * as the load says. A 200 with a wrong body, or an answer nobody asked for, stops the engine.
 *
 * <p>Threading: used by its I/O thread only.
 */
final class Exchange {
    /** What an I/O thread does with a connection whose answer has come: its next request, as the load says. */
    interface Free {
        void free(Conn c, long now) throws IOException;
    }

    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private final EngineState state;
    private final RequestLedger ledger;
    private final Connector connector;
    private final RateSchedule schedule;
    private final LoadCounts counts;
    private final Free free;

    Exchange(EngineState state, RequestLedger ledger, Connector connector, RateSchedule schedule, LoadCounts counts, Free free) {
        this.state = state;
        this.ledger = ledger;
        this.connector = connector;
        this.schedule = schedule;
        this.counts = counts;
        this.free = free;
    }

    /** Sends endpoint {@code e}'s request on the connection: due at {@code intended}, sent at {@code now}. */
    void send(Conn c, Endpoints endpoints, int e, long intended, long now, boolean measured) {
        byte[] request = endpoints.request[e];
        c.endpoints = endpoints;
        c.endpoint = e;
        c.parser.expect(endpoints.status[e], endpoints.expectBody[e]);
        c.intendedNanos = intended;
        c.sentNanos = now;
        c.word = (c.seq << 2) | Conn.SENT;
        c.measured = measured;
        c.awaiting = true;
        counts.outstanding++;
        if (c.out == null || c.out.array() != request) {
            c.out = ByteBuffer.wrap(request);
        } else {
            c.out.clear();
        }
        flush(c);
    }

    /** Writes what is left of the connection's request; asks for OP_WRITE while some is. */
    void flush(Conn c) {
        try {
            c.channel.write(c.out);
            boolean more = c.out.hasRemaining();
            if (more != c.writeInterest) { // the key's interest changes only when a write did not complete
                c.writeInterest = more;
                c.key.interestOps(more ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
            }
        } catch (IOException e) {
            broken(c, ErrorCounts.kindOf(e, false));
        }
    }

    /** A write of the sender that did not complete: finish it here, or count the connection broken. */
    void fixup(Conn c, SocketChannel ch, int written, String kind) {
        if (c.channel != ch || !c.awaiting || (c.word & 3) != Conn.FIRED) {
            return; // the connection has been opened again since: the request was counted then
        }
        if (kind != null) {
            broken(c, kind);
            return;
        }
        c.out = ByteBuffer.wrap(c.armedRequest, written, c.armedRequest.length - written);
        flush(c);
    }

    /** Reads what came on the connection and handles every complete answer in it. */
    void read(Conn c, Plan current) {
        if (c.awaiting && (c.word & 3) == Conn.ARMED) {
            schedule.cancel(c); // not sent yet: whatever came is not its answer
        }
        int n;
        try {
            readBuffer.clear();
            n = c.channel.read(readBuffer);
        } catch (IOException e) {
            broken(c, ErrorCounts.kindOf(e, false));
            return;
        }
        if (n < 0) {
            if (c.awaiting) {
                broken(c, ErrorCounts.CLOSED);
            } else {
                state.reconnects.increment();
                connector.reopen(c);
            }
            return;
        }
        readBuffer.flip();
        if (c.inLen + n > c.in.length) {
            c.in = java.util.Arrays.copyOf(c.in, Math.max(c.in.length * 2, c.inLen + n));
        }
        readBuffer.get(c.in, c.inLen, n);
        c.inLen += n;
        try {
            int used;
            while (c.channel != null && c.inLen > 0 && (used = c.parser.parse(c.in, c.inLen)) > 0) {
                System.arraycopy(c.in, used, c.in, 0, c.inLen - used);
                c.inLen -= used;
                answered(c, current);
                if (state.failure != null) {
                    return;
                }
            }
        } catch (RuntimeException e) {
            state.fail(c.endpoints.label[c.endpoint] + ": " + e.getMessage());
        }
    }

    private void answered(Conn c, Plan current) {
        long now = System.nanoTime();
        if (!c.awaiting) {
            state.fail(c.endpoints.label[c.endpoint] + ": the server sent a response nobody asked for");
            return;
        }
        long sent = c.sentAt();
        // a request the sender sent early (within its tolerance) counts from its actual send
        long intended = Math.min(c.intendedNanos, sent);
        c.word = (c.seq << 2) | Conn.IDLE;
        c.awaiting = false;
        counts.outstanding--;
        if (!ledger.answered(c.parser, c.endpoints, c.endpoint, c.measured, intended, sent, now)) {
            return;
        }
        if (c.parser.close()) {
            state.reconnects.increment();
            connector.reopen(c);
            return;
        }
        try {
            free.free(c, now);
        } catch (IOException e) {
            broken(c, ErrorCounts.kindOf(e, false));
        }
    }

    /** A request or connection failed: count it, and open the connection again. */
    void broken(Conn c, String kind) {
        state.errors.add(kind);
        schedule.cancel(c); // an armed request was not sent: it waits for the connection to be open again
        if (c.awaiting) {
            c.awaiting = false;
            counts.outstanding--;
            if (c.measured) {
                ledger.failed(state.outcomes, c.endpoints, c.endpoint, c.intendedNanos, kind, System.nanoTime());
            }
        }
        connector.reopen(c);
    }
}
