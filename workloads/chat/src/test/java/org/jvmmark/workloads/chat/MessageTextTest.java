package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class MessageTextTest {

    @Test
    void shouldRoundTripSenderSequenceAndTimeAtTheExactLength() {
        String text = MessageText.encode(19, 99, -123456789L, 60);
        assertEquals(60, text.length());
        MessageText.Decoded d = MessageText.decode(text, 60);
        assertEquals(19, d.sender);
        assertEquals(99, d.sequence);
        assertEquals(-123456789L, d.sendNanos);
    }

    @Test
    void shouldRejectTruncatedOrAlteredText() {
        String text = MessageText.encode(1, 2, 3, 60);
        assertNull(MessageText.decode(text.substring(0, 59), 60));
        assertNull(MessageText.decode(text.substring(0, 50) + "Z" + text.substring(51), 60));
        assertNull(MessageText.decode("x".repeat(60), 60));
    }
}
