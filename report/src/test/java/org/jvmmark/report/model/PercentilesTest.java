package org.jvmmark.report.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.jvmmark.report.words.Words;

/** A figure's key is made in one place and read back in one, and its label is the same word wherever it is said. */
class PercentilesTest {
    @Test
    void shouldReadBackEveryKeyItMakes() {
        for (String key : new String[] {"50", "99.9", "max"}) {
            assertArrayEquals(new String[] {"endToEnd", key}, Percentiles.parse(Percentiles.figureKey("endToEnd", key)));
        }
        assertEquals("endToEnd p50", Percentiles.figureKey("endToEnd", "50"));
        assertEquals("append max", Percentiles.figureKey("append", "max"));
        assertNull(Percentiles.parse("score"));
        assertNull(Percentiles.parse("hello.startupMs"));
        assertNull(Percentiles.parse("endToEnd pmax"));
    }

    @Test
    void shouldLabelTheMaximumAsTheReportsColumnsDo() {
        // The report's column says "worst"; the history's series "endToEnd max" used to be labelled "endToEnd max".
        assertEquals("worst latency", Words.label(Percentiles.figureKey("endToEnd", "max")));
        assertEquals(Percentiles.title("max") + " latency of append", Words.label("append max"));
        assertEquals("p99.9 latency", Words.label("endToEnd p99.9"));
    }
}
