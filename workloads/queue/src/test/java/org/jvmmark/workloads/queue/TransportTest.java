package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.workloads.chronicle.ChronicleLog;

/** Both transports carry validated messages between two threads, in order; runs in the test JVM. */
class TransportTest {
    private static final int MESSAGES = 20_000;

    @TempDir
    Path dir;

    @Test
    void shouldCarryEveryMessageInOrderThroughChronicleQueue() throws Exception {
        List<String> log = new ArrayList<>();
        try (Transport transport = ChronicleTransport.open(dir, ChronicleLog.install(log::add))) {
            assertEquals("chronicle", transport.name());
            handOff(transport);
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".cq4")), "queue file written in " + dir);
        }
    }

    @Test
    void shouldCarryEveryMessageInOrderThroughMemory() throws Exception {
        try (Transport transport = new MemoryTransport(1 << 16)) {
            handOff(transport);
        }
    }

    @Test
    void shouldRefuseWhenTheMemoryRingIsFull() {
        MessageCodec codec = new MessageCodec(256);
        byte[] message = codec.newBuffer();
        try (Transport transport = new MemoryTransport(4096); Transport.Sender sender = transport.openSender()) {
            int sent = 0;
            while (sender.offer(message, message.length)) {
                sent++;
                assertTrue(sent < 4096 / 256 + 1, "ring of 4 KiB took " + sent + " messages of 256 bytes");
            }
            try (Transport.Receiver receiver = transport.openReceiver()) {
                for (int i = 0; i < sent; i++) {
                    assertEquals(256, receiver.poll(codec.newBuffer()));
                }
                assertEquals(-1, receiver.poll(codec.newBuffer()));
            }
            assertTrue(sender.offer(message, message.length), "room again once the consumer caught up");
        }
    }

    @Test
    void shouldReportNothingWaitingOnAnEmptyTransport() {
        try (Transport transport = new MemoryTransport(4096); Transport.Receiver receiver = transport.openReceiver()) {
            assertEquals(-1, receiver.poll(new byte[256]));
        }
    }

    private static void handOff(Transport transport) throws Exception {
        MessageCodec codec = new MessageCodec(256);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] received = {0};
        Thread consumer = new Thread(() -> {
            byte[] buffer = codec.newBuffer();
            try (Transport.Receiver receiver = transport.openReceiver()) {
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (received[0] < MESSAGES && System.nanoTime() < deadline) {
                    int length = receiver.poll(buffer);
                    if (length >= 0) {
                        codec.verify(buffer, length, received[0]++);
                    }
                }
                assertEquals(-1, receiver.poll(buffer), "no message beyond the last");
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        consumer.start();
        byte[] buffer = codec.newBuffer();
        try (Transport.Sender sender = transport.openSender()) {
            for (long i = 0; i < MESSAGES; i++) {
                codec.encode(buffer, i, i, System.nanoTime());
                while (!sender.offer(buffer, buffer.length)) {
                    Thread.onSpinWait();
                }
            }
        }
        consumer.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(MESSAGES, received[0]);
        assertFalse(consumer.isAlive());
    }
}
