package org.jvmmark.report.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;
import org.junit.jupiter.api.Test;

/** The race's block is written as {@value TuneRecord#KEY} and still read under its old key, {@value TuneRecord#LEGACY_KEY}. */
class TuneRecordTest {
    private static final TuneRecord RACE = new TuneRecord("synthetic", "p50", List.of(), 0.05, List.of(new TuneRecord.JdkRace(
            "temurin-25", "synthetic/temurin-25/default", "", List.of(new TuneRecord.PointRow("default", "synthetic/temurin-25/default",
            List.of())), List.of(new TuneRecord.Round(2, List.of("default"), List.of(1), false)), "confirmed", 30, List.of(),
            List.of(), List.of())));

    private static Results empty() {
        return Results.started("2026-11-27T00:00:00Z", "smoke", Map.of(), Map.of());
    }

    @Test
    void shouldReadTheRaceUnderItsKeyAndItsLegacyKey() {
        assertEquals(RACE, TuneRecord.of(empty().withTopLevel(TuneRecord.KEY, RACE.toJson())));
        assertEquals(RACE, TuneRecord.of(empty().withTopLevel(TuneRecord.LEGACY_KEY, RACE.toJson())));
        assertNull(TuneRecord.of(empty()));
    }
}
