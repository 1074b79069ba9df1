package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.jvmmark.workloads.http.common.Handlers;

class LoadEngineTest {
    private static final long MS = 1_000_000L;

    private static LoadEngine engine(ScriptedServer server, int connections) throws Exception {
        LoadEngine e = new LoadEngine(server.address(), List.of(InetAddress.getLoopbackAddress()), connections, 1,
                Handlers.BODY_BYTES, 10_000 * MS);
        assertEquals(connections, e.connect(10_000 * MS));
        return e;
    }

    /**
     * A server that pauses S ms once, driven at 1,000 requests/s on one connection: the requests
     * that were due during the pause are sent late, and their latency from the due time fills the
     * histogram from S down to 0 (about S samples of 1 ms spacing), while from the actual send only
     * the one stalled request is long — what a closed-loop tool would report.
     */
    @Test
    void shouldBackFillAStallInRateModeAndShowOneLongSampleUncorrected() throws Exception {
        long stallMillis = 300;
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 50, stallMillis);
             LoadEngine engine = engine(server, 1)) {
            engine.startRecording();
            engine.start(LoadEngine.Load.RATE, "/hello", 1000, 0);
            Thread.sleep(1200);
            engine.stop(5_000 * MS);
            assertNull(engine.failure());
            Histogram corrected = engine.corrected.getIntervalHistogram();
            Histogram uncorrected = engine.uncorrected.getIntervalHistogram();
            long longUncorrected = uncorrected.getCountBetweenValues(250 * MS, Long.MAX_VALUE);
            String counts = "corrected " + corrected.getTotalCount() + " max " + corrected.getMaxValue() + ", uncorrected max " + uncorrected.getMaxValue();
            assertEquals(1, longUncorrected, "one long sample from the actual send; " + counts);
            assertTrue(corrected.getMaxValue() >= 290 * MS, "the stalled request waited the whole stall: " + corrected.getMaxValue());
            long backFilled = corrected.getCountBetweenValues(100 * MS, Long.MAX_VALUE);
            assertTrue(backFilled >= 150, "the requests due during the stall count from their due time: " + backFilled);
            assertTrue(corrected.getTotalCount() >= 600, "about 1,200 requests at 1,000/s: " + corrected.getTotalCount());
        }
    }

    @Test
    void shouldFailOnAResponseWithAWrongBody() throws Exception {
        try (ScriptedServer server = new ScriptedServer("Hello, World?", 0, 0);
             LoadEngine engine = engine(server, 2)) {
            engine.start(LoadEngine.Load.MAX, "/hello", 0, 0);
            long deadline = System.nanoTime() + 5_000 * MS;
            while (engine.failure() == null && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertNotNull(engine.failure(), "a wrong body must fail the run");
            assertEquals("GET /hello answered 200 with a 13-byte body 'Hello, World?' (expected 200 with the 13-byte body 'Hello, World!')",
                    engine.failure());
        }
    }

    @Test
    void shouldCountRefusedConnectionsByName() throws Exception {
        ScriptedServer closed = new ScriptedServer(Handlers.BODY, 0, 0);
        closed.close();
        try (LoadEngine engine = new LoadEngine(closed.address(), List.of(InetAddress.getLoopbackAddress()), 3, 1,
                Handlers.BODY_BYTES, 1_000 * MS)) {
            assertEquals(0, engine.connect(5_000 * MS));
            assertEquals("3 connections refused (nothing listening, or the accept backlog full)", engine.errors.describe());
        }
    }
}
