package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NumericNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A trial's {@code instruments} block with every field the runner writes: read, written and read again. */
class InstrumentsRoundTripTest {
    private static final Comparator<JsonNode> SAME_VALUE = (a, b) -> a instanceof NumericNode && b instanceof NumericNode
            ? Double.compare(a.doubleValue(), b.doubleValue()) : a.equals(b) ? 0 : 1;

    private static JsonNode everyField() throws IOException {
        try (InputStream in = InstrumentsRoundTripTest.class.getResourceAsStream("/instruments-every-field.json")) {
            return JsonValues.MAPPER.readTree(in);
        }
    }

    @Test
    void shouldReadEveryFieldIntoTheTypedModel() throws IOException {
        Instruments in = ResultsReader.trial(everyField()).provenance().instruments();
        assertEquals(List.of("gcLog", "jfr", "asyncProfiler", "jfrSecond"), List.copyOf(in.instruments().keySet()));

        Instruments.Instrument log = in.instruments().get("gcLog");
        assertEquals(Instruments.Status.ON, log.status());
        assertEquals("G1", log.labels().get("collector"));
        assertEquals("logs/synthetic_temurin-25_default_fork1/jvm-gc.log", log.files().get("file"));
        assertEquals(68, log.figure("pauses"));
        assertEquals(33.688, log.figure("safepoints.timeToSafepointLongestMillis"));
        assertEquals(105.0, log.figure("heapAfterGcMiB.max"));

        Instruments.Instrument jfr = in.instruments().get("jfr");
        assertEquals(Map.of("settings", "profile", "cpuLoad.unit", "% of all CPUs"), jfr.labels());
        assertEquals(67, jfr.figure("gcPauses.pauses"));
        assertEquals(142, jfr.figure("jitCompilationsDuringMeasurement"));
        assertEquals(12.1, jfr.figure("cpuLoad.jvmMean"));
        assertTrue(Double.isNaN(jfr.figure("nothing")));

        Instruments.Instrument refused = in.instruments().get("asyncProfiler");
        assertEquals(Instruments.Status.REFUSED, refused.status());
        assertEquals("ap-loader has no async-profiler for FreeBSD/riscv64", refused.reason());
        assertTrue(refused.figures().isEmpty() && refused.files().isEmpty());
        Instruments.Instrument none = in.instruments().get("jfrSecond");
        assertEquals("no data", none.status().toString());
        assertEquals(Map.of("settings", "default"), none.labels());
        assertEquals(List.of(log, jfr), in.on());

        Instruments.Outliers o = in.outliers();
        assertEquals("jfr", o.source());
        assertEquals(3, o.samples());
        assertEquals(new Instruments.Outliers.Cause(1, 1, 225.567), o.gcPauses().get("G1 full pause"));
        assertEquals(1, o.partlyInGcPause());
        assertEquals(1, o.unexplained());
        assertEquals(List.of(new Instruments.Outliers.Sample(1, 504223787, "G1 full pause", 0.45, 225567133),
                new Instruments.Outliers.Sample(2, 480000000, "G1 full pause", 0.6, 225567133),
                Instruments.Outliers.Sample.unexplained(1, 451704777)), o.worst());
        assertFalse(o.worst().get(2).explained());
    }

    @Test
    void shouldWriteTheBlockInTheShapeItWasReadAndReadItBackEqual() throws IOException {
        JsonNode original = everyField();
        Trial once = ResultsReader.trial(original);
        JsonNode written = ResultsWriter.trial(once);
        assertTrue(original.path("instruments").equals(SAME_VALUE, written.path("instruments")),
                original.path("instruments") + "\nbecame\n" + written.path("instruments"));
        assertFalse(once.more().containsKey("instruments"), "the block is typed, not kept as a plain value");
        Trial twice = ResultsReader.trial(JsonValues.MAPPER.readTree(JsonValues.MAPPER.writeValueAsBytes(written)));
        assertEquals(once.provenance().instruments(), twice.provenance().instruments());
    }

    @Test
    void shouldWriteNoBlockForATrialWithoutOne() throws IOException {
        JsonNode t = ((com.fasterxml.jackson.databind.node.ObjectNode) everyField().deepCopy()).without("instruments");
        Trial trial = ResultsReader.trial(t);
        assertTrue(trial.provenance().instruments().isEmpty());
        assertNull(ResultsWriter.trial(trial).get("instruments"));
    }

    @Test
    void shouldReadAnUnknownStatusAsNoDataAndKeepTheRestOfTheTrial() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode t = everyField().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) t.path("instruments").path("jfr")).put("status", "maybe");
        Trial trial = ResultsReader.trial(t);
        Instruments.Instrument jfr = trial.provenance().instruments().instruments().get("jfr");
        assertEquals(Instruments.Status.NO_DATA, jfr.status());
        assertEquals("status 'maybe' not understood by this version", jfr.reason());
        assertEquals(67, jfr.figure("gcPauses.pauses"));
        assertEquals(Instruments.Status.ON, trial.provenance().instruments().instruments().get("gcLog").status());
        assertEquals("synthetic_temurin-25_default_fork1", trial.id());
    }

    @Test
    void shouldReadAMissingStatusAsNoData() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode t = everyField().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) t.path("instruments").path("jfr")).remove("status");
        Instruments.Instrument jfr = ResultsReader.trial(t).provenance().instruments().instruments().get("jfr");
        assertEquals(Instruments.Status.NO_DATA, jfr.status());
        assertEquals("no status, not understood by this version", jfr.reason());
    }

    @Test
    void shouldBuildWhatTheRunnerFillsIn() {
        Instruments.Instrument i = Instruments.Instrument.on("jfr", "JFR (profile)").label("settings", "profile")
                .figure("collections", 3).figure("allocationMiBPerSecond", Double.NaN).noData("recording unreadable: x").build();
        assertEquals(Instruments.Status.NO_DATA, i.status());
        assertEquals("recording unreadable: x", i.reason());
        assertEquals(Map.of("collections", 3.0), i.figures());
    }
}
