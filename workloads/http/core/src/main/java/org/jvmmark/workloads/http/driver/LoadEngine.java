package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The driver's engine: keep-alive HTTP/1.1 connections spread over a few I/O threads (one NIO
 * selector each), each connection with at most one request outstanding (no pipelining, as a
 * browser or a service client). Three ways to load them:
 *
 * <ul>
 *   <li><b>max</b> — closed loop, as wrk: a connection sends its next request when the previous
 *       answer arrives. Latency is from the actual send; there is no schedule to be late against.
 *       The first sends may be spread over a stagger period, so that answers of a sleeping handler
 *       do not come in waves.</li>
 *   <li><b>rate</b> — open model, as wrk2: one schedule of requests {@code j = 0, 1, 2, …} due at
 *       {@code start + j/R}, request {@code j} on connection {@code j mod C}. A connection whose
 *       previous answer is late sends as soon as it can, and that request's latency counts from its
 *       due time: a server that stalls for S ms shows every request that should have been sent
 *       during the stall with the part of S it waited (coordinated-omission correction). The
 *       measured window is a range of {@code j}, so it holds exactly {@code R × seconds} requests.</li>
 *   <li><b>hold</b> — every connection sends one request (the sleeping handler) and waits.</li>
 * </ul>
 *
 * <p><b>No spinning, no wake-up per request.</b> An I/O thread blocks in its selector and reads;
 * in rate mode each I/O thread has a <em>sender</em> thread beside it that parks until the earliest
 * due send of that thread's free connections ({@code select} alone counts in whole milliseconds)
 * and writes it itself — no selector wake-up per request. A free connection is <em>armed</em> by its
 * I/O thread (handed to the sender with its due time) and either fired by the sender or taken back
 * (cancelled) by the I/O thread when the connection must be reopened or the load given up; one
 * compare-and-set on a sequence-stamped word per connection decides which. The sender aims its park
 * at {@link #SEND_TOLERANCE_NANOS} before the due time (the kernel wakes a parked thread about that
 * late: timer slack) and, once awake, sends everything due within that tolerance, so a send may go
 * out up to 50 µs early — its latency then counts from the actual send — and is otherwise late by
 * the wake-up's jitter. How late each due send went out — the <em>send lag</em> — is recorded in
 * {@link Outcomes#sendLag}: it is the instrument's own error and says when the driver, not the
 * server, was the limit. A connection whose answer comes after its next due time sends that request
 * at once from the I/O thread (late because of the server, so no send lag).
 *
 * <p><b>Every request accounted for.</b> Each measured request ends in exactly one way, counted in
 * the phase's {@link Outcomes}: answered; failed with a named kind (a status other than 200 — counted,
 * not fatal —, reset, closed, timed out); still outstanding when the phase was given up; or, in rate
 * mode, never sent. All but the answered ones are recorded in the corrected histogram at (the moment
 * they were given up − their due time). A connection that fails is opened again at once and then
 * with back-off (20 ms doubling to 1 s) until it connects; its share of the schedule waits for it.
 * A 200 with a wrong body stops the engine and fails the trial.
 *
 * <p>Threading: the control methods ({@link #connect}, {@code start*}, {@link #finish}, {@link
 * #close}) are called by one driver thread, one at a time; each connection is owned by one I/O
 * thread; the I/O threads and senders record into {@link SplitRecorder}s (each its own part) and
 * {@link LongAdder}s, and the driver reads the per-thread counts through volatile fields. Not safe
 * for several controlling threads.
 */
final class LoadEngine implements AutoCloseable {
    /** How the I/O threads send. */
    enum Load { IDLE, MAX, RATE, HOLD }

    private static final long CONNECT_TIMEOUT_NANOS = 10_000_000_000L;
    /** How often an I/O thread checks its connections for timeouts and due reconnects. */
    private static final long TICK_NANOS = 20_000_000L;
    static final long RECONNECT_MIN_NANOS = 20_000_000L;
    static final long RECONNECT_MAX_NANOS = 1_000_000_000L;
    /**
     * Connects an I/O thread has in flight at once. Thousands of SYNs at once overflow a server's
     * accept backlog (Linux then drops them and the client retries after 1 s, 3 s, ...), which
     * would measure the backlog rather than the server; a browser fleet does not connect in one
     * microsecond either.
     */
    private static final int MAX_PENDING_CONNECTS = 64;
    /**
     * Rate mode: a sender parks until this long before the earliest due send and then sends every
     * send due within this long. Linux wakes a thread parked for a given time about 50 µs (timer
     * slack) + 20 µs late: measured on a 2-core VM, {@code parkNanos} of 20 µs – 1 ms overshot by 71
     * µs at the median, 75 µs at p90.
     */
    static final long SEND_TOLERANCE_NANOS = 50_000L;

    /** A write of the sender that the I/O thread must finish ({@code errorKind} null) or count as broken. Immutable. */
    private static final class Fixup {
        final Conn conn;
        final SocketChannel channel;
        final int written;
        final String errorKind;

        Fixup(Conn conn, SocketChannel channel, int written, String errorKind) {
            this.conn = conn;
            this.channel = channel;
            this.written = written;
            this.errorKind = errorKind;
        }
    }

    /** A connection's rate-mode state, in the low bits of {@link Conn#word}; the rest is a sequence number. */
    private static final long IDLE = 0;
    /** Handed to the sender, not yet sent. */
    private static final long ARMED = 1;
    /** Sent by the sender: the send time is {@link Conn#firedNanos}. */
    private static final long FIRED = 2;
    /** Sent by the I/O thread itself (any load): the send time is {@link Conn#sentNanos}. */
    private static final long SENT = 3;
    private static final java.lang.invoke.VarHandle WORD;

    static {
        try {
            WORD = java.lang.invoke.MethodHandles.lookup().findVarHandle(Conn.class, "word", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final InetSocketAddress target;
    private final byte[] expectedBody;
    private final long responseTimeoutNanos;
    private final List<IoLoop> loops = new ArrayList<>();
    /** Latency of measured requests from the due time (rate) or send (max, hold), ns; each I/O thread its own writer. */
    final SplitRecorder corrected;
    /** Latency of measured answered requests from the actual send, ns; each I/O thread its own writer. */
    final SplitRecorder uncorrected;
    /** Every response checked and found right, measured or not (warm-up, hold). */
    final LongAdder validated = new LongAdder();
    final LongAdder reconnects = new LongAdder();
    /** Every failure of the engine's life by kind: connects, warm-up and measured requests. */
    final ErrorCounts errors = new ErrorCounts();
    private final int connections;

    private volatile Plan plan = Plan.IDLE;
    private volatile Outcomes outcomes;
    private volatile boolean retrying;
    private volatile int giveUpRequested;
    private volatile String failure;
    private volatile String firstStatusProblem;
    private volatile boolean closed;
    /** A {@link Load#HOLD} level is kept: a connection sends again when its answer arrives. */
    private volatile boolean resending;

    /**
     * @param sources loopback source addresses to spread the connections over
     * @param responseTimeoutNanos an answer later than this after its send is a timeout (each load
     *        may add to it, e.g. the sleeping handler's sleep)
     */
    LoadEngine(InetSocketAddress target, List<InetAddress> sources, int connections, int threads,
               byte[] expectedBody, long responseTimeoutNanos) throws IOException {
        this.target = target;
        this.expectedBody = expectedBody;
        this.responseTimeoutNanos = responseTimeoutNanos;
        this.connections = connections;
        int n = Math.max(1, Math.min(threads, connections));
        for (int t = 0; t < n; t++) {
            loops.add(new IoLoop(t, n));
        }
        for (int i = 0; i < connections; i++) {
            loops.get(i % n).conns.add(new Conn(i, sources.get(i % sources.size())));
        }
        corrected = new SplitRecorder(n);
        uncorrected = new SplitRecorder(n);
        outcomes = newOutcomes(0);
    }

    /** A phase's outcomes, with a writer for each I/O thread ({@code 0 … n−1}) and each sender ({@code n … 2n−1}). */
    private Outcomes newOutcomes(long scheduled) {
        return new Outcomes(scheduled, 2 * loops.size());
    }

    /** GET request bytes for {@code path}. */
    static byte[] get(String path, InetSocketAddress target) {
        return ("GET " + path + " HTTP/1.1\r\nHost: " + target.getHostString() + ":" + target.getPort()
                + "\r\nUser-Agent: jvmmark\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Opens every connection and waits until each is open or failed; from then on a connection that
     * fails is opened again with back-off.
     *
     * @return how many are open
     */
    int connect(long timeoutNanos) throws InterruptedException {
        for (IoLoop l : loops) {
            l.thread.start();
            l.sender.thread.start();
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (sum(l -> l.settled) < connections && failure == null && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        retrying = true;
        return open();
    }

    /**
     * Closed loop: warm-up, then every request <em>sent</em> in the next {@code measureNanos} is
     * measured; no request is sent after that. Connection i's first send waits {@code i/C} of
     * {@code staggerNanos}.
     */
    Outcomes startMax(String path, long warmupNanos, long measureNanos, long extraTimeoutNanos, long staggerNanos) {
        long start = System.nanoTime() + 1_000_000;
        return begin(new Plan(Load.MAX, get(path, target), "GET " + path, start, 0, 0, 0,
                start + warmupNanos, start + warmupNanos + measureNanos, extraTimeoutNanos, staggerNanos), 0);
    }

    /**
     * Open model at {@code rate} requests/s: requests {@code 0 … J0−1} warm up ({@code J0 = rate ×
     * warm-up}), requests {@code J0 … J1−1} are measured ({@code J1 − J0 = rate × measure}), and the
     * schedule ends at {@code J1}.
     */
    Outcomes startRate(String path, double rate, long warmupNanos, long measureNanos, long extraTimeoutNanos) {
        return startRate(path, rate, warmupNanos, measureNanos, extraTimeoutNanos, Segment.WHOLE, System.nanoTime() + 1_000_000);
    }

    /**
     * Slice {@code segment} of the open-model schedule at {@code rate} (over all slices), starting at
     * {@code startNanos} ({@link System#nanoTime()}): this engine sends the requests {@code j} with
     * {@code j mod N = I − 1}, so N engines — in other processes or on other hosts, started at the
     * same moment — send the whole schedule between them, each request once. Request {@code j}'s due
     * time and whether it is measured are the whole schedule's.
     */
    Outcomes startRate(String path, double rate, long warmupNanos, long measureNanos, long extraTimeoutNanos, Segment segment,
                       long startNanos) {
        long j0 = Math.round(warmupNanos * rate / 1e9);
        long j1 = j0 + Math.round(measureNanos * rate / 1e9);
        double interval = 1e9 / rate;
        Plan p = new Plan(Load.RATE, get(path, target), "GET " + path, startNanos, interval, segment.local(j0), segment.local(j1),
                startNanos + Math.round(j0 * interval), startNanos + Math.round(j1 * interval), extraTimeoutNanos, 0,
                segment.count, segment.index);
        return begin(p, segment.local(j1) - segment.local(j0));
    }

    /** Connections {@code 0 … count−1} each send one request and wait; every one is measured. */
    Outcomes startHold(String path, long extraTimeoutNanos, int count) {
        return startHold(path, extraTimeoutNanos, count, false);
    }

    /**
     * Connections {@code 0 … count−1} each send one request; the first request of each is measured. With
     * {@code keepHeld}, a connection sends again (unmeasured) as soon as its answer arrives, until {@link
     * #stopResending()}: the server holds about {@code count} requests for as long as the level lasts, however
     * short its sleep.
     */
    Outcomes startHold(String path, long extraTimeoutNanos, int count, boolean keepHeld) {
        long start = System.nanoTime();
        resending = keepHeld;
        return begin(new Plan(Load.HOLD, get(path, target), "GET " + path, start, 0, 0, count, start, Long.MAX_VALUE,
                extraTimeoutNanos, 0), 0);
    }

    /** The connections of a {@link #startHold} with {@code keepHeld} stop sending again; their last requests are still answered. */
    void stopResending() {
        resending = false;
    }

    private Outcomes begin(Plan p, long scheduled) {
        Outcomes o = newOutcomes(scheduled);
        corrected.interval();
        uncorrected.interval();
        outcomes = o;
        plan = p;
        wakeup();
        return o;
    }

    /** Where the current load's measured window starts, {@link System#nanoTime()}. */
    long windowStartNanos() {
        return plan.measureFromNanos;
    }

    /** Where the current load's measured window (for rate: its schedule) ends, {@link System#nanoTime()}. */
    long windowEndNanos() {
        return plan.measureUntilNanos;
    }

    /**
     * Ends the current load: waits up to {@code drainNanos} for scheduled requests still to be sent
     * and answers still outstanding, then gives up the rest — counted and recorded in the phase's
     * {@link Outcomes} as not sent or unanswered, their connections reset — and goes idle.
     *
     * @return how many requests were given up
     */
    long finish(long drainNanos) throws InterruptedException {
        long deadline = System.nanoTime() + drainNanos;
        while (sum(l -> l.remaining + l.outstanding) > 0 && failure == null && System.nanoTime() - deadline < 0) {
            Thread.sleep(2);
        }
        long left = sum(l -> l.remaining + l.outstanding);
        int epoch = giveUpRequested + 1;
        giveUpRequested = epoch;
        wakeup();
        long until = System.nanoTime() + 5_000_000_000L;
        while (sum(l -> l.giveUpHandled == epoch || !l.thread.isAlive() ? 0 : 1) > 0 && System.nanoTime() - until < 0) {
            Thread.sleep(1);
        }
        plan = Plan.IDLE;
        wakeup();
        return left;
    }

    /** Requests sent and not yet answered. */
    long outstanding() {
        return sum(l -> l.outstanding);
    }

    /** Connections open now. */
    int open() {
        return (int) sum(l -> l.open);
    }

    /** Requests sent in the current {@link Load#HOLD}. */
    long holdSent() {
        return sum(l -> l.holdSent);
    }

    private long sum(java.util.function.ToLongFunction<IoLoop> perLoop) {
        long n = 0;
        for (IoLoop l : loops) {
            n += perLoop.applyAsLong(l);
        }
        return n;
    }

    /** Stops everything with a reason; the trial fails with it. */
    void fail(String reason) {
        if (failure == null) {
            failure = reason;
        }
        plan = Plan.IDLE;
        wakeup();
    }

    String failure() {
        return failure;
    }

    /** The first answer other than 200, in one line ("GET /helo answered 404 (expected …)"), or null. */
    String firstStatusProblem() {
        return firstStatusProblem;
    }

    /** CPU time of the I/O threads and the senders so far, nanoseconds (-1 if the JVM cannot tell). */
    long ioCpuNanos() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        List<Thread> threads = new ArrayList<>();
        for (IoLoop l : loops) {
            threads.add(l.thread);
            threads.add(l.sender.thread);
        }
        for (Thread t : threads) {
            long c = bean.getThreadCpuTime(t.getId());
            if (c < 0) {
                return -1;
            }
            sum += c;
        }
        return sum;
    }

    int threads() {
        return loops.size();
    }

    private void wakeup() {
        for (IoLoop l : loops) {
            l.selector.wakeup();
        }
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        plan = Plan.IDLE;
        wakeup();
        for (IoLoop l : loops) {
            LockSupport.unpark(l.sender.thread);
        }
        for (IoLoop l : loops) {
            if (l.thread.isAlive()) {
                l.thread.join(5000);
            }
            if (l.sender.thread.isAlive()) {
                l.sender.thread.join(5000);
            }
        }
    }

    /** One load as the I/O threads carry it out. Immutable. */
    private static final class Plan {
        static final Plan IDLE = new Plan(Load.IDLE, new byte[0], "", 0, 0, 0, 0, 0, 0, 0, 0, 1, 0);
        final Load load;
        final byte[] request;
        final String requestLine;
        final long startNanos;
        /** Rate: nanoseconds between due times of consecutive requests of the schedule. */
        final double intervalNanos;
        /**
         * Rate: the first measured request and the end of the schedule, in this engine's own numbering
         * (its k-th request is the whole schedule's {@code k·stride + offset}); hold: how many
         * connections send.
         */
        final long measureFromIndex;
        final long endIndex;
        final long measureFromNanos;
        final long measureUntilNanos;
        final long extraTimeoutNanos;
        final long staggerNanos;
        final long stride;
        final long offset;

        Plan(Load load, byte[] request, String requestLine, long startNanos, double intervalNanos, long measureFromIndex,
             long endIndex, long measureFromNanos, long measureUntilNanos, long extraTimeoutNanos, long staggerNanos) {
            this(load, request, requestLine, startNanos, intervalNanos, measureFromIndex, endIndex, measureFromNanos, measureUntilNanos,
                    extraTimeoutNanos, staggerNanos, 1, 0);
        }

        Plan(Load load, byte[] request, String requestLine, long startNanos, double intervalNanos, long measureFromIndex,
             long endIndex, long measureFromNanos, long measureUntilNanos, long extraTimeoutNanos, long staggerNanos,
             long stride, long offset) {
            this.load = load;
            this.request = request;
            this.requestLine = requestLine;
            this.startNanos = startNanos;
            this.intervalNanos = intervalNanos;
            this.measureFromIndex = measureFromIndex;
            this.endIndex = endIndex;
            this.measureFromNanos = measureFromNanos;
            this.measureUntilNanos = measureUntilNanos;
            this.extraTimeoutNanos = extraTimeoutNanos;
            this.staggerNanos = staggerNanos;
            this.stride = stride;
            this.offset = offset;
        }

        /** Due time of this engine's request {@code j} (its own numbering). */
        long due(long j) {
            return startNanos + Math.round((j * stride + offset) * intervalNanos);
        }
    }

    /** One connection: its channel, its read buffer and the request it waits for. Owned by one I/O thread. */
    private final class Conn {
        final int index;
        final InetAddress source;
        final ResponseParser parser = new ResponseParser(expectedBody);
        SocketChannel channel;
        SelectionKey key;
        byte[] in = new byte[4096];
        int inLen;
        ByteBuffer out;
        boolean connected;
        boolean awaiting;
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

        Conn(int index, InetAddress source) {
            this.index = index;
            this.source = source;
        }
    }

    /**
     * Rate mode: sends the armed requests of one I/O thread's connections when they fall due. Parks
     * until {@link #SEND_TOLERANCE_NANOS} before the earliest due send, then sends every armed request
     * due within the tolerance, each after winning the connection's word from ARMED to FIRED (the I/O
     * thread may have taken it back). The I/O thread hands armed requests over through a
     * single-producer single-consumer ring and unparks the sender only when the new one is due before
     * the sender would wake anyway. Allocation-free on the way of a request; a write that does not
     * complete (the socket's buffer full) or fails is handed back to the I/O thread.
     *
     * <p>Threading: {@link #offer} is called by the I/O thread only; everything else runs on the
     * sender's own thread.
     */
    private final class Sender implements Runnable {
        /** {@link #wakeAt} while the sender is not parked. */
        private static final long AWAKE = Long.MIN_VALUE;
        final Thread thread;
        private final IoLoop loop;
        /** This sender's writer number in {@link Outcomes}: after the I/O threads'. */
        private final int writer;
        /** When the parked sender wakes by itself: AWAKE while it runs, MAX_VALUE when not until unparked. */
        private volatile long wakeAt = AWAKE;
        private final Conn[] ringConn;
        private final long[] ringSeq;
        private final long[] ringDue;
        private final int mask;
        /** Ring positions: taken by the sender, put by the I/O thread. */
        private volatile long head;
        private volatile long tail;
        /** Binary min-heap on due time of the armed requests the sender knows of (some since taken back). */
        private Conn[] heapConn = new Conn[64];
        private long[] heapSeq = new long[64];
        private long[] heapDue = new long[64];
        private int size;
        private ByteBuffer buf;

        Sender(IoLoop loop, int n, int loops, int connectionsHere) {
            this.loop = loop;
            writer = loops + n;
            // an armed connection is in the ring at most once until the sender drains it, or again after a
            // cancel: twice the connections (and a margin) is room enough, offer waits when it is not
            int capacity = Integer.highestOneBit(Math.max(64, 2 * connectionsHere + 64) - 1) << 1;
            ringConn = new Conn[capacity];
            ringSeq = new long[capacity];
            ringDue = new long[capacity];
            mask = capacity - 1;
            thread = new Thread(this, "jvmmark-http-sender-" + n);
            thread.setDaemon(true);
        }

        /** I/O thread: arm {@code c}'s request {@code seq}, due at {@code due}. */
        void offer(Conn c, long seq, long due) {
            long t = tail;
            while (t - head >= ringConn.length && !closed) {
                LockSupport.unpark(thread);
                Thread.yield();
            }
            int i = (int) t & mask;
            ringConn[i] = c;
            ringSeq[i] = seq;
            ringDue[i] = due;
            tail = t + 1;
            long w = wakeAt;
            if (w != AWAKE && (w == Long.MAX_VALUE || due - SEND_TOLERANCE_NANOS - w < 0)) {
                LockSupport.unpark(thread);
            }
        }

        @Override
        public void run() {
            try {
                while (!closed) {
                    cycle();
                }
            } catch (Throwable t) {
                fail("driver sender thread failed: " + t);
            }
        }

        /**
         * One wake-up: take what was armed, send what is due, park until the next due send. A method
         * of its own, called once per wake-up, so that the JIT compiles it from its call count during
         * the warm-up; as the body of {@link #run}'s endless loop it was compiled on-stack from the
         * loop's back-edge count, which at 2,500 wake-ups a second came four to five seconds into the
         * measured window (twice, 30 and 27 ms of C2, in a compile log at 5,000 requests/s).
         */
        private void cycle() {
            wakeAt = AWAKE;
            drain();
            long now = System.nanoTime();
            while (size > 0 && heapDue[0] - now <= SEND_TOLERANCE_NANOS) {
                Conn c = heapConn[0];
                long seq = heapSeq[0];
                long due = heapDue[0];
                pop();
                if (fire(c, seq, due)) {
                    now = System.nanoTime();
                }
            }
            long next = size > 0 ? heapDue[0] - SEND_TOLERANCE_NANOS : Long.MAX_VALUE;
            wakeAt = next;
            if (tail != head || closed) {
                return; // armed meanwhile: the I/O thread may not have unparked us
            }
            if (next == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(this, wait);
                }
            }
        }

        private void drain() {
            long h = head;
            long t = tail;
            while (h != t) {
                int i = (int) h & mask;
                push(ringConn[i], ringSeq[i], ringDue[i]);
                ringConn[i] = null;
                h++;
            }
            head = h;
        }

        /** Sends {@code c}'s armed request {@code seq} unless the I/O thread took it back; whether it did. */
        private boolean fire(Conn c, long seq, long due) {
            long armed = (seq << 2) | ARMED;
            if (c.word != armed) {
                return false;
            }
            SocketChannel ch = c.armedChannel;
            byte[] request = c.armedRequest;
            Outcomes o = c.armedOutcomes;
            boolean measured = c.measured;
            long t = System.nanoTime();
            c.firedNanos = t;
            if (!WORD.compareAndSet(c, armed, (seq << 2) | FIRED)) {
                return false;
            }
            if (measured) {
                o.sendLag.record(writer, t - due);
            }
            if (buf == null || buf.array() != request) {
                buf = ByteBuffer.wrap(request);
            } else {
                buf.clear();
            }
            try {
                ch.write(buf);
                if (buf.hasRemaining()) {
                    loop.fixups.add(new Fixup(c, ch, buf.position(), null));
                    loop.selector.wakeup();
                }
            } catch (IOException e) {
                loop.fixups.add(new Fixup(c, ch, 0, ErrorCounts.kindOf(e, false)));
                loop.selector.wakeup();
            }
            return true;
        }

        private void push(Conn c, long seq, long due) {
            if (size == heapConn.length) {
                heapConn = java.util.Arrays.copyOf(heapConn, size * 2);
                heapSeq = java.util.Arrays.copyOf(heapSeq, size * 2);
                heapDue = java.util.Arrays.copyOf(heapDue, size * 2);
            }
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (heapDue[parent] - due <= 0) {
                    break;
                }
                set(i, heapConn[parent], heapSeq[parent], heapDue[parent]);
                i = parent;
            }
            set(i, c, seq, due);
        }

        private void pop() {
            int last = --size;
            Conn c = heapConn[last];
            long seq = heapSeq[last];
            long due = heapDue[last];
            heapConn[last] = null;
            if (last == 0) {
                return;
            }
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= last) {
                    break;
                }
                if (child + 1 < last && heapDue[child + 1] - heapDue[child] < 0) {
                    child++;
                }
                if (due - heapDue[child] <= 0) {
                    break;
                }
                set(i, heapConn[child], heapSeq[child], heapDue[child]);
                i = child;
            }
            set(i, c, seq, due);
        }

        private void set(int i, Conn c, long seq, long due) {
            heapConn[i] = c;
            heapSeq[i] = seq;
            heapDue[i] = due;
        }
    }

    /** One selector thread and its share of the connections. */
    private final class IoLoop implements Runnable {
        final List<Conn> conns = new ArrayList<>();
        /** This I/O thread's number, 0 … threads−1: its writer number in the recorders and {@link Outcomes}. */
        final int id;
        final Selector selector;
        final Thread thread;
        final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
        final Sender sender;
        /** Writes of the sender that need the I/O thread. */
        final java.util.concurrent.ConcurrentLinkedQueue<Fixup> fixups = new java.util.concurrent.ConcurrentLinkedQueue<>();
        private final java.util.function.Consumer<SelectionKey> onKey = this::onKey;
        final PriorityQueue<Conn> due = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos - b.dueNanos, 0));
        volatile int settled;
        volatile int open;
        volatile long outstanding;
        volatile long remaining;
        volatile long holdSent;
        volatile int giveUpHandled;
        private Plan current = Plan.IDLE;
        /** Closed loop: inside a select's handling of the ready keys, when sends wait for {@link #sendBatch}. */
        private boolean inBatch;
        private Conn[] batch = new Conn[64];
        private int batchSize;
        private long lastTick;
        private int nextToOpen;
        private int pendingConnects;

        IoLoop(int n, int loopsWanted) throws IOException {
            id = n;
            selector = Selector.open();
            thread = new Thread(this, "jvmmark-http-io-" + n);
            thread.setDaemon(true);
            sender = new Sender(this, n, loopsWanted, (connections + loopsWanted - 1) / loopsWanted);
        }

        @Override
        public void run() {
            try {
                loop();
            } catch (Throwable t) {
                fail("driver I/O thread failed: " + t);
            } finally {
                for (Conn c : conns) {
                    closeQuietly(c);
                }
                try {
                    selector.close();
                } catch (IOException e) {
                    // closing
                }
            }
        }

        private void loop() throws IOException {
            while (!closed) {
                while (nextToOpen < conns.size() && pendingConnects < MAX_PENDING_CONNECTS && failure == null) {
                    openConnection(conns.get(nextToOpen++));
                }
                Plan p = plan;
                if (p != current) {
                    begin(p);
                }
                if (giveUpHandled != giveUpRequested) {
                    int epoch = giveUpRequested;
                    giveUp();
                    giveUpHandled = epoch;
                }
                Fixup fix;
                while ((fix = fixups.poll()) != null) {
                    fixup(fix.conn, fix.channel, fix.written, fix.errorKind);
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
                finishConnect(c);
            } else {
                if (key.isReadable()) {
                    read(c);
                }
                if (key.isValid() && key.isWritable() && c.channel != null) {
                    flush(c);
                }
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
                cancel(c); // left armed by a load that stopped without a give-up (a failure)
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
            remaining = rem;
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
                        c.k++;
                        send(c, now, now, now - current.measureFromNanos >= 0);
                    }
                    break;
                case RATE:
                    if (c.remaining == 0) {
                        return;
                    }
                    if (c.dueNanos - now <= 0) {
                        sendScheduled(c, now, false); // late: the server kept the connection past its due time
                    } else if (c.dueNanos - now <= SEND_TOLERANCE_NANOS) {
                        sendScheduled(c, now, true); // due within the sender's tolerance: no hand-over for it
                    } else {
                        arm(c);
                    }
                    break;
                case HOLD:
                    if (!c.holdDone && c.index < current.endIndex) {
                        c.holdDone = true;
                        holdSent++;
                        send(c, now, now, true);
                    } else if (resending && c.index < current.endIndex) {
                        send(c, now, now, false);
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
            boolean measured = advance(c);
            if (onTime && measured) {
                outcomes.sendLag.record(id, now - intended);
            }
            send(c, intended, now, measured);
        }

        /**
         * Moves the connection on to its next scheduled request ({@link #cancel} undoes it); returns whether the
         * one it leaves — due at the old {@code dueNanos} — is in the measured window.
         */
        private boolean advance(Conn c) {
            boolean measured = c.index + c.k * (long) connections >= current.measureFromIndex;
            c.k++;
            c.remaining--;
            remaining--;
            c.dueNanos = current.due(c.index + c.k * (long) connections);
            return measured;
        }

        /** Hands the connection's next scheduled request to the sender, which sends it when due. */
        private void arm(Conn c) {
            c.intendedNanos = c.dueNanos;
            c.measured = advance(c);
            c.awaiting = true;
            outstanding++;
            c.armedChannel = c.channel;
            c.armedRequest = current.request;
            c.armedOutcomes = outcomes;
            c.seq++;
            c.word = (c.seq << 2) | ARMED; // publishes the fields above to the sender
            sender.offer(c, c.seq, c.intendedNanos);
        }

        /**
         * Takes an armed request back from the sender, as if it had never been scheduled on this
         * connection yet; false when there is none (the sender has sent it, or nothing was armed).
         */
        private boolean cancel(Conn c) {
            long armed = (c.seq << 2) | ARMED;
            if (c.word != armed || !WORD.compareAndSet(c, armed, (c.seq << 2) | IDLE)) {
                return false;
            }
            c.k--;
            c.remaining++;
            remaining++;
            c.dueNanos = c.intendedNanos;
            c.awaiting = false;
            outstanding--;
            return true;
        }

        /** When the outstanding request went out: sent by the sender or by this thread. */
        private long sentAt(Conn c) {
            return (c.word & 3) == FIRED ? c.firedNanos : c.sentNanos;
        }

        /** A write of the sender that did not complete: finish it here, or count the connection broken. */
        private void fixup(Conn c, SocketChannel ch, int written, String kind) {
            if (c.channel != ch || !c.awaiting || (c.word & 3) != FIRED) {
                return; // the connection has been opened again since: the request was counted then
            }
            if (kind != null) {
                broken(c, kind);
                return;
            }
            c.out = ByteBuffer.wrap(c.armedRequest, written, c.armedRequest.length - written);
            flush(c);
        }

        private void send(Conn c, long intended, long now, boolean measured) {
            c.intendedNanos = intended;
            c.sentNanos = now;
            c.word = (c.seq << 2) | SENT;
            c.measured = measured;
            c.awaiting = true;
            outstanding++;
            byte[] r = current.request;
            if (c.out == null || c.out.array() != r) {
                c.out = ByteBuffer.wrap(r);
            } else {
                c.out.clear();
            }
            flush(c);
        }

        private void flush(Conn c) {
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

        private void read(Conn c) {
            if (c.awaiting && (c.word & 3) == ARMED) {
                cancel(c); // not sent yet: whatever came is not its answer
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
                    reconnects.increment();
                    reopen(c);
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
                    answered(c);
                    if (failure != null) {
                        return;
                    }
                }
            } catch (RuntimeException e) {
                fail(current.requestLine + ": " + e.getMessage());
            }
        }

        private void answered(Conn c) {
            long now = System.nanoTime();
            if (!c.awaiting) {
                fail(current.requestLine + ": the server sent a response nobody asked for");
                return;
            }
            long sent = sentAt(c);
            // a request the sender sent early (within its tolerance) counts from its actual send
            long intended = Math.min(c.intendedNanos, sent);
            c.word = (c.seq << 2) | IDLE;
            c.awaiting = false;
            outstanding--;
            int status = c.parser.status();
            if (status == 200 && !c.parser.ok()) {
                fail(c.parser.problem(current.requestLine));
                return;
            }
            Outcomes o = outcomes;
            if (status == 200) {
                validated.increment();
            } else {
                errors.add(ErrorCounts.status(status));
                if (firstStatusProblem == null) {
                    firstStatusProblem = c.parser.problem(current.requestLine);
                }
            }
            if (c.measured) {
                corrected.record(id, now - intended);
                if (status == 200) {
                    uncorrected.record(id, now - sent);
                    o.answered.increment();
                } else {
                    o.failed.add(ErrorCounts.status(status));
                }
                o.ended(id, now);
            }
            if (c.parser.close()) {
                reconnects.increment();
                reopen(c);
                return;
            }
            try {
                ready(c, now);
            } catch (IOException e) {
                broken(c, ErrorCounts.kindOf(e, false));
            }
        }

        /** Timeouts, connects that take too long, reconnects that are due. */
        private void tick(long now) {
            long limit = responseTimeoutNanos + current.extraTimeoutNanos;
            for (Conn c : conns) {
                if (c.awaiting && (c.word & 3) != ARMED && now - sentAt(c) > limit) {
                    broken(c, ErrorCounts.TIMEOUT);
                } else if (!c.connected && c.channel != null && now - c.connectStartNanos > CONNECT_TIMEOUT_NANOS) {
                    pendingConnects--;
                    connectFailed(c, ErrorCounts.CONNECT_TIMEOUT);
                } else if (c.retryPending && now - c.retryAtNanos >= 0) {
                    c.retryPending = false;
                    openConnection(c);
                }
            }
        }

        /** Gives up the current load: unsent and unanswered measured requests are counted and recorded. */
        private void giveUp() {
            long now = System.nanoTime();
            Outcomes o = outcomes;
            Plan p = current;
            for (Conn c : conns) {
                cancel(c);
                if (p.load == Load.RATE) {
                    for (long j = c.index + c.k * (long) connections; j < p.endIndex; j += connections) {
                        if (j >= p.measureFromIndex) {
                            corrected.record(id, now - p.due(j));
                            o.failed.add(ErrorCounts.NOT_SENT);
                            o.ended(id, now);
                        }
                    }
                }
                c.remaining = 0;
                c.queued = false;
                if (c.awaiting) {
                    errors.add(ErrorCounts.UNANSWERED_AT_END);
                    c.awaiting = false;
                    outstanding--;
                    if (c.measured) {
                        corrected.record(id, now - c.intendedNanos);
                        o.failed.add(ErrorCounts.UNANSWERED_AT_END);
                        o.ended(id, now);
                    }
                    reopen(c); // a late answer must not arrive in the next load
                }
            }
            due.clear();
            remaining = 0;
        }

        /** A request or connection failed: count it, and open the connection again. */
        private void broken(Conn c, String kind) {
            errors.add(kind);
            cancel(c); // an armed request was not sent: it waits for the connection to be open again
            if (c.awaiting) {
                c.awaiting = false;
                outstanding--;
                if (c.measured) {
                    long now = System.nanoTime();
                    corrected.record(id, now - c.intendedNanos);
                    outcomes.failed.add(kind);
                    outcomes.ended(id, now);
                }
            }
            reopen(c);
        }

        private void reopen(Conn c) {
            closeQuietly(c);
            if (!closed && failure == null) {
                openConnection(c);
            }
        }

        private void openConnection(Conn c) {
            try {
                c.channel = SocketChannel.open();
                c.channel.configureBlocking(false);
                c.channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                c.channel.bind(new InetSocketAddress(c.source, 0));
                c.connectStartNanos = System.nanoTime();
                c.writeInterest = false;
                c.inLen = 0;
                c.parser.reset();
                if (c.channel.connect(target)) {
                    c.key = c.channel.register(selector, SelectionKey.OP_READ, c);
                    connected(c);
                } else {
                    c.key = c.channel.register(selector, SelectionKey.OP_CONNECT, c);
                    pendingConnects++;
                }
            } catch (IOException e) {
                connectFailed(c, ErrorCounts.kindOf(e, true));
            }
        }

        private void finishConnect(Conn c) {
            pendingConnects--;
            try {
                c.channel.finishConnect();
                c.key.interestOps(SelectionKey.OP_READ);
                connected(c);
            } catch (IOException e) {
                connectFailed(c, ErrorCounts.kindOf(e, true));
            }
        }

        /** Before {@link #connect} returns a failed connect is final; after it, retried with back-off. */
        private void connectFailed(Conn c, String kind) {
            errors.add(kind);
            closeQuietly(c);
            if (retrying && !closed && failure == null) {
                c.backoffNanos = c.backoffNanos == 0 ? RECONNECT_MIN_NANOS : Math.min(RECONNECT_MAX_NANOS, 2 * c.backoffNanos);
                c.retryAtNanos = System.nanoTime() + c.backoffNanos;
                c.retryPending = true;
            } else {
                settled++;
            }
        }

        private void connected(Conn c) {
            c.connected = true;
            c.backoffNanos = 0;
            open++;
            if (!retrying) {
                settled++;
            }
            try {
                ready(c, System.nanoTime());
            } catch (IOException e) {
                broken(c, ErrorCounts.kindOf(e, false));
            }
        }

        private void closeQuietly(Conn c) {
            if (c.connected) {
                open--;
                c.connected = false;
            }
            if (c.channel != null) {
                try {
                    c.channel.close();
                } catch (IOException e) {
                    // already broken
                }
                c.channel = null;
            }
        }
    }
}
