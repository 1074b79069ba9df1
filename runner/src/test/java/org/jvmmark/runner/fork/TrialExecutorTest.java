package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.ChildResult;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.ResultsWriter;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;

/** What of the child's result reaches the trial, and where. */
class TrialExecutorTest {
    private static final String CHILD = "{\"schema\":\"jvmmark/trial-result/1\",\"status\":\"ok\","
            + "\"metrics\":{\"coldReadGiBPerSecond\":{\"value\":1.5,\"unit\":\"GiB/s\",\"better\":\"higher\"}},"
            + "\"series\":{\"bursts\":{\"x\":{\"name\":\"writtenGiB\",\"unit\":\"GiB\",\"values\":[1]},"
            + "\"y\":[],\"markers\":[]}},\"info\":{},\"warnings\":[]}";

    private static Trial trial(String status) throws Exception {
        ChildResult child = ResultsReader.child(TrialExecutor.JSON.readTree(CHILD));
        TrialBuilder record = new TrialBuilder("w/jdk/default/fork1", "w")
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status(status, status.equals("ok") ? null : "validation failed")
                .process(new ProcessFacts(1L, 1, 1.0, 0));
        TrialExecutor.said(record, child, child.measured());
        TrialExecutor.setAsideUnlessOk(record);
        return record.build();
    }

    @Test
    void shouldCarryTheChildsSeriesIntoTheRecord() throws Exception {
        Trial ok = trial("ok");
        assertEquals(1, ok.measured().series().get("bursts").x().values()[0]);
        assertEquals(1.5, ok.measured().metrics().get("coldReadGiBPerSecond").value());
    }

    @Test
    void shouldSetTheSeriesOfAFailedTrialAsideWithItsMetrics() throws Exception {
        Trial failed = trial("failed");
        assertTrue(failed.measured().series().isEmpty() && failed.measured().metrics().isEmpty());
        assertEquals("writtenGiB", failed.outcome().discarded().series().get("bursts").x().name());
        assertEquals(1.5, failed.outcome().discarded().metrics().get("coldReadGiBPerSecond").value());
    }

    @Test
    void shouldBuildATrialThatReadsBackEqualFromTheFile() throws Exception {
        for (String status : List.of("ok", "failed")) {
            Trial built = trial(status);
            Trial read = ResultsReader.trial(ResultsWriter.trial(built));
            assertEquals(ResultsWriter.trial(built), ResultsWriter.trial(read), status);
        }
    }

    @Test
    void shouldKeepWhatTheRunnerCouldNotSeeOfAProcessNullInTheRecordAndTheFile() throws Exception {
        ProcessFacts facts = TrialExecutor.processFacts(new ProcessOutcome(42, 0, 1.5, null, null, false, false, null), null);
        assertNull(facts.peakRssBytes());
        assertNull(facts.cpuSeconds());
        Trial t = new TrialBuilder("w/jdk/default/fork1", "w").jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of()))
                .status("ok", null).process(facts).build();

        JsonNode written = ResultsWriter.trial(t).path("process");
        assertTrue(written.get("peakRssBytes").isNull() && written.get("cpuSeconds").isNull(), written.toString());
        assertEquals(1.5, written.get("wallSeconds").asDouble());
        ProcessFacts read = ResultsReader.trial(ResultsWriter.trial(t)).outcome().process();
        assertNull(read.peakRssBytes());
        assertNull(read.cpuSeconds());
        assertEquals(42L, read.pid());
    }
}
