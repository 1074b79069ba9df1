package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.api.ValidationException;
import org.jvmmark.workloads.chronicle.ChronicleLog;

/** Bursts through a real Chronicle Queue in the test JVM: every message comes back checked. */
class LargeQueueTest {
    private static final int MESSAGES = 10_000;

    @TempDir
    Path dir;

    private LargeQueue open(LargeQueue.Fault fault) throws Exception {
        return LargeQueue.open(dir, 1 << 20, RollCycles.FAST_DAILY, 512, ChronicleLog.install(line -> { }), fault);
    }

    @Test
    void shouldReadBackEveryBurstAndThenTheWholeQueueFromTheStart() throws Exception {
        try (LargeQueue q = open(LargeQueue.Fault.NONE)) {
            for (int burst = 0; burst < 3; burst++) {
                assertTrue(q.writeBurst(MESSAGES) > 0);
                assertTrue(q.readBurst(MESSAGES) > 0);
            }
            assertEquals(3 * MESSAGES, q.written());
            assertTrue(q.readAllFromStart(() -> { }) > 0);
        }
    }

    @Test
    void shouldReadTheWholeQueueAgainAfterItWasClosedAndReopened() throws Exception {
        try (LargeQueue q = open(LargeQueue.Fault.NONE)) {
            q.writeBurst(MESSAGES);
            q.readBurst(MESSAGES);
        }
        LargeQueue.awaitReleased();
        boolean[] started = {false};
        try (LargeQueue q = LargeQueue.reopen(dir, 1 << 20, RollCycles.FAST_DAILY, 512, MESSAGES)) {
            assertTrue(q.readAllFromStart(() -> started[0] = true) > 0);
        }
        assertTrue(started[0], "the hook ran before the read");
        try (LargeQueue q = LargeQueue.reopen(dir, 1 << 20, RollCycles.FAST_DAILY, 512, MESSAGES - 1)) {
            ValidationException e = assertThrows(ValidationException.class, () -> q.readAllFromStart(() -> { }));
            assertEquals("the queue holds more than the " + (MESSAGES - 1) + " messages written", e.getMessage());
        }
    }

    @Test
    void shouldFailOnADamagedMessage() throws Exception {
        try (LargeQueue q = open(new LargeQueue.Fault(4321, -1))) {
            q.writeBurst(MESSAGES);
            ValidationException e = assertThrows(ValidationException.class, () -> q.readBurst(MESSAGES));
            assertEquals("message 4321 is damaged: its checksum does not match its contents", e.getMessage());
        }
    }

    @Test
    void shouldFailOnALostMessage() throws Exception {
        try (LargeQueue q = open(new LargeQueue.Fault(-1, 77))) {
            q.writeBurst(MESSAGES);
            ValidationException e = assertThrows(ValidationException.class, () -> q.readBurst(MESSAGES));
            assertEquals("message 77 was lost or reordered: read message 78 in its place", e.getMessage());
        }
    }

    @Test
    void shouldFailWhenTheQueueEndsEarly() throws Exception {
        try (LargeQueue q = open(LargeQueue.Fault.NONE)) {
            q.writeBurst(100);
            ValidationException e = assertThrows(ValidationException.class, () -> q.readBurst(101));
            assertEquals("message 100 was lost: the queue ended after 100 messages", e.getMessage());
        }
    }
}
