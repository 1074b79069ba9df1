package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crafted histogram header is "corrupt histogram", never an allocation of what it asks for. */
class HistogramLimitsTest {
    private static final Path MEASURED = Path.of("..", "measured", "2026-11-20", "queue-memory", "results.json");

    @TempDir
    Path dir;

    @Test
    void shouldAcceptTheWidestHistogramJvmmarkWrites() {
        Histogram h = new Histogram(3); // auto-resizing, as the harness records
        h.recordValue(1);
        h.recordValue(Long.MAX_VALUE / 4);
        int counts = HistogramLimits.check(compressed(h));
        assertTrue(counts > 0 && counts < 60_000, "counts " + counts);
        assertEquals(HistogramLimits.countsLength(3, 1, h.getHighestTrackableValue()), counts);
    }

    @Test
    void shouldRefuseAHeaderAskingForTensOfMegabytes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistogramLimits.check(crafted(5, 1, Long.MAX_VALUE / 2, 100)));
        assertTrue(e.getMessage().contains("more than the"), e.getMessage());
    }

    @Test
    void shouldRefuseAPayloadLengthThatDoesNotFitTheCounts() {
        assertThrows(IllegalArgumentException.class, () -> HistogramLimits.check(crafted(3, 1, 1_000_000, Integer.MAX_VALUE)));
    }

    @Test
    void shouldRefuseAWordSizeOrCookieItDoesNotKnow() {
        byte[] bytes = crafted(3, 1, 1_000_000, 100);
        bytes[3] ^= 0x20;
        assertThrows(IllegalArgumentException.class, () -> HistogramLimits.check(bytes));
        assertThrows(IllegalArgumentException.class, () -> HistogramLimits.check(new byte[] {0x1c, (byte) 0x84, (byte) 0x93, 0x14, 0, 0, 0, 99}));
    }

    @Test
    void shouldReadThousandsOfCraftedHistogramsAsCorruptNotOutOfMemory() throws IOException {
        ObjectNode root = (ObjectNode) JsonValues.MAPPER.readTree(MEASURED.toFile());
        String crafted = Base64.getEncoder().encodeToString(crafted(5, 1, Long.MAX_VALUE / 2, 100));
        JsonNode trial = root.path("trials").get(0);
        com.fasterxml.jackson.databind.node.ArrayNode trials = root.putArray("trials");
        for (int i = 0; i < 2000; i++) {
            ObjectNode copy = trial.deepCopy();
            copy.put("id", "t" + i);
            copy.findParents("histogram").forEach(p -> ((ObjectNode) p).put("histogram", crafted));
            trials.add(copy);
        }
        Path file = dir.resolve("results.json");
        JsonValues.MAPPER.writeValue(file.toFile(), root);
        Exception e = assertThrows(Exception.class, () -> ResultsReader.read(file));
        assertTrue(e.getMessage().contains("corrupt histogram"), e.getMessage());
    }

    @Test
    void shouldRefuseAResultsFileOverTheSizeLimitBeforeParsingIt() throws IOException {
        Path file = Files.write(dir.resolve("results.json"), new byte[4096]);
        System.setProperty(ResultsReader.MAX_FILE_BYTES_PROPERTY, "1024");
        try {
            IOException e = assertThrows(IOException.class, () -> ResultsReader.read(file));
            assertTrue(e.getMessage().contains("too large to be a results file"), e.getMessage());
        } finally {
            System.clearProperty(ResultsReader.MAX_FILE_BYTES_PROPERTY);
        }
    }

    private static byte[] compressed(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return java.util.Arrays.copyOf(buffer.array(), length);
    }

    /** A compressed V2 histogram whose 40-byte header says what the test wants, and no counts. */
    private static byte[] crafted(int digits, long lowest, long highest, int payloadBytes) {
        ByteBuffer header = ByteBuffer.allocate(HistogramLimits.HEADER_BYTES);
        header.putInt(HistogramLimits.PAYLOAD_COOKIE).putInt(payloadBytes).putInt(0).putInt(digits)
                .putLong(lowest).putLong(highest).putDouble(1.0);
        Deflater deflater = new Deflater();
        deflater.setInput(header.array());
        deflater.finish();
        byte[] out = new byte[256];
        int n = deflater.deflate(out);
        deflater.end();
        ByteBuffer all = ByteBuffer.allocate(8 + n);
        all.putInt(HistogramLimits.COMPRESSED_COOKIE).putInt(n).put(out, 0, n);
        return all.array();
    }
}
