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
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * The driver's engine: keep-alive HTTP/1.1 connections spread over a few I/O threads (one NIO
 * selector each), each connection with at most one request outstanding (no pipelining, as a
 * browser or a service client). Three ways to load them:
 *
 * <ul>
 *   <li><b>max</b> — closed loop, as wrk: a connection sends its next request when the previous
 *       answer arrives. Latency is from the actual send; there is no schedule to be late against.</li>
 *   <li><b>rate</b> — open model, as wrk2: R requests/s spread evenly over the C connections, so
 *       connection i's k-th request is <em>due</em> at {@code start + (k·C + i)/R}. A connection whose
 *       previous answer is late sends as soon as it can, and that request's latency counts from its
 *       due time: a server that stalls for S ms shows every request that should have been sent
 *       during the stall with the part of S it waited (coordinated-omission correction). The
 *       uncorrected latency (from the actual send) is recorded beside it.</li>
 *   <li><b>hold</b> — every connection sends one request (the sleeping handler) and waits.</li>
 * </ul>
 *
 * Every response is checked (status 200, exactly the expected body); the first wrong one stops the
 * engine and fails the trial. Connection failures are counted by kind in {@link ErrorCounts}, and a
 * connection that failed or was closed by the server is opened again.
 *
 * <p>Thread-safe: the control methods are called by one driver thread; the I/O threads record
 * into {@link Recorder}s (wait-free) and {@link LongAdder}s.
 */
final class LoadEngine implements AutoCloseable {
    /** How the I/O threads send. */
    enum Load { IDLE, MAX, RATE, HOLD }

    private static final long CONNECT_TIMEOUT_NANOS = 10_000_000_000L;
    /**
     * Connects an I/O thread has in flight at once. Thousands of SYNs at once overflow a server's
     * accept backlog (Linux then drops them and the client retries after 1 s, 3 s, ...), which
     * would measure the backlog rather than the server; a browser fleet does not connect in one
     * microsecond either.
     */
    private static final int MAX_PENDING_CONNECTS = 64;

    private final InetSocketAddress target;
    private final byte[] expectedBody;
    private final long responseTimeoutNanos;
    private final List<IoLoop> loops = new ArrayList<>();
    final Recorder corrected = new Recorder(3);
    final Recorder uncorrected = new Recorder(3);
    final LongAdder completed = new LongAdder();
    /** Every response checked and found right, recorded or not (warm-up, hold). */
    final LongAdder validated = new LongAdder();
    final LongAdder reconnects = new LongAdder();
    final ErrorCounts errors = new ErrorCounts();
    private final int connections;

    private volatile Load load = Load.IDLE;
    private volatile byte[] request;
    private volatile String requestLine;
    private volatile long scheduleStartNanos;
    private volatile double intervalNanos;
    private volatile long extraTimeoutNanos;
    private volatile boolean recording;
    private volatile String failure;
    private volatile boolean closed;

    /**
     * @param sources loopback source addresses to spread the connections over
     */
    LoadEngine(InetSocketAddress target, List<InetAddress> sources, int connections, int threads,
               byte[] expectedBody, long responseTimeoutNanos) throws IOException {
        this.target = target;
        this.expectedBody = expectedBody;
        this.responseTimeoutNanos = responseTimeoutNanos;
        this.connections = connections;
        int n = Math.max(1, Math.min(threads, connections));
        for (int t = 0; t < n; t++) {
            loops.add(new IoLoop(t));
        }
        for (int i = 0; i < connections; i++) {
            loops.get(i % n).conns.add(new Conn(i, sources.get(i % sources.size())));
        }
    }

    /** GET request bytes for {@code path}. */
    static byte[] get(String path, InetSocketAddress target) {
        return ("GET " + path + " HTTP/1.1\r\nHost: " + target.getHostString() + ":" + target.getPort()
                + "\r\nUser-Agent: jvmmark\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Opens every connection and waits until each is open or failed.
     *
     * @return how many are open
     */
    int connect(long timeoutNanos) throws InterruptedException {
        for (IoLoop l : loops) {
            l.thread.start();
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (sum(l -> l.settled) < connections && failure == null && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        return open();
    }

    /** Starts sending: {@code rate} requests/s for {@link Load#RATE}, ignored otherwise. */
    void start(Load how, String path, double rate, long extraTimeoutNanos) {
        this.request = get(path, target);
        this.requestLine = "GET " + path;
        this.extraTimeoutNanos = extraTimeoutNanos;
        this.intervalNanos = how == Load.RATE ? 1e9 / rate : 0;
        this.scheduleStartNanos = System.nanoTime() + 1_000_000;
        for (IoLoop l : loops) {
            l.restart = true;
        }
        this.load = how;
        wakeup();
    }

    /** Records from now on (the previous samples are dropped). */
    void startRecording() {
        corrected.getIntervalHistogram();
        uncorrected.getIntervalHistogram();
        recording = true;
    }

    /** Records no more (until {@link #startRecording()}). */
    void stopRecording() {
        recording = false;
    }

    /**
     * Stops sending and waits (up to {@code timeoutNanos}) for the answers still outstanding; they
     * are recorded if recording is on.
     *
     * @return how many are still outstanding
     */
    long stop(long timeoutNanos) throws InterruptedException {
        load = Load.IDLE;
        long deadline = System.nanoTime() + timeoutNanos;
        long outstanding;
        while ((outstanding = outstanding()) > 0 && System.nanoTime() - deadline < 0 && failure == null) {
            Thread.sleep(5);
        }
        return outstanding;
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
        load = Load.IDLE;
        wakeup();
    }

    String failure() {
        return failure;
    }

    /** CPU time of the I/O threads so far, nanoseconds (-1 if the JVM cannot tell). */
    long ioCpuNanos() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (IoLoop l : loops) {
            long t = bean.getThreadCpuTime(l.thread.getId());
            if (t < 0) {
                return -1;
            }
            sum += t;
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
        load = Load.IDLE;
        wakeup();
        for (IoLoop l : loops) {
            l.thread.join(5000);
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
        long connectStartNanos;
        long intendedNanos;
        long sentNanos;
        long nextDueNanos;
        long k;
        boolean holdDone;

        Conn(int index, InetAddress source) {
            this.index = index;
            this.source = source;
        }
    }

    /** One selector thread and its share of the connections. */
    private final class IoLoop implements Runnable {
        final List<Conn> conns = new ArrayList<>();
        final Selector selector;
        final Thread thread;
        final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
        final PriorityQueue<Conn> due = new PriorityQueue<>((a, b) -> Long.compare(a.nextDueNanos, b.nextDueNanos));
        volatile int settled;
        volatile int open;
        volatile long outstanding;
        volatile long holdSent;
        volatile boolean restart;
        private Load current = Load.IDLE;
        private long lastTimeoutCheck;
        private int nextToOpen;
        private int pendingConnects;

        IoLoop(int n) throws IOException {
            selector = Selector.open();
            thread = new Thread(this, "jvmmark-http-io-" + n);
            thread.setDaemon(true);
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
                Load l = load;
                if (restart || l != current) {
                    restart = false;
                    current = l;
                    begin(l);
                }
                long now = System.nanoTime();
                if (current == Load.RATE) {
                    sendDue(now);
                }
                long waitNanos = current == Load.RATE && !due.isEmpty() ? due.peek().nextDueNanos - now : 100_000_000L;
                if (waitNanos >= 1_000_000) {
                    selector.select(waitNanos / 1_000_000);
                } else {
                    selector.selectNow();
                }
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    Conn c = (Conn) key.attachment();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isConnectable()) {
                        finishConnect(c);
                    } else {
                        if (key.isReadable()) {
                            read(c);
                        }
                        if (key.isValid() && key.isWritable()) {
                            flush(c);
                        }
                    }
                }
                now = System.nanoTime();
                if (now - lastTimeoutCheck > 50_000_000L) {
                    lastTimeoutCheck = now;
                    checkTimeouts(now);
                }
            }
        }

        /** A new load: every idle connection starts its part. */
        private void begin(Load l) throws IOException {
            due.clear();
            holdSent = 0;
            for (Conn c : conns) {
                c.k = 0;
                c.holdDone = false;
                c.nextDueNanos = scheduleStartNanos + Math.round(c.index * intervalNanos);
            }
            for (Conn c : conns) {
                if (c.connected && !c.awaiting) {
                    ready(c, System.nanoTime());
                }
            }
        }

        /** The connection is free to send: what it does depends on the load. */
        private void ready(Conn c, long now) throws IOException {
            switch (current) {
                case MAX:
                    send(c, now, now);
                    break;
                case RATE:
                    if (c.nextDueNanos - now <= 0) {
                        sendScheduled(c, now);
                    } else {
                        due.add(c);
                    }
                    break;
                case HOLD:
                    if (!c.holdDone) {
                        c.holdDone = true;
                        holdSent++;
                        send(c, now, now);
                    }
                    break;
                default:
                    break;
            }
        }

        private void sendDue(long now) throws IOException {
            while (!due.isEmpty() && due.peek().nextDueNanos - now <= 0) {
                Conn c = due.poll();
                if (c.connected && !c.awaiting) {
                    sendScheduled(c, now);
                }
            }
        }

        private void sendScheduled(Conn c, long now) throws IOException {
            long intended = c.nextDueNanos;
            c.k++;
            c.nextDueNanos = scheduleStartNanos + Math.round((c.k * (double) connections + c.index) * intervalNanos);
            send(c, intended, now);
        }

        private void send(Conn c, long intended, long now) throws IOException {
            c.intendedNanos = intended;
            c.sentNanos = now;
            c.awaiting = true;
            outstanding++;
            byte[] r = request;
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
                c.key.interestOps(c.out.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
            } catch (IOException e) {
                broken(c, ErrorCounts.kindOf(e, false));
            }
        }

        private void read(Conn c) {
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
                while (c.inLen > 0 && (used = c.parser.parse(c.in, c.inLen)) > 0) {
                    System.arraycopy(c.in, used, c.in, 0, c.inLen - used);
                    c.inLen -= used;
                    answered(c);
                    if (failure != null) {
                        return;
                    }
                }
            } catch (RuntimeException e) {
                fail(requestLine + ": " + e.getMessage());
            }
        }

        private void answered(Conn c) {
            long now = System.nanoTime();
            if (!c.awaiting) {
                fail(requestLine + ": the server sent a response nobody asked for");
                return;
            }
            c.awaiting = false;
            outstanding--;
            if (!c.parser.ok()) {
                fail(c.parser.problem(requestLine));
                return;
            }
            validated.increment();
            if (recording) {
                corrected.recordValue(Math.max(0, now - c.intendedNanos));
                uncorrected.recordValue(Math.max(0, now - c.sentNanos));
                completed.increment();
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

        private void checkTimeouts(long now) {
            long limit = responseTimeoutNanos + extraTimeoutNanos;
            for (Conn c : conns) {
                if (c.awaiting && now - c.sentNanos > limit) {
                    broken(c, ErrorCounts.TIMEOUT);
                } else if (!c.connected && c.channel != null && now - c.connectStartNanos > CONNECT_TIMEOUT_NANOS) {
                    errors.add(ErrorCounts.CONNECT_TIMEOUT);
                    pendingConnects--;
                    closeQuietly(c);
                    settled++;
                }
            }
        }

        /** A request or connection failed: count it, and open the connection again. */
        private void broken(Conn c, String kind) {
            errors.add(kind);
            if (c.awaiting) {
                c.awaiting = false;
                outstanding--;
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
                c.inLen = 0;
                if (c.channel.connect(target)) {
                    c.key = c.channel.register(selector, SelectionKey.OP_READ, c);
                    connected(c);
                } else {
                    c.key = c.channel.register(selector, SelectionKey.OP_CONNECT, c);
                    pendingConnects++;
                }
            } catch (IOException e) {
                errors.add(ErrorCounts.kindOf(e, true));
                closeQuietly(c);
                settled++;
            }
        }

        private void finishConnect(Conn c) {
            pendingConnects--;
            try {
                c.channel.finishConnect();
                c.key.interestOps(SelectionKey.OP_READ);
                connected(c);
            } catch (IOException e) {
                errors.add(ErrorCounts.kindOf(e, true));
                closeQuietly(c);
                settled++;
            }
        }

        private void connected(Conn c) {
            c.connected = true;
            open++;
            settled++;
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
