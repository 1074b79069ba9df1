package org.jvmmark.workloads.http.driver;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One connection: its channel, its read buffer and the request it waits for. Owned by one I/O thread,
 * except in rate mode, where an armed request is handed to the I/O thread's {@link Sender}: the
 * {@link #word} decides, by one compare-and-set, whether the sender fires it or the I/O thread takes
 * it back.
 */
final class Conn {
    /** A connection's rate-mode state, in the low bits of {@link #word}; the rest is a sequence number. */
    static final long IDLE = 0;
    /** Handed to the sender, not yet sent. */
    static final long ARMED = 1;
    /** Sent by the sender: the send time is {@link #firedNanos}. */
    static final long FIRED = 2;
    /** Sent by the I/O thread itself (any load): the send time is {@link #sentNanos}. */
    static final long SENT = 3;
    private static final java.lang.invoke.VarHandle WORD;

    static {
        try {
            WORD = java.lang.invoke.MethodHandles.lookup().findVarHandle(Conn.class, "word", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int index;
    final InetAddress source;
    final ResponseParser parser;
    SocketChannel channel;
    SelectionKey key;
    byte[] in = new byte[4096];
    int inLen;
    ByteBuffer out;
    boolean connected;
    boolean awaiting;
    /** The request outstanding or armed: endpoint {@link #endpoint} of {@link #endpoints} (the load's when it was sent). */
    Endpoints endpoints = Endpoints.NONE;
    int endpoint;
    boolean measured;
    boolean queued;
    long connectStartNanos;
    long intendedNanos;
    long sentNanos;
    long dueNanos;
    /** Requests this connection sent in the current load (rate: its next is j = index + k·C). */
    long k;
    long remaining;
    boolean holdDone;
    boolean retryPending;
    long retryAtNanos;
    long backoffNanos;
    /** Rate mode: sequence number × 4 + state (IDLE, ARMED, FIRED, SENT); written under the rules of {@link #WORD}. */
    volatile long word;
    /** Whether the key asks for OP_WRITE (a request not completely written). */
    boolean writeInterest;
    /** The I/O thread's sequence number of the connection's last arm. */
    long seq;
    /** What the sender needs for an armed request, written before the arm is published. */
    SocketChannel armedChannel;
    byte[] armedRequest;
    Outcomes armedOutcomes;
    /** Written by the sender only, before its compare-and-set to FIRED. */
    long firedNanos;

    Conn(int index, InetAddress source, byte[] expectedBody) {
        this.index = index;
        this.source = source;
        this.parser = new ResponseParser(expectedBody);
    }

    /** When the outstanding request went out: sent by the sender or by the I/O thread. */
    long sentAt() {
        return (word & 3) == FIRED ? firedNanos : sentNanos;
    }

    /** Moves {@link #word} from {@code expected} to {@code next} atomically; false when it was not {@code expected}. */
    boolean compareAndSetWord(long expected, long next) {
        return WORD.compareAndSet(this, expected, next);
    }
}
