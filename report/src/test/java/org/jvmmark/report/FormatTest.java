package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormatTest {
    @Test
    void shouldScaleNanosecondsToTheReadableUnit() {
        assertEquals("312 ns", Format.value(312, "ns"));
        assertEquals("12.3 µs", Format.value(12_345, "ns"));
        assertEquals("1.5 ms", Format.value(1_500_000, "ns"));
        assertEquals("999 ns", Format.value(999, "ns"));
        assertEquals("1 µs", Format.value(999.9, "ns"));
    }

    @Test
    void shouldGiveAChartAxisTheUnitOfItsLargestValue() {
        Format.Scale ms = Format.scale(5.5e8, "ns");
        assertEquals("ms", ms.name());
        assertEquals(550, ms.apply(5.5e8), 1e-9);
        assertEquals(120, ms.apply(1.2e8), 1e-9);
        assertEquals("550 ms", ms.format(5.5e8));
        assertEquals("s", Format.scale(1500, "ms").name());
        assertEquals(1.5, Format.scale(1500, "ms").apply(1500), 1e-12);
        assertEquals("MiB", Format.scale(48 * 1024 * 1024, "bytes").name());
        assertEquals("k msg/s", Format.scale(125_000, "msg/s").name());
        assertEquals("k/s", Format.scale(99_990, "/s").name());
        assertEquals("", Format.scale(12, "").name());
        assertEquals("ms/GiB", Format.scale(11_600, "ms/GiB").name());
        assertEquals("11600 ms/GiB", Format.value(11_600, "ms/GiB"));
    }

    @Test
    void shouldScaleBytesInBinaryUnits() {
        assertEquals("48 MiB", Format.value(48 * 1024 * 1024, "bytes"));
        assertEquals("512 B", Format.value(512, "bytes"));
    }

    @Test
    void shouldAbbreviateLargeCountsWithTheirUnit() {
        assertEquals("47.3 k msg/s", Format.value(47_312, "msg/s"));
        assertEquals("100 k/s", Format.value(99_990, "/s"));
        assertEquals("1.2 M ops", Format.value(1_200_000, "ops"));
    }

    @Test
    void shouldWriteChangesWithASignAndNoSpuriousDigits() {
        assertEquals("+12.3 %", Format.change(0.1234));
        assertEquals("−4 %", Format.change(-0.04));
        assertEquals("~0 %", Format.change(0.0001));
        assertEquals("<0.1 %", Format.percent(0.0004));
    }
}
