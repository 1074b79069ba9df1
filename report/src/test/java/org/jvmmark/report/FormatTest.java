package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.words.Words;

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
        assertEquals("10 k/s", Format.value(9_999.6, "/s"));
        assertEquals("10 k ops/s", Format.value(10_000.4, "ops/s"));
        assertEquals("1235 ops/s", Format.value(1_234.5, "ops/s"));
        assertEquals("1.2 M ops", Format.value(1_200_000, "ops"));
    }

    @Test
    void shouldRoundEveryEffectOneWay() {
        assertEquals("11", Format.effectPercent(11.4));
        assertEquals("12", Format.effectPercent(11.6));
        assertEquals("4.6", Format.effectPercent(4.6));
        assertEquals("-5.0", Format.effectPercent(-5));
        assertEquals("<0.1 %", Format.percent(0.0004));
    }

    @Test
    void shouldSayAChangeInWordsWithTheRoundingOfTheVerdicts() {
        Column latency = new Column(Column.Kind.LATENCY, "endToEnd", "50", "p50", "ns", false, true, true);
        Column rate = new Column(Column.Kind.METRIC, null, "score", "score", "msg/s", true, true, true);
        Column memory = new Column(Column.Kind.METRIC, null, "rss", "rss", "bytes", false, true, true);
        // A row 11.6 % behind the best reads as the verdict's effect would: "12 % slower", never "11.6 %" or "+11.6 %".
        assertEquals("12 % slower", Words.worse(latency, 0.116));
        assertEquals(Words.magnitude(new org.jvmmark.report.judge.Effect(1.116, Double.NaN, Double.NaN, 0.95, false), new String[] {"slower", "faster"}),
                Words.worse(latency, 0.116));
        assertEquals("4.6 % slower", Words.change(rate, 0.954));
        assertEquals("2.8× more memory", Words.change(memory, 2.8));
        assertEquals("same", Words.change(memory, 1.0001));
    }
}
