package org.jvmmark.workloads.chat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one server's life. The per-line counters are {@link LongAdder}s because every
 * connection's thread bumps them on the hot path and a shared atomic would become the benchmark.
 *
 * <p>Thread-safe.
 */
public final class ServerStats {
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger peakOpen = new AtomicInteger();
    private final AtomicLong slowClientsDropped = new AtomicLong();
    private final LongAdder linesIn = new LongAdder();
    private final LongAdder linesOut = new LongAdder();
    private final LongAdder oversizeLines = new LongAdder();

    void connectionOpened() {
        accepted.incrementAndGet();
        peakOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
    }

    void connectionClosed(long oversize) {
        open.decrementAndGet();
        oversizeLines.add(oversize);
    }

    void slowClientDropped() {
        slowClientsDropped.incrementAndGet();
    }

    void lineIn() {
        linesIn.increment();
    }

    void linesOut(int n) {
        linesOut.add(n);
    }

    /** Connections accepted since start. */
    public long accepted() {
        return accepted.get();
    }

    /** Connections open now. */
    public int open() {
        return open.get();
    }

    public int peakOpen() {
        return peakOpen.get();
    }

    /** Clients disconnected because their outbound queue overflowed. */
    public long slowClientsDropped() {
        return slowClientsDropped.get();
    }

    public long linesIn() {
        return linesIn.sum();
    }

    /** Relayed lines (one per recipient) plus replies. */
    public long linesOut() {
        return linesOut.sum();
    }

    /** Lines dropped for exceeding 512 bytes, on connections already closed. */
    public long oversizeLines() {
        return oversizeLines.sum();
    }
}
