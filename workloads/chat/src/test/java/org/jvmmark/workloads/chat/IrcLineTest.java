package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

class IrcLineTest {

    @Test
    void shouldSplitPrefixCommandParamsAndTrailing() {
        IrcLine line = IrcLine.parse(":nick!user@host privmsg #room :hello  there: you");
        assertEquals("nick!user@host", line.prefix());
        assertEquals("nick", line.prefixNick());
        assertEquals("PRIVMSG", line.command());
        assertEquals(List.of("#room", "hello  there: you"), line.params());
    }

    @Test
    void shouldKeepAnEmptyTrailingParameterAndSkipRepeatedSpaces() {
        assertEquals(List.of("a", ""), IrcLine.parse("TOPIC   a   :").params());
    }

    @Test
    void shouldTakeTheRestAsTheFifteenthParameter() {
        IrcLine line = IrcLine.parse("X 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16");
        assertEquals(15, line.params().size());
        assertEquals("15 16", line.param(14));
    }

    @Test
    void shouldReturnNullForLinesWithoutACommand() {
        assertNull(IrcLine.parse(""));
        assertNull(IrcLine.parse("   "));
        assertNull(IrcLine.parse(":prefix-only"));
        assertNull(IrcLine.parse(":prefix   "));
    }

    @Test
    void shouldPrintBackInWireForm() {
        assertEquals(":a!b@c PRIVMSG #r :two words", IrcLine.parse(":a!b@c PRIVMSG #r :two words").toString());
    }
}
