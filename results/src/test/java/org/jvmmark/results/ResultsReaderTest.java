package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the reader refuses from a file another hand wrote: numbers that are not finite, files too large. */
class ResultsReaderTest {
    @TempDir
    Path tmp;

    private Path file(String percentile50, String runP50) throws IOException {
        Path f = tmp.resolve("results-" + Math.abs((percentile50 + runP50).hashCode()) + ".json");
        Files.writeString(f, """
                {"schema": "jvmmark/results/1", "created": "2026-01-01T00:00:00Z", "profile": "smoke", "host": {},
                 "trials": [{"id": "w/j/default/fork1", "workload": "w", "status": "ok", "error": null,
                   "latency": {"endToEnd": {"unit": "ns", "count": 10, "percentiles": {"50": %s, "max": 9},
                     "runs": [{"count": 10, "percentiles": {"50": %s}}]}}}]}
                """.formatted(percentile50, runP50));
        return f;
    }

    @Test
    void shouldRefuseAPercentileThatIsNotFiniteInOneLine() throws IOException {
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "1e999", "-1e999", "\"NaN\"", "\"1e999\""}) {
            IOException e = assertThrows(IOException.class, () -> ResultsReader.read(file(bad, "3")), bad);
            assertTrue(e.getMessage().contains("latency.endToEnd.percentiles.50") && e.getMessage().endsWith("is not a finite number"),
                    e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
            IOException inRun = assertThrows(IOException.class, () -> ResultsReader.read(file("3", bad)), bad);
            assertTrue(inRun.getMessage().contains("runs[0].percentiles.50"), inRun.getMessage());
        }
        assertEquals(3.0, ResultsReader.read(file("3", "3")).trials().get(0).measured().latency().get("endToEnd")
                .percentiles().get("50"));
        assertTrue(ResultsReader.read(file("null", "3")).trials().get(0).measured().latency().get("endToEnd")
                .percentiles().get("50") == null, "null is how jvmmark writes a value it has not: left out");
    }

    @Test
    void shouldRefuseAFileOverTheCapBeforeReadingIt() throws IOException {
        Path big = tmp.resolve("results.json");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(ResultsReader.MAX_FILE_BYTES + 1); // sparse: no disk used
        }
        assertEquals(256L << 20, ResultsReader.MAX_FILE_BYTES);
        IOException e = assertThrows(IOException.class, () -> ResultsReader.read(big));
        assertTrue(e.getMessage().contains("is too large to be a results file"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
