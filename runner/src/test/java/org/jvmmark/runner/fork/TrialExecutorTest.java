package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** What of the child's result reaches {@code results.json}, and where. */
class TrialExecutorTest {
    private static final String CHILD = "{\"schema\":\"jvmmark/trial-result/1\",\"status\":\"ok\","
            + "\"metrics\":{\"coldReadGiBPerSecond\":{\"value\":1.5,\"unit\":\"GiB/s\",\"better\":\"higher\"}},"
            + "\"series\":{\"bursts\":{\"x\":{\"name\":\"writtenGiB\",\"unit\":\"GiB\",\"values\":[1]},"
            + "\"y\":[],\"markers\":[]}},\"info\":{},\"warnings\":[]}";

    private static ObjectNode record(String status) throws Exception {
        ObjectNode record = TrialExecutor.JSON.createObjectNode();
        record.put("status", status);
        TrialExecutor.copyResult(record, (ObjectNode) TrialExecutor.JSON.readTree(CHILD));
        TrialExecutor.setAsideUnlessOk(record);
        return record;
    }

    @Test
    void shouldCarryTheChildsSeriesIntoTheRecord() throws Exception {
        ObjectNode ok = record("ok");
        assertEquals(1, ok.path("series").path("bursts").path("x").path("values").get(0).asInt());
        assertEquals(1.5, ok.path("metrics").path("coldReadGiBPerSecond").path("value").asDouble());
    }

    @Test
    void shouldSetTheSeriesOfAFailedTrialAsideWithItsMetrics() throws Exception {
        ObjectNode failed = record("failed");
        assertFalse(failed.has("series") || failed.has("metrics"));
        assertEquals("writtenGiB", failed.path("discarded").path("series").path("bursts").path("x").path("name").asText());
    }
}
