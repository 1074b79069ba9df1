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

    private static LoadEngine engine(ScriptedServer server, int connections, long responseTimeoutMillis) throws Exception {
        LoadEngine e = new LoadEngine(server.address(), List.of(InetAddress.getLoopbackAddress()), connections, 1,
                Handlers.BODY_BYTES, responseTimeoutMillis * MS);
        assertEquals(connections, e.connect(10_000 * MS));
        return e;
    }

    /** Runs the current load to the end of its window and gives up what is left after {@code drainMillis}. */
    private static void runToEnd(LoadEngine engine, long drainMillis) throws Exception {
        long wait = engine.windowEndNanos() - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / MS + 1);
        }
        engine.finish(drainMillis * MS);
    }

    private static String describe(Outcomes o, Histogram corrected) {
        return "answered " + o.answered.sum() + ", failed " + o.failed.describe() + ", corrected count " + corrected.getTotalCount()
                + ", max " + corrected.getMaxValue() / MS + " ms";
    }

    @Test
    void shouldEndEveryScheduledRequestOfTheWindowExactlyOnce() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0);
             LoadEngine engine = engine(server, 4, 10_000)) {
            Outcomes o = engine.startRate("/hello", 2000, 300 * MS, 1000 * MS, 0);
            runToEnd(engine, 5_000);
            Histogram corrected = engine.corrected.interval();
            assertNull(engine.failure());
            assertEquals(2000, o.scheduled, "rate × seconds");
            assertEquals(2000, o.answered.sum(), describe(o, corrected));
            assertEquals(0, o.failed.total(), describe(o, corrected));
            assertEquals(2000, corrected.getTotalCount(), "every measured request recorded once");
            assertEquals(2600, server.requests(), "warm-up 600 + measured 2,000, nothing after the schedule");
            assertTrue(o.sendLag.interval().getTotalCount() > 0, "the driver's own send lag is recorded");
        }
    }

    /**
     * Rate mode parks between sends: at 2,000 requests/s over 20 connections the I/O thread and its
     * sender use a small share of a CPU (spinning would take one each), every request goes out on
     * time by the sender (send lag recorded for each, its median well under a millisecond), and the
     * corrected latency is never below the latency from the actual send.
     */
    @Test
    void shouldSendOnTimeWithoutSpinning() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0);
             LoadEngine engine = engine(server, 20, 10_000)) {
            Outcomes o = engine.startRate("/hello", 2000, 200 * MS, 1000 * MS, 0);
            long cpu0 = engine.ioCpuNanos();
            long wall0 = System.nanoTime();
            runToEnd(engine, 5_000);
            double busy = (engine.ioCpuNanos() - cpu0) / (double) (System.nanoTime() - wall0);
            Histogram lag = o.sendLag.interval();
            Histogram corrected = engine.corrected.interval();
            Histogram uncorrected = engine.uncorrected.interval();
            assertEquals(2000, o.answered.sum(), describe(o, corrected));
            assertTrue(busy < 0.5, "the I/O thread and its sender used " + busy + " of a CPU");
            assertTrue(lag.getTotalCount() >= 1900, "sent when due by the sender: " + lag.getTotalCount());
            assertTrue(lag.getValueAtPercentile(50) < 2 * MS, "median send lag " + lag.getValueAtPercentile(50) + " ns");
            assertTrue(corrected.getValueAtPercentile(50) >= uncorrected.getValueAtPercentile(50), "corrected ≥ uncorrected");
        }
    }

    /**
     * A server that pauses 300 ms once, driven at 1,000 requests/s on one connection: the requests
     * that were due during the pause are sent late, and their latency from the due time fills the
     * histogram from 300 ms down, while from the actual send only the stalled request is long —
     * what a closed-loop tool would report.
     */
    @Test
    void shouldBackFillAStallInRateModeAndShowOneLongSampleUncorrected() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 50, 300);
             LoadEngine engine = engine(server, 1, 10_000)) {
            Outcomes o = engine.startRate("/hello", 1000, 0, 1200 * MS, 0);
            runToEnd(engine, 5_000);
            assertNull(engine.failure());
            Histogram corrected = engine.corrected.interval();
            Histogram uncorrected = engine.uncorrected.interval();
            assertEquals(1, uncorrected.getCountBetweenValues(250 * MS, Long.MAX_VALUE), "one long sample from the actual send");
            assertTrue(corrected.getMaxValue() >= 290 * MS, "the stalled request waited the whole stall: " + corrected.getMaxValue());
            assertTrue(corrected.getCountBetweenValues(100 * MS, Long.MAX_VALUE) >= 150,
                    "the requests due during the stall count from their due time: " + describe(o, corrected));
            assertEquals(1200, o.answered.sum(), describe(o, corrected));
        }
    }

    /**
     * The stall outlasts the schedule: request 700 of 1,000 is answered only after 2 s, and the run
     * gives up 300 ms after the schedule ends. The 300 requests never sent and the one unanswered
     * are counted and recorded at (give-up − due), so nothing vanishes from the percentiles.
     */
    @Test
    void shouldCountUnsentAndUnansweredRequestsWhenTheRunEndsInAStall() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 700, 2_000);
             LoadEngine engine = engine(server, 1, 10_000)) {
            Outcomes o = engine.startRate("/hello", 1000, 0, 1000 * MS, 0);
            runToEnd(engine, 300);
            Histogram corrected = engine.corrected.interval();
            String d = describe(o, corrected);
            assertEquals(699, o.answered.sum(), d);
            assertEquals(1, o.failed.count(ErrorCounts.UNANSWERED_AT_END), d);
            assertEquals(300, o.failed.count(ErrorCounts.NOT_SENT), d);
            assertEquals(1000, o.total(), d);
            assertEquals(1000, corrected.getTotalCount(), d);
            assertTrue(corrected.getMaxValue() >= 550 * MS, "the unanswered request counts until the give-up: " + d);
            assertTrue(corrected.getCountBetweenValues(250 * MS, Long.MAX_VALUE) >= 250, d);
        }
    }

    @Test
    void shouldCountConnectionsTheServerClosesMidRunAndGoOn() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0);
             LoadEngine engine = engine(server, 2, 10_000)) {
            server.closeAt = 400;
            Outcomes o = engine.startRate("/hello", 1000, 0, 1000 * MS, 0);
            runToEnd(engine, 5_000);
            String d = describe(o, engine.corrected.interval());
            assertNull(engine.failure());
            assertEquals(2, o.failed.count(ErrorCounts.CLOSED), "requests 400 and 800 were not answered: " + d);
            assertEquals(998, o.answered.sum(), d);
            assertEquals(1000, o.total(), d);
            assertEquals(2, engine.open(), "both connections opened again");
        }
    }

    /**
     * The server drops every connection at request 200 and refuses connections for 300 ms: the
     * reconnects fail, are retried with back-off, and the connections' share of the schedule is sent
     * late once they are back — nothing vanishes.
     */
    @Test
    void shouldRetryAFailedReconnectAndKeepTheConnectionsShareOfTheLoad() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0);
             LoadEngine engine = engine(server, 2, 10_000)) {
            server.outageAt = 200;
            server.outageMillis = 300;
            Outcomes o = engine.startRate("/hello", 500, 0, 1500 * MS, 0);
            runToEnd(engine, 5_000);
            Histogram corrected = engine.corrected.interval();
            String d = describe(o, corrected) + "; engine errors " + engine.errors.describe();
            assertNull(engine.failure());
            assertEquals(750, o.total(), d);
            assertTrue(engine.errors.count(ErrorCounts.REFUSED) >= 1, "reconnects were refused during the outage: " + d);
            assertTrue(o.answered.sum() >= 740, "after the outage the late requests were sent and answered: " + d);
            assertTrue(corrected.getMaxValue() >= 250 * MS, "the requests due in the outage waited for it: " + d);
            assertEquals(2, engine.open(), d);
        }
    }

    @Test
    void shouldNotTimeOutTheSleepingHandlerWhenTheSleepIsLongerThanTheTimeout() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0)) {
            server.sleepMillis = 300;
            long extra = LoadPhases.extraTimeoutNanos("/sleep", "/sleep", 300 * MS);
            assertEquals(300 * MS, extra);
            try (LoadEngine engine = engine(server, 4, 200)) {
                Outcomes o = engine.startMax("/sleep", 0, 1000 * MS, extra, 300 * MS);
                runToEnd(engine, 1_000);
                assertEquals(0, o.failed.total(), describe(o, engine.corrected.interval()));
                assertTrue(o.answered.sum() >= 8, "four connections, 300 ms each, over 1 s: " + o.answered.sum());
            }
            try (LoadEngine engine = engine(server, 4, 200)) {
                Outcomes o = engine.startMax("/sleep", 0, 1000 * MS, 0, 0);
                runToEnd(engine, 1_000);
                assertTrue(o.failed.count(ErrorCounts.TIMEOUT) >= 4, "without the sleep added they time out: " + o.failed.describe());
            }
        }
    }

    @Test
    void shouldCountAnswersOtherThan200WithoutStopping() throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0);
             LoadEngine engine = engine(server, 2, 10_000)) {
            server.status = 503;
            Outcomes o = engine.startRate("/hello", 500, 0, 500 * MS, 0);
            runToEnd(engine, 5_000);
            assertNull(engine.failure());
            assertEquals(250, o.failed.count(ErrorCounts.status(503)), o.failed.describe());
            assertEquals(0, o.answered.sum());
        }
    }

    @Test
    void shouldFailOnAResponseWithAWrongBody() throws Exception {
        try (ScriptedServer server = new ScriptedServer("Hello, World?", 0, 0);
             LoadEngine engine = engine(server, 2, 10_000)) {
            engine.startMax("/hello", 0, 5_000 * MS, 0, 0);
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
