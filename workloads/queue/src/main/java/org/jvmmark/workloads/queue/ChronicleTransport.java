package org.jvmmark.workloads.queue;

import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.workloads.chronicle.ChronicleLog;
import org.jvmmark.workloads.chronicle.ChronicleSetup;

/**
 * Chronicle Queue used as the library intends for low latency: one queue in a directory, an
 * {@link ExcerptAppender} on the producer thread writing each message as one document, an
 * {@link ExcerptTailer} on the consumer thread polling {@code readingDocument()} in a busy loop.
 * The queue's files are memory-mapped; in {@code /dev/shm} they never touch a disk.
 *
 * <p>Thread-safe for one producer thread and one consumer thread; each side is bound to the thread
 * that opened it.
 */
final class ChronicleTransport implements Transport {
    private final ChronicleQueue queue;

    private ChronicleTransport(ChronicleQueue queue) {
        this.queue = queue;
    }

    /**
     * Opens (creates) the queue in {@code dir}.
     *
     * @throws UnsupportedWorkloadException when Chronicle Queue cannot run on this JVM, with the
     *     library's own reason — e.g. it fell back to a read-only table store because a required
     *     {@code --add-exports} is missing, where appending would fail and a consumer wait forever
     */
    static ChronicleTransport open(Path dir, ChronicleLog log) throws UnsupportedWorkloadException {
        return new ChronicleTransport(ChronicleSetup.open(SingleChronicleQueueBuilder.single(dir.toFile()), dir, log));
    }

    @Override
    public String name() {
        return "chronicle";
    }

    @Override
    public Sender openSender() {
        ExcerptAppender appender = queue.createAppender();
        return new Sender() {
            @Override
            public boolean offer(byte[] message, int length) {
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().bytes().write(message, 0, length);
                }
                return true;
            }

            @Override
            public void close() {
                appender.close();
            }
        };
    }

    @Override
    public Receiver openReceiver() {
        ExcerptTailer tailer = queue.createTailer();
        return new Receiver() {
            @Override
            public int poll(byte[] into) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        return -1;
                    }
                    Bytes<?> bytes = dc.wire().bytes();
                    int length = (int) bytes.readRemaining();
                    bytes.read(into, 0, Math.min(length, into.length));
                    return length;
                }
            }

            @Override
            public void close() {
                tailer.close();
            }
        };
    }

    @Override
    public void close() {
        queue.close();
    }
}
