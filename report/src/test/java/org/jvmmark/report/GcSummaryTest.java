package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.jvmmark.results.ResultsReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.words.GcSummary;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.Row;

class GcSummaryTest {
    @TempDir
    Path tmp;

    private static String run(String events) {
        return "{\"count\": 10, \"percentiles\": {\"50\": 1}, \"gcCount\": 0, \"gcMillis\": 0, \"gcEvents\": [" + events + "]}";
    }

    private static String gc(String collector, long ms) {
        return "{\"collector\": \"" + collector + "\", \"action\": \"end of GC pause\", \"cause\": \"x\", \"startMillis\": 1, "
                + "\"durationMillis\": " + ms + "}";
    }

    private Row row(String... runs) throws IOException {
        Golden.results(tmp, "{}", Golden.trial("w/1", "", "\"endToEnd\": {\"coCorrected\": true, \"percentiles\": {\"50\": 1}, "
                + "\"runs\": [" + String.join(", ", runs) + "]}"));
        return ModelBuilder.build(ResultsReader.readDir(tmp)).sections().get(0).rows().get(0);
    }

    @Test
    void shouldCountPausesAndTimeThemButCountConcurrentCyclesApart() throws IOException {
        GcSummary g = GcSummary.of(row(run(gc("ZGC Pauses", 1) + ", " + gc("ZGC Cycles", 250)), run(gc("ZGC Pauses", 3))));
        assertEquals(2, g.pausesPerFork());
        assertEquals(4, g.pauseMillisPerFork());
        assertEquals(3, g.longestPauseMillis());
        assertEquals(1, g.cyclesPerFork());
        assertEquals("2 pauses, 4 ms in all, longest 3 ms; 1 concurrent cycle", g.words());
        assertEquals(List.of("ZGC Cycles", "ZGC Pauses"), List.of(g.collectors().split(", ")));
    }

    @Test
    void shouldSayZeroWhenNoCollectionRanAndNothingWhenNoneWasRecorded() throws IOException {
        assertEquals("0 pauses", GcSummary.of(row(run(""))).words());
        assertNull(GcSummary.of(row("{\"count\": 10, \"percentiles\": {\"50\": 1}}")), "runs without gcEvents: not recorded");
    }
}
