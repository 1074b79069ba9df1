package org.jvmmark.workloads.queue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.jvmmark.api.ValidationException;
import org.jvmmark.harness.CpuAffinity;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.Probe;

/**
 * The consumer thread: busy-polls the transport, records each message's end-to-end latency from
 * its intended send time, and checks that every message arrives once, in order, intact.
 *
 * <p>Why a busy spin: a consumer that parks or yields between messages pays the OS's wake-up
 * latency (tens of microseconds) on every message, which would swamp the sub-microsecond hand-off
 * being measured. This costs a whole core — the reason the trial reports where its threads ran.
 *
 * <p>The first validation failure stops the loop: the message is not counted, so the harness's
 * sample count falls short and the producer, which checks {@link #failure()} before every send,
 * ends the benchmark. Only the consumer thread runs {@link #run()}; the other methods are
 * thread-safe.
 */
final class Consumer implements Runnable {
    private final Transport transport;
    private final MessageCodec codec;
    private final Harness harness;
    private final Probe read;
    private final int cpu;
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Throwable failure;
    /** Messages received and validated; written by the consumer thread only, with ordered stores. */
    private final AtomicLong received = new AtomicLong();
    private volatile CpuAffinity.Pinning pinning;

    /** @param cpu the CPU to pin this thread to, or -1 to leave it where it is */
    Consumer(Transport transport, MessageCodec codec, Harness harness, Probe read, int cpu) {
        this.transport = transport;
        this.codec = codec;
        this.harness = harness;
        this.read = read;
        this.cpu = cpu;
    }

    @Override
    public void run() {
        Transport.Receiver receiver = null;
        try {
            // Pin before the first message: pinning starts a process, which must not happen
            // while latency is being measured.
            pinning = cpu >= 0 ? CpuAffinity.pinCurrentThread(cpu) : CpuAffinity.unpinned("not pinned");
            receiver = transport.openReceiver();
            ready.countDown();
            consume(receiver);
            // The producer has stopped; anything still arriving was sent more often than once.
            byte[] buffer = codec.newBuffer();
            int extra = receiver.poll(buffer);
            if (extra >= 0 && failure == null) {
                codec.verify(buffer, extra, received.get());
                fail(new ValidationException("message " + received.get() + " arrived, but only " + received.get()
                        + " messages were sent"));
            }
        } catch (Throwable t) {
            fail(t);
        } finally {
            if (receiver != null) {
                try {
                    receiver.close();
                } catch (RuntimeException e) {
                    fail(e);
                }
            }
            ready.countDown();
        }
    }

    private void consume(Transport.Receiver receiver) throws Exception {
        byte[] buffer = codec.newBuffer();
        long expected = 0;
        while (running) {
            long start = harness.nanoTime();
            int length = receiver.poll(buffer);
            if (length < 0) {
                continue;
            }
            long end = harness.nanoTime();
            codec.verify(buffer, length, expected);
            read.sampleNanos(end - start);
            harness.recordEndToEnd(MessageCodec.intendedNanos(buffer), end);
            // An ordered store: a plain move on x86, yet the producer sees it promptly.
            received.lazySet(++expected);
        }
    }

    private synchronized void fail(Throwable t) {
        if (failure == null) {
            failure = t;
        }
        running = false;
    }

    /** Waits until the thread is pinned and polling (or has failed trying). */
    void awaitReady() throws InterruptedException {
        ready.await();
    }

    /** Stops the loop; call when every message has been received. */
    void stop() {
        running = false;
    }

    /** The first thing that went wrong, or {@code null}. */
    Throwable failure() {
        return failure;
    }

    /** Messages received and validated so far. */
    long received() {
        return received.get();
    }

    CpuAffinity.Pinning pinning() {
        return pinning;
    }
}
