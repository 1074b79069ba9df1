package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void shouldFoldWithTheRfc1459CaseMapping() {
        assertEquals("nick{1}|^", Names.fold("NICK[1]\\~"));
        assertEquals("#room", Names.fold("#ROOM"));
    }

    @Test
    void shouldCheckNickShapes() {
        assertTrue(Names.isValidNick("ab[c]-9"));
        assertFalse(Names.isValidNick("9ab"));
        assertFalse(Names.isValidNick("-ab"));
        assertFalse(Names.isValidNick("a b"));
        assertFalse(Names.isValidNick("x".repeat(Names.MAX_NICK_LENGTH + 1)));
    }

    @Test
    void shouldCheckChannelShapes() {
        assertTrue(Names.isValidChannel("#room-1"));
        assertTrue(Names.isValidChannel("&local"));
        assertFalse(Names.isValidChannel("#"));
        assertFalse(Names.isValidChannel("room"));
        assertFalse(Names.isValidChannel("#a,b"));
        assertFalse(Names.isValidChannel("#a\u0007"));
    }
}
