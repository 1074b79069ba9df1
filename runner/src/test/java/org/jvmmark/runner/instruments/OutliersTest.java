package org.jvmmark.runner.instruments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jvmmark.results.Instruments;
import org.junit.jupiter.api.Test;

class OutliersTest {
    private static final long MS = 1_000_000;

    private static WorstSamples worst(long[]... dueAndLatency) {
        List<WorstSamples.Sample> s = new java.util.ArrayList<>();
        for (long[] d : dueAndLatency) {
            s.add(new WorstSamples.Sample(1, d[0], d[1]));
        }
        s.sort((a, b) -> Long.compare(b.latencyNanos(), a.latencyNanos()));
        return new WorstSamples(0, 0, 0, List.of(), s);
    }

    @Test
    void shouldChargeSamplesToThePauseThatCoversThemThenSafepointsThenNothing() {
        WorstSamples w = worst(
                new long[] {100 * MS, 4 * MS},      // inside the 4.1 ms young pause at 100 ms
                new long[] {101 * MS, 3 * MS},      // its tail
                new long[] {300 * MS, 2 * MS / 10}, // inside a safepoint
                new long[] {500 * MS, 3 * MS});     // nothing there
        List<Pause> pauses = List.of(
                new Pause(Pause.Kind.GC, "G1 young pause", 100 * MS, 41 * MS / 10),
                new Pause(Pause.Kind.SAFEPOINT, "safepoint (Cleanup)", 300 * MS, MS / 4),
                new Pause(Pause.Kind.SAFEPOINT, "safepoint (G1CollectForAllocation)", 100 * MS, 41 * MS / 10));
        Instruments.Outliers o = Outliers.attribute(w, pauses, "gcLog", "the GC log", 0);
        assertEquals("of the 4 worst samples (≥ 200 µs), 2 fell inside a G1 young pause (longest 4.10 ms),"
                + " 1 inside a safepoint (longest 250 µs), 1 unexplained — from the GC log", o.text());
        assertEquals(new Instruments.Outliers.Cause(2, 0, 4.1), o.gcPauses().get("G1 young pause"));
        assertEquals(1, o.inSafepoint());
        assertEquals(0.25, o.longestSafepointMillis());
        assertEquals(1, o.unexplained());
        assertEquals(List.of(new Instruments.Outliers.Sample(1, 4 * MS, "G1 young pause", 1.0, 41 * MS / 10),
                new Instruments.Outliers.Sample(1, 3 * MS, "G1 young pause", 1.0, 41 * MS / 10),
                Instruments.Outliers.Sample.unexplained(1, 3 * MS),
                new Instruments.Outliers.Sample(1, 2 * MS / 10, "safepoint (Cleanup)", 1.0, MS / 4)), o.worst());
    }

    @Test
    void shouldNotChargeALongSampleToAShortPauseItMerelyOverlaps() {
        // a 240 ms sample (the thread was off its CPU) overlapping a 5 ms young pause
        WorstSamples w = worst(new long[] {1000 * MS, 240 * MS});
        Instruments.Outliers o = Outliers.attribute(w, List.of(new Pause(Pause.Kind.GC, "G1 young pause", 1100 * MS, 5 * MS)),
                "jfr", "JFR", 0);
        assertEquals(1, o.unexplained());
        assertEquals(List.of(Instruments.Outliers.Sample.unexplained(1, 240 * MS)), o.worst());
        assertEquals("of the 1 worst samples (≥ 240 ms), 1 unexplained — from JFR", o.text());
    }

    @Test
    void shouldSayPartlyWhenAPauseIsAQuarterToHalfOfTheWait() {
        // 100 ms sample, 40 ms of it inside a full pause
        WorstSamples w = worst(new long[] {1000 * MS, 100 * MS});
        Instruments.Outliers o = Outliers.attribute(w, List.of(new Pause(Pause.Kind.GC, "G1 full pause", 1060 * MS, 40 * MS)),
                "gcLog", "the GC log", 0);
        assertEquals("of the 1 worst samples (≥ 100 ms), 1 partly inside a G1 full pause (longest 40.0 ms) — from the GC log",
                o.text());
        assertEquals(new Instruments.Outliers.Cause(0, 1, 40.0), o.gcPauses().get("G1 full pause"));
        assertEquals(1, o.partlyInGcPause());
        assertEquals(List.of(new Instruments.Outliers.Sample(1, 100 * MS, "G1 full pause", 0.4, 40 * MS)), o.worst());
    }

    @Test
    void shouldPlaceBeanAndWallClockTimesOnTheHarnessClock() {
        // harness clock read as 5 s when the wall clock said 1,000,000 s since the epoch; JVM started at 999,990 s
        WorstSamples w = new WorstSamples(5_000_000_000L, 1_000_000_000_000L, 999_990_000L, List.of(), List.of());
        assertEquals(5_000_000_000L - 10_000_000_000L + 2_000_000_000L, w.nanoTimeOfUptimeMillis(2_000));
        assertEquals(5_000_000_000L + 1, w.nanoTimeOfEpochNanos(1_000_000_000_000_000L + 1));
    }
}
