package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.locks.LockSupport;

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
final class Sender implements Runnable {
    /**
     * A sender parks until this long before the earliest due send and then sends every send due
     * within this long. Linux wakes a thread parked for a given time about 50 µs (timer slack) + 20 µs
     * late: measured on a 2-core VM, {@code parkNanos} of 20 µs – 1 ms overshot by 71 µs at the
     * median, 75 µs at p90.
     */
    static final long SEND_TOLERANCE_NANOS = 50_000L;
    /** {@link #wakeAt} while the sender is not parked. */
    private static final long AWAKE = Long.MIN_VALUE;
    final Thread thread;
    private final EngineState state;
    /** Writes that need the I/O thread, and the I/O thread's selector to wake for them. */
    private final Queue<Fixup> fixups;
    private final Selector selector;
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

    /**
     * For I/O thread {@code n} of {@code loops}, which owns {@code connectionsHere} connections and
     * finishes the writes handed back through {@code fixups}.
     */
    Sender(EngineState state, Queue<Fixup> fixups, Selector selector, int n, int loops, int connectionsHere) {
        this.state = state;
        this.fixups = fixups;
        this.selector = selector;
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
        while (t - head >= ringConn.length && !state.closed) {
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
            while (!state.closed) {
                cycle();
            }
        } catch (Throwable t) {
            state.fail("driver sender thread failed: " + t);
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
        if (tail != head || state.closed) {
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
        long armed = (seq << 2) | Conn.ARMED;
        if (c.word != armed) {
            return false;
        }
        SocketChannel ch = c.armedChannel;
        byte[] request = c.armedRequest;
        Outcomes o = c.armedOutcomes;
        boolean measured = c.measured;
        long t = System.nanoTime();
        c.firedNanos = t;
        if (!c.compareAndSetWord(armed, (seq << 2) | Conn.FIRED)) {
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
                fixups.add(new Fixup(c, ch, buf.position(), null));
                selector.wakeup();
            }
        } catch (IOException e) {
            fixups.add(new Fixup(c, ch, 0, ErrorCounts.kindOf(e, false)));
            selector.wakeup();
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
