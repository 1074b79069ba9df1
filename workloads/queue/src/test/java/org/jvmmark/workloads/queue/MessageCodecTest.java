package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.jvmmark.api.ValidationException;

class MessageCodecTest {
    private final MessageCodec codec = new MessageCodec(256);

    @Test
    void shouldRoundTripHeaderFields() throws Exception {
        byte[] buffer = codec.newBuffer();
        codec.encode(buffer, 42, 1_000_000L, 1_000_250L);
        codec.verify(buffer, 256, 42);
        assertEquals(42, MessageCodec.sequence(buffer));
        assertEquals(1_000_000L, MessageCodec.intendedNanos(buffer));
        assertEquals(1_000_250L, MessageCodec.sentNanos(buffer));
    }

    @Test
    void shouldCompleteAPreparedMessageWithAChecksumThatVerifies() throws Exception {
        for (int size : new int[] {32, 40, 256, 4096}) {
            MessageCodec c = new MessageCodec(size);
            byte[] whole = c.newBuffer();
            byte[] split = c.newBuffer();
            c.encode(whole, 123, 987_654_321L, -5L);
            c.complete(split, c.prepare(split, 123), 987_654_321L, -5L);
            assertArrayEquals(whole, split, "size " + size);
            c.verify(split, size, 123);
        }
    }

    @Test
    void shouldDetectAFlippedBitAnywhereInTheMessage() {
        for (int i = 0; i < 256; i++) {
            for (int bit = 0; bit < 8; bit += 7) {
                byte[] buffer = codec.newBuffer();
                codec.encode(buffer, 7, 100, 200);
                buffer[i] ^= (byte) (1 << bit);
                int at = i;
                assertThrows(ValidationException.class, () -> codec.verify(buffer, 256, 7), "flip at byte " + at);
            }
        }
    }

    @Test
    void shouldNameALostMessage() {
        byte[] buffer = codec.newBuffer();
        codec.encode(buffer, 11, 0, 0);
        ValidationException e = assertThrows(ValidationException.class, () -> codec.verify(buffer, 256, 10));
        assertEquals("message 10 was lost: the next message received was 11", e.getMessage());
    }

    @Test
    void shouldNameARepeatedMessage() {
        byte[] buffer = codec.newBuffer();
        codec.encode(buffer, 9, 0, 0);
        ValidationException e = assertThrows(ValidationException.class, () -> codec.verify(buffer, 256, 10));
        assertTrue(e.getMessage().startsWith("message 9 arrived again or out of order"), e.getMessage());
    }

    @Test
    void shouldRejectAMessageOfTheWrongLength() {
        byte[] buffer = codec.newBuffer();
        codec.encode(buffer, 0, 0, 0);
        ValidationException e = assertThrows(ValidationException.class, () -> codec.verify(buffer, 200, 0));
        assertEquals("message 0 arrived with 200 bytes, expected 256", e.getMessage());
    }

    @Test
    void shouldRejectSizesThatCannotHoldTheLayout() {
        assertThrows(IllegalArgumentException.class, () -> new MessageCodec(24));
        assertThrows(IllegalArgumentException.class, () -> new MessageCodec(100));
        assertEquals(32, new MessageCodec(32).messageBytes());
    }
}
