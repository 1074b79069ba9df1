package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * A fork's machine probe is written and read as the trial's {@code machineState} block, survives a failed trial's
 * figures being set aside, and gives the judge its level ({@link Trial#machineRoundTripNs()}) and whether it changed
 * ({@link Trial#machineChangedDuring()}); files that predate it read as "not observed".
 */
class MachineStateTest {
    private static MachineState.Reading reading(Double roundTripNs) {
        return new MachineState.Reading(roundTripNs, 1.1, "0,1", null, 6.5);
    }

    private static Trial trial(MachineState m, String status) {
        return new TrialBuilder("w/jdk/default/fork1", "w").fork(1)
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status(status, "ok".equals(status) ? null : "it failed")
                .metric("score", new Metric(5, "ops/s", true, new double[] {5}))
                .machineState(m)
                .build();
    }

    @Test
    void shouldWriteBothReadingsAndReadThemBack() {
        MachineState m = new MachineState(reading(133.0), reading(410.0));
        JsonNode n = ResultsWriter.trial(trial(m, "ok")).path("machineState");
        assertEquals(133.0, n.path("before").path("cacheLineRoundTripNs").asDouble());
        assertEquals(1.1, n.path("before").path("singleCoreNsPerOp").asDouble());
        assertEquals("0,1", n.path("after").path("cpus").asText());
        assertEquals(6.5, n.path("after").path("tookMs").asDouble());
        assertTrue(n.path("before").path("notApplicable").isMissingNode());
        Trial read = ResultsReader.trial(ResultsWriter.trial(trial(m, "ok")));
        assertEquals(m, read.outcome().machineState());
        assertEquals(ResultsWriter.trial(trial(m, "ok")), ResultsWriter.trial(read));
        assertEquals(m, TrialBuilder.from(read).build().outcome().machineState());
    }

    @Test
    void shouldKeepTheMemoryLatencyAndReadAReadingWithoutItAsNotMeasured() {
        MachineState m = new MachineState(new MachineState.Reading(133.0, 1.1, "0,1", null, 6.5, 104.25), reading(410.0));
        JsonNode n = ResultsWriter.trial(trial(m, "ok")).path("machineState");
        assertEquals(104.25, n.path("before").path("memoryLoadNs").asDouble());
        assertTrue(n.path("after").path("memoryLoadNs").isMissingNode());
        Trial read = ResultsReader.trial(ResultsWriter.trial(trial(m, "ok")));
        assertEquals(104.25, read.outcome().machineState().before().memoryLoadNs());
        assertEquals(null, read.outcome().machineState().after().memoryLoadNs());
    }

    @Test
    void shouldGiveTheMeanRoundTripAndSayWhenItChanged() {
        Trial changed = trial(new MachineState(reading(133.0), reading(410.0)), "ok");
        assertEquals(OptionalDouble.of(271.5), changed.machineRoundTripNs());
        assertTrue(changed.machineChangedDuring());
        assertEquals("cache-line round trip 133 → 410 ns", changed.outcome().machineState().change());

        Trial steady = trial(new MachineState(reading(115.5), reading(178.6)), "ok");
        assertFalse(steady.machineChangedDuring(), "178.6/115.5 = 1.55 was seen within one level (Intel Xeon, 2026-11-27)");
        assertEquals("", steady.outcome().machineState().change());
        assertTrue(trial(new MachineState(reading(410.0), reading(133.0)), "ok").machineChangedDuring(), "either way");
        assertTrue(trial(new MachineState(reading(100.0), reading(275.1)), "ok").machineChangedDuring());
        assertFalse(trial(new MachineState(reading(100.0), reading(275.0)), "ok").machineChangedDuring(), "more than 2.75");
        assertFalse(trial(new MachineState(reading(100.0), reading(171.0)), "ok").machineChangedDuring(),
                "1.71 was seen within one level (Intel Xeon, 2026-11-27)");
        assertTrue(trial(new MachineState(reading(68.5), reading(303.55)), "ok").machineChangedDuring(),
                "4.43, the narrowest change of level seen (AMD EPYC, 2026-11-28)");
    }

    @Test
    void shouldUseTheOneReadingThereIsAndNeverCallAMissingOneAChange() {
        Trial beforeOnly = trial(new MachineState(reading(140.0), null), "ok");
        assertEquals(OptionalDouble.of(140.0), beforeOnly.machineRoundTripNs());
        assertFalse(beforeOnly.machineChangedDuring());
        MachineState.Reading oneCpuReading = new MachineState.Reading(null, 1.2, "1", "no pair: the trial has one CPU (1)", 3.0);
        Trial oneCpu = trial(new MachineState(oneCpuReading, oneCpuReading), "ok");
        assertEquals(OptionalDouble.empty(), oneCpu.machineRoundTripNs());
        assertFalse(oneCpu.machineChangedDuring());
        JsonNode n = ResultsWriter.trial(oneCpu).path("machineState").path("before");
        assertEquals("no pair: the trial has one CPU (1)", n.path("notApplicable").asText());
        assertTrue(n.path("cacheLineRoundTripNs").isMissingNode());
    }

    @Test
    void shouldKeepTheProbeOfATrialWhoseFiguresAreSetAside() {
        MachineState m = new MachineState(reading(133.0), reading(135.0));
        Trial failed = trial(m, "failed").withFiguresSetAsideUnlessOk();
        assertEquals(m, failed.outcome().machineState());
    }

    @Test
    void shouldReadAFileThatPredatesTheBlockAsNotObserved() throws Exception {
        JsonNode old = JsonValues.MAPPER.readTree("{\"id\":\"w/jdk/default/fork1\",\"workload\":\"w\",\"status\":\"ok\","
                + "\"machine\":\"host-a\",\"jvm\":{\"version\":\"17\"}}");
        Trial t = ResultsReader.trial(old);
        assertTrue(t.outcome().machineState().isEmpty());
        assertEquals(OptionalDouble.empty(), t.machineRoundTripNs());
        assertFalse(t.machineChangedDuring());
        assertEquals("host-a", t.identity().machine());
        assertTrue(ResultsWriter.trial(t).path("machineState").isMissingNode());
    }
}
