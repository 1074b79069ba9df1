package org.jvmmark.runner.instruments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JfrInstrumentTest {
    @Test
    void shouldCountCompilationsBetweenTheSamplesAroundTheMeasuredRuns() {
        List<long[]> counts = List.of(new long[] {1, 100}, new long[] {2, 150}, new long[] {3, 170}, new long[] {4, 171}, new long[] {5, 180});
        assertEquals(170 - 150, JfrInstrument.compilationsDuring(counts, 2, 3));
        assertEquals(171 - 150, JfrInstrument.compilationsDuring(counts, 2, 3 + 1));
        assertEquals(180 - 171, JfrInstrument.compilationsDuring(counts, 4, 9), "the JVM exited before a sample after the runs");
        assertEquals(-1, JfrInstrument.compilationsDuring(counts, 0, 3), "no sample before the runs");
    }
}
