package org.jvmmark.runner.instruments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jvmmark.results.Instruments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GC log instrument's typed summary of one trial, from a fixture log cut from a real JDK 11 run. */
class GcLogInstrumentTest {
    @TempDir
    Path results;

    @Test
    void shouldSummariseTheLogItLeftIntoTypedFigures() throws Exception {
        TrialFiles files = new TrialFiles(Files.createDirectories(results.resolve("logs/t")), "jvm");
        Files.copy(Path.of(GcLogTest.class.getResource("/gclogs/jdk11-g1.log").toURI()), files.gcLog());
        Instruments.Instrument i = new GcLogInstrument().afterTrial(files, null, results);
        assertEquals(Instruments.Status.ON, i.status(), i.toString());
        assertEquals("GC log", i.title());
        assertEquals(Map.of("file", "logs/t/jvm-gc.log"), i.files());
        assertEquals(Map.of("collector", "G1"), i.labels());
        Map<String, Double> expected = new java.util.LinkedHashMap<>();
        expected.put("collections", 7.0);
        expected.put("pauses", 6.0);
        expected.put("totalMillis", 77.777);
        expected.put("longestMillis", 28.197);
        expected.put("p99Millis", 28.197);
        expected.put("safepoints.pauses", 8.0);
        expected.put("safepoints.totalMillis", 137.143);
        expected.put("safepoints.longestMillis", 76.724);
        expected.put("safepoints.p99Millis", 76.724);
        expected.put("safepoints.timeToSafepointLongestMillis", 2.913);
        expected.put("allocationMiBPerSecond", 159.6);
        expected.put("heapAfterGcMiB.mean", 9.8);
        expected.put("heapAfterGcMiB.max", 12.0);
        assertEquals(expected, i.figures());
    }

    @Test
    void shouldSayNoDataWhenTheJvmWroteNoLog() {
        Instruments.Instrument i = new GcLogInstrument().afterTrial(new TrialFiles(results, "jvm"), null, results);
        assertEquals(Instruments.Status.NO_DATA, i.status());
        assertEquals("the JVM wrote no GC log", i.reason());
        assertTrue(i.figures().isEmpty() && i.files().isEmpty());
    }
}
