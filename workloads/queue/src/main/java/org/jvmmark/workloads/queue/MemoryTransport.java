package org.jvmmark.workloads.queue;

import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The in-memory comparison: Agrona's {@link OneToOneRingBuffer}, a lock-free single-producer
 * single-consumer ring of variable-length messages in off-heap memory. Like Chronicle Queue it
 * copies the bytes in and out of shared memory and publishes them with an ordered store, but it
 * writes no file and keeps no index — the difference between the two is what persistence costs.
 *
 * <p>Unlike a queue file the ring is bounded: when the consumer falls a whole ring behind, the
 * producer waits (and the coordinated-omission-corrected latency counts the wait).
 *
 * <p>Thread-safe for one producer thread and one consumer thread.
 */
final class MemoryTransport implements Transport {
    private static final int MESSAGE_TYPE = 1;

    private final OneToOneRingBuffer ring;

    /** @param capacityBytes a power of two, the ring's data capacity */
    MemoryTransport(int capacityBytes) {
        ring = new OneToOneRingBuffer(new UnsafeBuffer(
                ByteBuffer.allocateDirect(capacityBytes + RingBufferDescriptor.TRAILER_LENGTH)));
    }

    /** The Agrona release in use, from its jar's manifest. */
    static String agronaVersion() {
        String version = OneToOneRingBuffer.class.getPackage().getImplementationVersion();
        return version == null ? "unknown" : version;
    }

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public Sender openSender() {
        return new Sender() {
            private final UnsafeBuffer source = new UnsafeBuffer(new byte[0]);

            @Override
            public boolean offer(byte[] message, int length) {
                if (source.byteArray() != message) {
                    source.wrap(message);
                }
                return ring.write(MESSAGE_TYPE, source, 0, length);
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public Receiver openReceiver() {
        return new Receiver() {
            private final MessageHandler handler = this::copy;
            private byte[] target;
            private int length;

            @Override
            public int poll(byte[] into) {
                target = into;
                length = -1;
                ring.read(handler, 1);
                return length;
            }

            private void copy(int type, MutableDirectBuffer buffer, int index, int size) {
                int n = Math.min(size, target.length);
                buffer.getBytes(index, target, 0, n);
                length = size;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
    }
}
