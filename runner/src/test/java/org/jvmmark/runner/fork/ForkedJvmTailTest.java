package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trial log's tail is read from its end: a log far larger than the heap still has a tail. */
class ForkedJvmTailTest {
    @TempDir
    Path tmp;

    @Test
    void shouldReadTheLastLinesOfALogLargerThanTheHeap() throws IOException {
        Path log = tmp.resolve("big-stderr.log");
        long size = Runtime.getRuntime().maxMemory() + (64L << 20);
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.setLength(size); // sparse: no disk, and all zero bytes, one line
            f.seek(size);
            f.write("\nsecond to last\nError: the last words\n".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(List.of("second to last", "Error: the last words"), ForkedJvm.tail(log, 2));
    }

    @Test
    void shouldReadAShortLogWholeAndBytesThatAreNotUtf8() throws IOException {
        Path log = tmp.resolve("short.log");
        Files.write(log, new byte[] {'a', '\n', (byte) 0xff, 'b', '\n', 'c'});
        assertEquals(List.of("a", "\ufffdb", "c"), ForkedJvm.tail(log, 5));
        assertEquals(List.of("c"), ForkedJvm.tail(log, 1));
        assertEquals(List.of(), ForkedJvm.tail(tmp.resolve("missing.log"), 3));
    }
}
