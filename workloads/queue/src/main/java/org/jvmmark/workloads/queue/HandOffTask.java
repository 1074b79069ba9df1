package org.jvmmark.workloads.queue;

import java.util.concurrent.TimeUnit;
import org.jvmmark.harness.CpuAffinity;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.LatencyTask;
import org.jvmmark.harness.Probe;

/**
 * One producer and one consumer through a {@link Transport}, driven by the harness: each
 * iteration, on the harness's (pinned) benchmark thread, stamps and sends one message; the
 * {@link Consumer} thread records its end-to-end latency from the intended send time the harness
 * passed in, so a stalled producer or consumer is charged to every message it delayed.
 *
 * <p>Probes: {@code append} (from the send-time stamp to the end of the transport's send call; the
 * message is composed beforehand) on the producer, {@code read} (the poll call that returned the
 * message, including the copy out) on the consumer.
 *
 * <p>Not thread-safe: the harness calls it from its benchmark thread; it starts and owns the
 * consumer thread.
 */
final class HandOffTask implements LatencyTask {
    private final Transport transport;
    private final MessageCodec codec;
    private final int consumerCpu;
    private final Fault fault;
    private final long warmup;
    private final long iterations;
    private final long catchUpNanos;
    private final byte[] buffer;
    private Harness harness;
    private Probe append;
    private Consumer consumer;
    private Thread consumerThread;
    private Transport.Sender sender;
    private long sequence;
    /** The checksum of the prepared next message, without its times. */
    private long partialChecksum;

    /**
     * @param warmup warm-up messages and {@code iterations} messages per run: where the phases end
     * @param catchUp how long the producer waits at the end of a phase for the consumer
     */
    HandOffTask(Transport transport, MessageCodec codec, int consumerCpu, Fault fault, long warmup, long iterations,
                java.time.Duration catchUp) {
        this.transport = transport;
        this.codec = codec;
        this.consumerCpu = consumerCpu;
        this.fault = fault;
        this.warmup = warmup;
        this.iterations = iterations;
        this.catchUpNanos = catchUp.toNanos();
        this.buffer = codec.newBuffer();
    }

    @Override
    public void init(Harness h) throws Exception {
        harness = h;
        append = h.addProbe("append");
        consumer = new Consumer(transport, codec, h, h.addProbe("read"), consumerCpu);
        consumerThread = new Thread(consumer, "jvmmark-consumer");
        consumerThread.setDaemon(true);
        consumerThread.start();
        consumer.awaitReady();
        rethrowConsumerFailure();
        h.reportCpus("consumer", consumer.pinning());
        sender = transport.openSender();
        partialChecksum = codec.prepare(buffer, sequence);
    }

    @Override
    public void run(long startNanos) throws Exception {
        rethrowConsumerFailure();
        long sent = harness.nanoTime();
        codec.complete(buffer, partialChecksum, startNanos, sent);
        if (sequence == fault.sequence) {
            injectFault();
        }
        if (sequence != fault.sequence || fault.kind != Fault.Kind.DROP) {
            send();
            append.sampleNanos(harness.nanoTime() - sent);
        }
        sequence++;
        if (endsPhase(sequence)) {
            awaitConsumer(sequence);
        }
        // Compose the next message now, before it is due, rather than inside its measured time.
        partialChecksum = codec.prepare(buffer, sequence);
    }

    private void injectFault() throws Exception {
        if (fault.kind == Fault.Kind.CORRUPT) {
            buffer[MessageCodec.HEADER_BYTES + 1] ^= 1;
        } else if (fault.kind == Fault.Kind.DUPLICATE) {
            send();
        }
    }

    private boolean endsPhase(long sent) {
        return sent == warmup || sent > warmup && (sent - warmup) % iterations == 0;
    }

    /**
     * At the end of a phase the harness waits for the remaining end-to-end samples, but it cannot
     * know that the consumer has stopped on a bad message and will deliver none. Waiting here
     * instead — after the last send, so nothing measured is delayed — turns a validation failure
     * at the end of a phase into an immediate error rather than a timeout.
     */
    private void awaitConsumer(long sent) throws Exception {
        long deadline = System.nanoTime() + catchUpNanos;
        while (consumer.received() < sent && System.nanoTime() - deadline < 0) {
            rethrowConsumerFailure();
            Thread.onSpinWait();
        }
        rethrowConsumerFailure();
    }

    private void send() throws Exception {
        // Only the bounded in-memory ring can refuse; it has room again as soon as the consumer
        // catches up, and the corrected latency counts the wait.
        while (!sender.offer(buffer, buffer.length)) {
            rethrowConsumerFailure();
            if (Thread.interrupted()) {
                throw new InterruptedException("stopped while the transport was full");
            }
            Thread.onSpinWait();
        }
    }

    private void rethrowConsumerFailure() throws Exception {
        Throwable failure = consumer.failure();
        if (failure instanceof Exception) {
            throw (Exception) failure;
        } else if (failure != null) {
            throw new IllegalStateException("consumer failed: " + failure, failure);
        }
    }

    /** Messages sent (including any the fault dropped). */
    long sent() {
        return sequence;
    }

    @Override
    public void complete() {
        closeSender();
    }

    /** Stops the consumer and waits for it; safe to call more than once, from any thread. */
    void stopConsumer() throws InterruptedException {
        if (consumer != null) {
            consumer.stop();
            consumerThread.join(TimeUnit.SECONDS.toMillis(10));
        }
    }

    Consumer consumer() {
        return consumer;
    }

    CpuAffinity.Pinning consumerPinning() {
        return consumer == null ? null : consumer.pinning();
    }

    private void closeSender() {
        if (sender != null) {
            sender.close();
            sender = null;
        }
    }
}
