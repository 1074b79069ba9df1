package org.jvmmark.samples;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * A single-producer, single-consumer hand-off of {@code long} values (here: intended start times)
 * through a ring, with a consumer thread that busy-spins. The smallest realistic "message crosses a
 * thread" workload: its latency is dominated by the cache-line transfer between two cores, a few
 * hundred nanoseconds, which is what makes it a good yardstick for comparing harnesses.
 *
 * <p>Why spin: a consumer that parks would add the OS wake-up (tens of µs) to every message and
 * measure the scheduler instead of the hand-off. Thread-safety: {@link #offer} from one producer
 * thread; the consumer callback runs on the hand-off's own thread.
 */
public final class SpscHandOff implements AutoCloseable {
    private final long[] ring;
    private final int mask;
    private final AtomicLong tail = new AtomicLong();
    private final AtomicLong head = new AtomicLong();
    private final Thread consumer;
    private volatile boolean running = true;

    public SpscHandOff(int capacity, String name, LongConsumer onMessage) {
        int size = Integer.highestOneBit(Math.max(2, capacity) - 1) << 1;
        this.ring = new long[size];
        this.mask = size - 1;
        this.consumer = new Thread(() -> consume(onMessage), name);
        consumer.setDaemon(true);
    }

    /** Starts the consumer thread; call it from the thread whose CPU affinity it should inherit. */
    public SpscHandOff start() {
        consumer.start();
        return this;
    }

    /** Publishes {@code value}; returns false if the ring is full (the consumer is a ring behind). */
    public boolean offer(long value) {
        long t = tail.get();
        if (t - head.get() >= ring.length) {
            return false;
        }
        ring[(int) (t & mask)] = value;
        tail.lazySet(t + 1);
        return true;
    }

    private void consume(LongConsumer onMessage) {
        long h = head.get();
        while (running) {
            if (h < tail.get()) {
                onMessage.accept(ring[(int) (h & mask)]);
                head.lazySet(++h);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void close() {
        running = false;
    }
}
