package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * One I/O thread: a selector, its share of the connections and the {@link Sender} beside it. Its
 * event loop carries out the load the driver thread puts in {@link EngineState#plan}: what a free
 * connection does next — the closed loop's staggered first sends and batches, the open model's
 * schedule (arming on-time sends for the sender through the {@link RateSchedule}, sending late ones
 * itself), the hold —, the timeouts, and the give-up at the end of a load. Writing requests and
 * reading answers it leaves to its {@link Exchange}, opening connections to its {@link Connector},
 * recording how requests ended to its {@link RequestLedger}.
 *
 * <p>Threading: everything runs on its own thread, except {@link Sender#offer}'s hand-over and the
 * volatile counts, which the driver thread reads.
 */
final class IoLoop implements Runnable {
    /** How often an I/O thread checks its connections for timeouts and due reconnects. */
    private static final long TICK_NANOS = 20_000_000L;
    final List<Conn> conns = new ArrayList<>();
    /** This I/O thread's number, 0 … threads−1: its writer number in the recorders and {@link Outcomes}. */
    final int id;
    final Selector selector;
    final Thread thread;
    final Sender sender;
    /** Writes of the sender that need the I/O thread. */
    final java.util.concurrent.ConcurrentLinkedQueue<Fixup> fixups = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.function.Consumer<SelectionKey> onKey = this::onKey;
    final PriorityQueue<Conn> due = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos - b.dueNanos, 0));
    final Connector connector;
    private final RequestLedger ledger;
    /** Read by the driver thread: what is left of the current load. */
    final LoadCounts counts = new LoadCounts();
    private final RateSchedule schedule;
    private final Exchange exchange;
    volatile long holdSent;
    volatile int giveUpHandled;
    private Plan current = Plan.IDLE;
    /** Closed loop: inside a select's handling of the ready keys, when sends wait for {@link #sendBatch}. */
    private boolean inBatch;
    private Conn[] batch = new Conn[64];
    private int batchSize;
    private long lastTick;
    private final EngineState state;
    /** Connections of the whole engine (all I/O threads): the schedule's stride. */
    private final int connections;
    private final long responseTimeoutNanos;

    /**
     * I/O thread {@code n} of {@code loopsWanted}, for an engine of {@code connections} connections
     * to {@code target}; an answer later than {@code responseTimeoutNanos} (plus the load's extra) is
     * a timeout.
     */
    IoLoop(EngineState state, InetSocketAddress target, int connections, long responseTimeoutNanos, int n, int loopsWanted)
            throws IOException {
        this.state = state;
        this.connections = connections;
        this.responseTimeoutNanos = responseTimeoutNanos;
        id = n;
        selector = Selector.open();
        state.addSelector(selector);
        thread = new Thread(this, "jvmmark-http-io-" + n);
        thread.setDaemon(true);
        sender = new Sender(state, fixups, selector, n, loopsWanted, (connections + loopsWanted - 1) / loopsWanted);
        connector = new Connector(state, target, selector, this::opened);
        ledger = new RequestLedger(state, n);
        schedule = new RateSchedule(state, sender, counts, connections);
        exchange = new Exchange(state, ledger, connector, schedule, counts, this::ready);
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable t) {
            state.fail("driver I/O thread failed: " + t);
        } finally {
            for (Conn c : conns) {
                connector.closeQuietly(c);
            }
            try {
                selector.close();
            } catch (IOException e) {
                // closing
            }
        }
    }

    private void loop() throws IOException {
        while (!state.closed) {
            connector.openMore(conns);
            Plan p = state.plan;
            if (p != current) {
                begin(p);
            }
            if (giveUpHandled != state.giveUpRequested) {
                int epoch = state.giveUpRequested;
                giveUp();
                giveUpHandled = epoch;
            }
            Fixup fix;
            while ((fix = fixups.poll()) != null) {
                exchange.fixup(fix.conn, fix.channel, fix.written, fix.errorKind);
            }
            long now = System.nanoTime();
            sendDue(now);
            long next = due.isEmpty() ? Long.MAX_VALUE : due.peek().dueNanos;
            long waitNanos = Math.min(next == Long.MAX_VALUE ? TICK_NANOS : next - now, TICK_NANOS);
            // whole milliseconds, rounded up: only the closed loop's staggered first sends and the tick wait here
            inBatch = current.load == Load.MAX;
            try {
                if (waitNanos <= 0) {
                    selector.selectNow(onKey);
                } else {
                    selector.select(onKey, Math.max(1, (waitNanos + 999_999) / 1_000_000));
                }
            } finally {
                inBatch = false;
            }
            sendBatch();
            now = System.nanoTime();
            if (now - lastTick > TICK_NANOS) {
                lastTick = now;
                tick(now);
            }
        }
    }

    private void onKey(SelectionKey key) {
        Conn c = (Conn) key.attachment();
        if (!key.isValid()) {
            return;
        }
        if (key.isConnectable()) {
            connector.finishConnect(c);
        } else {
            if (key.isReadable()) {
                exchange.read(c, current);
            }
            if (key.isValid() && key.isWritable() && c.channel != null) {
                exchange.flush(c);
            }
        }
    }

    /** A connection has just opened ({@link Connector}): it starts its part of the current load. */
    private void opened(Conn c) {
        try {
            ready(c, System.nanoTime());
        } catch (IOException e) {
            exchange.broken(c, ErrorCounts.kindOf(e, false));
        }
    }

    /** The closed loop's connections whose answers came in the last select: their next requests. */
    private void sendBatch() throws IOException {
        int n = batchSize;
        batchSize = 0;
        long now = System.nanoTime();
        for (int i = 0; i < n; i++) {
            Conn c = batch[i];
            batch[i] = null;
            c.queued = false;
            if (c.connected && !c.awaiting) {
                ready(c, now);
            }
        }
    }

    /** A new load: every connection starts its part of it. */
    private void begin(Plan p) throws IOException {
        for (Conn c : conns) {
            schedule.cancel(c); // left armed by a load that stopped without a give-up (a failure)
        }
        current = p;
        due.clear();
        holdSent = 0;
        long rem = 0;
        for (Conn c : conns) {
            c.k = 0;
            c.queued = false;
            c.holdDone = false;
            c.remaining = 0;
            if (p.load == Load.RATE) {
                c.dueNanos = p.due(c.index);
                c.remaining = p.endIndex > c.index ? (p.endIndex - c.index + connections - 1) / connections : 0;
                rem += c.remaining;
            } else if (p.load == Load.MAX) {
                c.dueNanos = p.startNanos + p.staggerNanos * c.index / connections;
            }
        }
        counts.remaining = rem;
        long now = System.nanoTime();
        for (Conn c : conns) {
            if (c.connected && !c.awaiting) {
                ready(c, now);
            }
        }
    }

    /** The connection is free to send: what it does depends on the load. */
    private void ready(Conn c, long now) throws IOException {
        if (c.queued) {
            return;
        }
        switch (current.load) {
            case MAX:
                if (now - current.measureUntilNanos >= 0) {
                    return;
                }
                if (c.k == 0 && c.dueNanos - now > 0) {
                    queue(c);
                } else if (inBatch) {
                    // as wrk: the answers of one select first, then their connections' next requests together,
                    // so the server finds them in one batch rather than being woken once per request
                    if (batchSize == batch.length) {
                        batch = java.util.Arrays.copyOf(batch, batchSize * 2);
                    }
                    batch[batchSize++] = c;
                    c.queued = true;
                } else {
                    exchange.send(c, current.endpoints, current.endpoints.pick(c.index, c.k), now, now, now - current.measureFromNanos >= 0);
                    c.k++;
                }
                break;
            case RATE:
                if (c.remaining == 0) {
                    return;
                }
                if (c.dueNanos - now <= 0) {
                    sendScheduled(c, now, false); // late: the server kept the connection past its due time
                } else if (c.dueNanos - now <= Sender.SEND_TOLERANCE_NANOS) {
                    sendScheduled(c, now, true); // due within the sender's tolerance: no hand-over for it
                } else {
                    schedule.arm(c, current);
                }
                break;
            case HOLD:
                if (!c.holdDone && c.index < current.endIndex) {
                    c.holdDone = true;
                    holdSent++;
                    exchange.send(c, current.endpoints, 0, now, now, true);
                } else if (state.resending && c.index < current.endIndex) {
                    exchange.send(c, current.endpoints, 0, now, now, false);
                }
                break;
            default:
                break;
        }
    }

    private void queue(Conn c) {
        c.queued = true;
        due.add(c);
    }

    private void sendDue(long now) throws IOException {
        while (!due.isEmpty() && due.peek().dueNanos - now <= 0) {
            Conn c = due.poll();
            c.queued = false;
            if (!c.connected || c.awaiting) {
                continue; // ready() queues it again when it is free
            }
            if (current.load == Load.MAX) {
                ready(c, now);
            }
        }
    }

    /**
     * Sends the connection's next scheduled request. {@code onTime}: the connection was free when
     * it fell due, so any lag is the driver's own.
     */
    private void sendScheduled(Conn c, long now, boolean onTime) throws IOException {
        long intended = c.dueNanos;
        int e = current.endpointOf(c.index + c.k * (long) connections);
        boolean measured = schedule.advance(c, current);
        if (onTime && measured) {
            state.outcomes.sendLag.record(id, now - intended);
        }
        exchange.send(c, current.endpoints, e, intended, now, measured);
    }










    /** Timeouts, and (from the {@link Connector}) connects that take too long, reconnects that are due. */
    private void tick(long now) {
        long limit = responseTimeoutNanos + current.extraTimeoutNanos;
        for (Conn c : conns) {
            if (c.awaiting && (c.word & 3) != Conn.ARMED && now - c.sentAt() > limit) {
                exchange.broken(c, ErrorCounts.TIMEOUT);
            } else {
                connector.tick(c, now);
            }
        }
    }

    /** Gives up the current load: unsent and unanswered measured requests are counted and recorded. */
    private void giveUp() {
        long now = System.nanoTime();
        Outcomes o = state.outcomes;
        Plan p = current;
        for (Conn c : conns) {
            schedule.cancel(c);
            if (p.load == Load.RATE) {
                for (long j = c.index + c.k * (long) connections; j < p.endIndex; j += connections) {
                    if (j >= p.measureFromIndex) {
                        ledger.failed(o, p.endpoints, p.endpointOf(j), p.due(j), ErrorCounts.NOT_SENT, now);
                    }
                }
            }
            c.remaining = 0;
            c.queued = false;
            if (c.awaiting) {
                state.errors.add(ErrorCounts.UNANSWERED_AT_END);
                c.awaiting = false;
                counts.outstanding--;
                if (c.measured) {
                    ledger.failed(o, c.endpoints, c.endpoint, c.intendedNanos, ErrorCounts.UNANSWERED_AT_END, now);
                }
                connector.reopen(c); // a late answer must not arrive in the next load
            }
        }
        due.clear();
        counts.remaining = 0;
    }

}
