package org.jvmmark.workloads.queue;

import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.jvmmark.api.UnsupportedWorkloadException;

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
        ChronicleQueue queue;
        try {
            queue = SingleChronicleQueueBuilder.single(dir.toFile()).build();
        } catch (Throwable t) {
            throw new UnsupportedWorkloadException("Chronicle Queue cannot run on this JVM: " + reason(log, t), t);
        }
        try {
            // Appenders are bound to their thread, so this one is only a probe: a queue that fell
            // back to read-only refuses it here rather than on the producer thread mid-benchmark.
            queue.createAppender().close();
        } catch (RuntimeException e) {
            queue.close();
            throw new UnsupportedWorkloadException("Chronicle Queue cannot append in " + dir + ": " + reason(log, e), e);
        }
        return new ChronicleTransport(queue);
    }

    private static String reason(ChronicleLog log, Throwable thrown) {
        List<String> lines = log.lines();
        StringBuilder reason = new StringBuilder();
        for (String line : lines) {
            reason.append(reason.length() == 0 ? "" : "; ").append(line);
        }
        if (thrown != null) {
            reason.append(reason.length() == 0 ? "" : "; ").append(ChronicleLog.rootCause(thrown));
        }
        return reason.length() == 0 ? "no reason given by the library" : reason.toString();
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
