package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fork's disturbance is written and read as a typed block; files that predate it read as "not measured". */
class DisturbanceRoundTripTest {
    private static Trial trial(Disturbance d) {
        return new TrialBuilder("w/jdk/default/fork2", "w").fork(2)
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status("ok", null)
                .process(new ProcessFacts(1L << 20, 9.8, 12.1, 0).withDisturbance(d))
                .build();
    }

    @Test
    void shouldWriteTheFiguresTheFlagAndTheRerunLink() {
        Disturbance d = Disturbance.judged(9.8, 18.7, 0.2, 2.31, 0.25).withRerunAs(4);
        JsonNode n = ResultsWriter.trial(trial(d)).path("process").path("disturbance");
        assertTrue(n.path("disturbed").asBoolean());
        assertEquals(18.7, n.path("otherCpuSeconds").asDouble());
        assertEquals(1.908, n.path("otherCpus").asDouble());
        assertEquals(0.2, n.path("stealSeconds").asDouble());
        assertEquals(2.31, n.path("loadAverage").asDouble());
        assertEquals(0.25, n.path("thresholdCpus").asDouble());
        assertEquals(4, n.path("rerunAs").asInt());
        assertEquals("other processes used 1.91 CPUs on average during its 9.8 s window, 0.2 CPU s of it stolen by the "
                + "hypervisor (more than 0.25)", n.path("reason").asText());
        Trial read = ResultsReader.trial(ResultsWriter.trial(trial(d)));
        assertEquals(d, read.outcome().process().disturbance());
        assertTrue(read.disturbed());
        assertEquals(ResultsWriter.trial(trial(d)), ResultsWriter.trial(read));
    }

    @Test
    void shouldKeepAQuietForkUnmarked() {
        Disturbance quiet = Disturbance.judged(10, 0.12, 0, 0.4, 0.25);
        Trial read = ResultsReader.trial(ResultsWriter.trial(trial(quiet)));
        assertFalse(read.disturbed());
        assertNull(read.outcome().process().disturbance().reason());
        assertFalse(ResultsWriter.trial(read).path("process").path("disturbance").path("disturbed").asBoolean(true));
    }

    @Test
    void shouldKeepTheRunnersOwnCpuTimeAsContextOnly() {
        Disturbance d = Disturbance.judged(7.2, 0.05, 0, 1.9, 0.25, 0.4123);
        JsonNode n = ResultsWriter.trial(trial(d)).path("process").path("disturbance");
        assertEquals(0.412, n.path("runnerCpuSeconds").asDouble());
        assertFalse(n.path("disturbed").asBoolean(true));
        assertEquals(d, ResultsReader.trial(ResultsWriter.trial(trial(d))).outcome().process().disturbance());
        assertTrue(ResultsWriter.trial(trial(Disturbance.judged(7.2, 0.05, 0, 1.9, 0.25))).path("process")
                .path("disturbance").path("runnerCpuSeconds").isMissingNode());
    }

    @Test
    void shouldReadAFileThatPredatesTheBlockAsNotMeasured() throws Exception {
        JsonNode old = JsonValues.MAPPER.readTree("{\"id\":\"w/jdk/default/fork1\",\"workload\":\"w\",\"status\":\"ok\","
                + "\"jvm\":{\"version\":\"17\"},\"process\":{\"pid\":1,\"peakRssBytes\":5,\"wallSeconds\":1.5,"
                + "\"cpuSeconds\":1,\"exitCode\":0}}");
        Trial t = ResultsReader.trial(old);
        assertNull(t.outcome().process().disturbance());
        assertFalse(t.disturbed());
        assertTrue(ResultsWriter.trial(t).path("process").path("disturbance").isMissingNode());
    }
}
