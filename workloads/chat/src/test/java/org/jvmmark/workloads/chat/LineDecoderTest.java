package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class LineDecoderTest {
    private final LineDecoder decoder = new LineDecoder();
    private final List<String> lines = new ArrayList<>();

    private void feed(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        decoder.feed(b, 0, b.length, lines::add);
    }

    @Test
    void shouldSplitOnCrLfAndBareLfAcrossFeeds() {
        feed("NICK a\r\nUSER a 0 * :A\nPI");
        feed("NG :x\r");
        feed("\n\r\n");
        assertEquals(List.of("NICK a", "USER a 0 * :A", "PING :x"), lines);
    }

    @Test
    void shouldAcceptA512ByteLineAndDropA513ByteOne() {
        String fits = "x".repeat(510);
        String tooLong = "y".repeat(511);
        feed(fits + "\r\n" + tooLong + "\r\nafter\r\n");
        assertEquals(List.of(fits, "after"), lines);
        assertEquals(1, decoder.oversizeLines());
    }

    @Test
    void shouldDropA64KiBLineFedInPiecesWithoutBuffering() {
        byte[] chunk = new byte[4096];
        Arrays.fill(chunk, (byte) 'A');
        for (int i = 0; i < 16; i++) {
            decoder.feed(chunk, 0, chunk.length, lines::add);
        }
        feed("\r\nPING :ok\r\n");
        assertEquals(List.of("PING :ok"), lines);
        assertEquals(1, decoder.oversizeLines());
    }

    @Test
    void shouldReplaceInvalidUtf8InsteadOfFailing() {
        byte[] b = {'P', 'R', (byte) 0xff, (byte) 0xc3, '\n'};
        decoder.feed(b, 0, b.length, lines::add);
        assertEquals(List.of("PR\uFFFD\uFFFD"), lines);
    }

    @Test
    void shouldStopWhenTheSinkSaysSo() {
        byte[] b = "QUIT\r\nNICK late\r\n".getBytes(StandardCharsets.US_ASCII);
        decoder.feed(b, 0, b.length, line -> lines.add(line) && false);
        assertEquals(List.of("QUIT"), lines);
    }
}
