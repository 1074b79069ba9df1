package org.jvmmark.workloads.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jvmmark.api.ValidationException;

/**
 * The layout of one message and its check. Every message is {@code messageBytes} long:
 *
 * <pre>
 *  offset  0  sequence      long   0, 1, 2, ... in send order
 *  offset  8  intendedNanos long   when the schedule meant it to be sent (coordinated-omission base)
 *  offset 16  sentNanos     long   System.nanoTime() when the producer started writing it
 *  offset 24  checksum      long   over every other word of the message
 *  offset 32  payload       long   words derived from the sequence, to messageBytes
 * </pre>
 *
 * <p>The payload is written word by word on every send, so each message costs what a real
 * 256-byte message costs to produce and copy; deriving it from the sequence lets the consumer
 * detect a message that arrived intact in its header but not in its body. The checksum is a
 * polynomial over 64-bit words with an odd multiplier, so any change confined to one word always
 * changes it; being linear in each word, it lets the producer add the two times last, in
 * nanoseconds, to a message composed ahead of time.
 *
 * <p>Immutable and thread-safe; each thread works on its own buffer.
 */
final class MessageCodec {
    static final int HEADER_BYTES = 32;
    static final int MAX_BYTES = 1 << 20;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long MULTIPLIER = 0x100000001B3L;

    private final int messageBytes;
    /** The checksum's coefficients of the two time words: the hash is linear in every word. */
    private final long intendedWeight;
    private final long sentWeight;

    MessageCodec(int messageBytes) {
        if (messageBytes < HEADER_BYTES || messageBytes > MAX_BYTES || messageBytes % 8 != 0) {
            throw new IllegalArgumentException("messageBytes must be a multiple of 8 from " + HEADER_BYTES + " to " + MAX_BYTES
                    + ", not " + messageBytes);
        }
        this.messageBytes = messageBytes;
        // Words hashed: all but the checksum word; the time words are the 2nd and 3rd of them.
        int hashed = messageBytes / 8 - 1;
        this.intendedWeight = power(MULTIPLIER, hashed - 2);
        this.sentWeight = power(MULTIPLIER, hashed - 3);
    }

    private static long power(long base, int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result *= base;
        }
        return result;
    }

    int messageBytes() {
        return messageBytes;
    }

    byte[] newBuffer() {
        return new byte[messageBytes];
    }

    /** Writes message {@code sequence} into {@code buffer}. */
    void encode(byte[] buffer, long sequence, long intendedNanos, long sentNanos) {
        complete(buffer, prepare(buffer, sequence), intendedNanos, sentNanos);
    }

    /**
     * Writes everything of message {@code sequence} but its two times: the producer does this
     * after sending the previous message, so that composing 256 bytes is not part of the latency
     * it measures, and only {@link #complete} runs between the due time and the send.
     *
     * @return the checksum without the times, for {@link #complete}
     */
    long prepare(byte[] buffer, long sequence) {
        LONGS.set(buffer, 0, sequence);
        LONGS.set(buffer, 8, 0L);
        LONGS.set(buffer, 16, 0L);
        for (int offset = HEADER_BYTES; offset < messageBytes; offset += 8) {
            LONGS.set(buffer, offset, sequence ^ (offset * GOLDEN));
        }
        return checksum(buffer);
    }

    /** Adds the times to a {@link #prepare prepared} message: three stores and two multiplications. */
    void complete(byte[] buffer, long partialChecksum, long intendedNanos, long sentNanos) {
        LONGS.set(buffer, 8, intendedNanos);
        LONGS.set(buffer, 16, sentNanos);
        LONGS.set(buffer, 24, partialChecksum + intendedNanos * intendedWeight + sentNanos * sentWeight);
    }

    static long sequence(byte[] buffer) {
        return (long) LONGS.get(buffer, 0);
    }

    static long intendedNanos(byte[] buffer) {
        return (long) LONGS.get(buffer, 8);
    }

    static long sentNanos(byte[] buffer) {
        return (long) LONGS.get(buffer, 16);
    }

    /**
     * Checks that {@code buffer} holds message {@code expectedSequence}, whole and unchanged.
     *
     * @param length the number of bytes the transport delivered
     * @throws ValidationException naming the first thing that is wrong
     */
    void verify(byte[] buffer, int length, long expectedSequence) throws ValidationException {
        if (length != messageBytes) {
            throw new ValidationException("message " + expectedSequence + " arrived with " + length + " bytes, expected " + messageBytes);
        }
        long sequence = sequence(buffer);
        if (sequence != expectedSequence) {
            throw new ValidationException(sequence > expectedSequence
                    ? "message " + expectedSequence + " was lost: the next message received was " + sequence
                    : "message " + sequence + " arrived again or out of order after message " + (expectedSequence - 1));
        }
        if ((long) LONGS.get(buffer, 24) != checksum(buffer)) {
            throw new ValidationException("message " + sequence + " is corrupted: its checksum does not match its content");
        }
        for (int offset = HEADER_BYTES; offset < messageBytes; offset += 8) {
            if ((long) LONGS.get(buffer, offset) != (sequence ^ (offset * GOLDEN))) {
                throw new ValidationException("message " + sequence + " is corrupted: payload differs at byte " + offset);
            }
        }
    }

    private long checksum(byte[] buffer) {
        long h = 1;
        for (int offset = 0; offset < messageBytes; offset += 8) {
            if (offset != 24) {
                h = h * MULTIPLIER + (long) LONGS.get(buffer, offset);
            }
        }
        return h;
    }
}
