package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SizesTest {
    private static final long RAM = 24L << 30;

    @Test
    void shouldParseSizesAsPeopleWriteThem() {
        assertEquals(512L << 20, Sizes.parse("x", "512m", RAM));
        assertEquals(2L << 30, Sizes.parse("x", "2g", RAM));
        assertEquals(2L << 30, Sizes.parse("x", "2GiB", RAM));
        assertEquals(1L << 40, Sizes.parse("x", "1t", RAM));
        assertEquals(1536L << 20, Sizes.parse("x", "1.5g", RAM));
        assertEquals(1000, Sizes.parse("x", "1_000", RAM));
        assertEquals(48L << 30, Sizes.parse("x", "2xram", RAM));
    }

    @Test
    void shouldNameTheParameterAndTheAcceptedFormsOnBadInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("totalBytes", "lots", RAM));
        assertEquals("queue-large: totalBytes=lots is not a size; write e.g. 512m, 2g, 1t or 2xram (twice the physical memory)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("totalBytes", "0", RAM));
    }

    @Test
    void shouldFormatInBinaryUnits() {
        assertEquals("1.5 GiB", Sizes.format(1536L << 20));
        assertEquals("512 MiB", Sizes.format(512L << 20));
    }
}
