package org.jvmmark.workloads.queuelarge;

import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.core.UnsafeMemory;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;
import org.jvmmark.workloads.chronicle.ChronicleLog;
import org.jvmmark.workloads.chronicle.ChronicleSetup;

/**
 * The queue of Chronicle Queue's {@code RunLargeQueueMain}: one appender writes bursts of
 * fixed-size messages ({@code appender.writeBytes} of a native {@link BytesStore}), one tailer reads
 * each burst back right after it was written ({@code tailer.readBytes} into a direct {@link Bytes}),
 * and at the end a fresh tailer reads the whole queue from the start — in a queue opened again
 * for it ({@link #reopen}) after the writer's was closed, so that no page of it is still mapped and
 * its pages can be dropped from the page cache first.
 *
 * <p>Unlike the original, every message carries its sequence number (first word) and a checksum
 * (last word) over all its other words, and every message read is checked: a message lost,
 * repeated, reordered or damaged is a {@link ValidationException}. The payload between is a fixed
 * pattern, so the writer updates two words per message and derives the checksum in constant time
 * (the sum is linear); the reader recomputes it over the whole message, which is part of the timed
 * read.
 *
 * <p>Not thread-safe: Chronicle's appender is bound to the thread that created it, so one thread
 * opens, writes, reads and closes.
 */
final class LargeQueue implements AutoCloseable {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private final ExcerptTailer tailer;
    private final BytesStore<?, Void> message;
    private final Bytes<?> copy;
    private final int words;
    private final long patternSum;
    private final Fault fault;
    private long written;
    private long read;

    /** A damage done on purpose by the writer, for the tests of validation. Immutable. */
    static final class Fault {
        static final Fault NONE = new Fault(-1, -1);
        /** Test hook: {@code corrupt:N} or {@code drop:N} (message N, from 0). */
        static final String PROPERTY = "jvmmark.queueLarge.fault";

        final long corruptAt;
        final long dropAt;

        Fault(long corruptAt, long dropAt) {
            this.corruptAt = corruptAt;
            this.dropAt = dropAt;
        }

        static Fault fromSystemProperty() {
            String spec = System.getProperty(PROPERTY, "");
            if (spec.startsWith("corrupt:")) {
                return new Fault(Long.parseLong(spec.substring(8)), -1);
            }
            if (spec.startsWith("drop:")) {
                return new Fault(-1, Long.parseLong(spec.substring(5)));
            }
            return NONE;
        }
    }

    private LargeQueue(ChronicleQueue queue, int messageBytes, Fault fault, long written, boolean writer) {
        this.queue = queue;
        this.appender = writer ? queue.createAppender() : null;
        this.tailer = writer ? queue.createTailer() : null;
        this.written = written;
        this.words = messageBytes / 8;
        this.message = BytesStore.nativeStore(messageBytes);
        this.copy = Bytes.allocateDirect(messageBytes);
        this.fault = fault;
        long sum = 0;
        for (int i = 1; i < words - 1; i++) {
            long word = (i + 1) * GOLDEN;
            message.writeLong(8L * i, word);
            sum += word * weight(i);
        }
        this.patternSum = sum;
    }

    /**
     * Opens (creates) the queue in {@code dir}, as the original does: a single queue with the given
     * block size and roll cycle.
     */
    static LargeQueue open(Path dir, long blockSizeBytes, RollCycle rollCycle, int messageBytes, ChronicleLog log, Fault fault)
            throws UnsupportedWorkloadException {
        SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.single(dir.toFile()).blockSize(blockSizeBytes).rollCycle(rollCycle);
        return new LargeQueue(ChronicleSetup.open(builder, dir, log), messageBytes, fault, 0, true);
    }

    /**
     * Opens the queue a closed {@code LargeQueue} wrote in {@code dir}, for {@link #readAllFromStart}
     * only (no appender, no following tailer).
     *
     * @param written the messages it holds
     */
    static LargeQueue reopen(Path dir, long blockSizeBytes, RollCycle rollCycle, int messageBytes, long written) {
        ChronicleQueue queue = SingleChronicleQueueBuilder.single(dir.toFile()).blockSize(blockSizeBytes).rollCycle(rollCycle).build();
        return new LargeQueue(queue, messageBytes, Fault.NONE, written, false);
    }

    /**
     * Waits until Chronicle has released what closed queues held — it unmaps files on a background
     * thread — so that none of their pages is mapped any more.
     */
    static void awaitReleased() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /** Position-dependent odd weights: any change to one word, or two words swapped, changes the sum. */
    private static long weight(int word) {
        return 2L * word + 1;
    }

    /** Appends the next {@code messages} messages; returns the nanoseconds it took. */
    long writeBurst(long messages) {
        long checkOffset = 8L * (words - 1);
        long start = System.nanoTime();
        for (long i = 0; i < messages; i++) {
            long seq = written++;
            if (seq == fault.dropAt) {
                continue;
            }
            message.writeLong(0, seq);
            message.writeLong(checkOffset, patternSum + seq);
            if (seq == fault.corruptAt) {
                message.writeByte(8, (byte) (message.readByte(8) ^ 1));
                appender.writeBytes(message);
                message.writeByte(8, (byte) (message.readByte(8) ^ 1));
            } else {
                appender.writeBytes(message);
            }
        }
        return System.nanoTime() - start;
    }

    /**
     * Reads and checks the next {@code messages} messages with the tailer that follows the writer.
     *
     * @return the nanoseconds it took
     */
    long readBurst(long messages) throws ValidationException {
        long start = System.nanoTime();
        read = readAndCheck(tailer, read, messages);
        return System.nanoTime() - start;
    }

    /**
     * Reads and checks the whole queue from its start with a fresh tailer; returns the nanoseconds.
     *
     * @param atStart runs once the tailer stands at the start, just before the clock starts
     */
    long readAllFromStart(Runnable atStart) throws ValidationException {
        try (ExcerptTailer cold = queue.createTailer()) {
            cold.toStart();
            atStart.run();
            long start = System.nanoTime();
            readAndCheck(cold, 0, written);
            long nanos = System.nanoTime() - start;
            if (cold.readBytes(copy.clear())) {
                throw new ValidationException("the queue holds more than the " + written + " messages written");
            }
            return nanos;
        }
    }

    private long readAndCheck(ExcerptTailer from, long first, long messages) throws ValidationException {
        long expected = first;
        long end = first + messages;
        for (; expected < end; expected++) {
            copy.clear();
            if (!from.readBytes(copy)) {
                throw new ValidationException("message " + expected + " was lost: the queue ended after " + expected + " messages");
            }
            check(expected);
        }
        return expected;
    }

    private void check(long expected) throws ValidationException {
        if (copy.readRemaining() != 8L * words) {
            throw new ValidationException("message " + expected + " has " + copy.readRemaining() + " bytes, not " + 8L * words);
        }
        long address = copy.addressForRead(copy.readPosition());
        long seq = UnsafeMemory.MEMORY.readLong(address);
        long sum = seq;
        for (int i = 1; i < words - 1; i++) {
            sum += UnsafeMemory.MEMORY.readLong(address + 8L * i) * weight(i);
        }
        long stored = UnsafeMemory.MEMORY.readLong(address + 8L * (words - 1));
        if (seq != expected) {
            throw new ValidationException("message " + expected + " was lost or reordered: read message " + seq + " in its place");
        }
        if (sum != stored) {
            throw new ValidationException("message " + expected + " is damaged: its checksum does not match its contents");
        }
    }

    /**
     * Chronicle's pretouch of the appender's next pages and cycle file, as the original calls it
     * between bursts.
     *
     * @return {@code null}, or why it is not available: the open-source edition leaves it to
     *     Chronicle Queue Enterprise (2026.4 then recurses into a {@link StackOverflowError})
     */
    String pretouch() {
        try {
            appender.pretouch();
            return null;
        } catch (Throwable t) {
            return ChronicleLog.rootCause(t);
        }
    }

    long written() {
        return written;
    }

    @Override
    public void close() {
        try {
            if (tailer != null) {
                tailer.close();
                appender.close();
            }
        } finally {
            queue.close();
            message.releaseLast();
            copy.releaseLast();
        }
    }
}
