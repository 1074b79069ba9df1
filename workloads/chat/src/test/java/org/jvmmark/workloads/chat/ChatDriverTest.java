package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.ValidationException;

class ChatDriverTest {

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldDeliverEveryMessageExactlyOnceToEveryOtherMember(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl)) {
            Map<String, Object> r = Drive.run(server.port(), "rooms=2", "users=5", "count=20", "warmupRounds=1", "rounds=2");
            // the measured rounds only: 2 of 3 rounds, each a third of the run's 3 × (200 sent + 800 received) messages
            double sent = Drive.metric(r, "messagesSent");
            double received = Drive.metric(r, "messagesReceived");
            assertEquals(2 * (200 + 800), sent + received);
            assertTrue(Math.abs(sent - 2 * 200) <= 2 * 5, "about 2 rounds' sends: " + sent);
            assertEquals((sent + received) / Drive.metric(r, "elapsed"), Drive.metric(r, "score"), 1e-6);
            assertEquals((long) received, ((Number) Drive.latency(r).get("count")).longValue(), "a delivery per message received");
            assertEquals(false, Drive.latency(r).get("coCorrected"));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldScoreTheMeasuredRoundsAndDiscardTheWarmUp() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("nio")) {
            Map<String, Object> r = Drive.run(server.port(), "rooms=2", "users=4", "count=10", "warmupRounds=2", "rounds=3");
            Map<String, Object> score = (Map<String, Object>) ((Map<String, Object>) r.get("metrics")).get("score");
            double[] samples = (double[]) score.get("samples");
            assertEquals(3, samples.length, "one score per measured round");
            for (double s : samples) {
                assertTrue(s > 0, score.toString());
            }
            Map<String, Object> info = (Map<String, Object>) r.get("info");
            assertEquals(2, ((List<?>) info.get("warmupScores")).size(), "the warm-up rounds' scores are kept, not scored");
            assertEquals(3, ((List<?>) Drive.latency(r).get("runs")).size(), "one latency run per measured round");
            // 3 measured rounds, each a fifth of 2 rooms × 4 users × 50 messages, each sent once and delivered to 3 others
            assertEquals(3 * 2 * 4 * 10 * (1 + 3), Drive.metric(r, "messagesSent") + Drive.metric(r, "messagesReceived"));
            assertEquals((long) Drive.metric(r, "messagesReceived"), ((Number) Drive.latency(r).get("count")).longValue());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldMeasureWhatAnIdleConnectionCostsTheServer(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl)) {
            Map<String, Object> r = Drive.run(server.port(), "mode=capacity", "connections=200");
            assertEquals(200, Drive.metric(r, "connections"));
            assertTrue(Drive.metric(r, "serverHeapPerConnection") > 0, "a held connection keeps heap alive");
            assertTrue(Double.isFinite(Drive.metric(r, "serverRssPerConnection")));
            assertEquals(impl.equals("platform") ? 2.0 : 0.0, Drive.metric(r, "serverThreadsPerConnection"), 0.05,
                    "platform threads: a reader and a writer per connection; virtual threads are not counted");
        }
    }

    @Test
    void shouldMeasureFromTheScheduleWhenUsersPause() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("nio")) {
            Map<String, Object> r = Drive.run(server.port(), "rooms=2", "users=3", "count=5", "pause=20", "warmupRounds=0", "rounds=1");
            assertEquals(2 * 3 * 5 * 2, Drive.metric(r, "messagesReceived"));
            assertEquals(true, Drive.latency(r).get("coCorrected"));
            assertEquals(2 * 3 * 1000 / 20.0, ((Number) Drive.latency(r).get("targetRate")).doubleValue(), 1e-9);
        }
    }

    @Test
    void shouldFailValidationWhenAMessageArrivesTwice() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("nio");
             FaultyRelay relay = new FaultyRelay(server.port(), FaultyRelay.Fault.DUPLICATE)) {
            ValidationException e = assertThrows(ValidationException.class,
                    () -> Drive.run(relay.port(), "rooms=2", "users=3", "count=5"));
            assertTrue(e.getMessage().contains("duplicated"), e.getMessage());
        }
    }

    @Test
    void shouldFailValidationWhenAMessageIsLost() throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start("nio");
             FaultyRelay relay = new FaultyRelay(server.port(), FaultyRelay.Fault.DROP)) {
            ValidationException e = assertThrows(ValidationException.class,
                    () -> Drive.run(relay.port(), "rooms=2", "users=3", "count=5", "stallSeconds=1"));
            assertTrue(e.getMessage().contains("lost") || e.getMessage().contains("stalled"), e.getMessage());
        }
    }

    @Test
    void shouldNameUlimitWhenAskedForMoreConnectionsThanFilesAllowed() throws Exception {
        long limit = Footprint.currentOpenFileLimit();
        assumeTrue(limit > 0 && limit < 5_000_000, "open-file limit unknown or huge");
        try (ServerUnderTest server = ServerUnderTest.start("nio")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Drive.run(server.port(), "mode=capacity", "connections=5000000"));
            assertTrue(e.getMessage().contains("ulimit -n"), e.getMessage());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldRecordNoFootprintMetricTheServerDidNotReport() {
        DriverConfig config = DriverConfig.from(ChatDriverMain.params(new String[] {"server.port=1", "mode=capacity"}));
        Map<String, Long> before = Map.of("rssBytes", 50_000_000L, "threads", 10L);
        Map<String, Long> after = Map.of("rssBytes", 60_000_000L, "threads", 210L, "heapUsedBytes", -1L);
        TrialResult result = new TrialResult();
        ChatDriver.recordCapacity(result, config, new CapacityRun.Result(100, 1_000_000_000L, before, after));
        Map<String, Object> metrics = (Map<String, Object>) result.toMap().get("metrics");
        assertEquals(100_000.0, ((Map<String, Object>) metrics.get("serverRssPerConnection")).get("value"));
        assertEquals(60_000_000.0, ((Map<String, Object>) metrics.get("serverRssHeld")).get("value"));
        assertFalse(metrics.containsKey("serverHeapHeld"), "a missing figure must not rank as the smallest");
        assertFalse(metrics.containsKey("serverHeapPerConnection"), metrics.toString());
        assertEquals(List.of("the server's FOOTPRINT answer lacked some figures; not measured: serverHeapPerConnection, serverHeapHeld"),
                result.toMap().get("warnings"));
    }

    @Test
    void shouldSayWhichParameterIsMissingOrWrong() {
        IllegalArgumentException noPort = assertThrows(IllegalArgumentException.class,
                () -> DriverConfig.from(Map.of("rooms", "1", "users", "2")));
        assertTrue(noPort.getMessage().contains("server.port"), noPort.getMessage());
        IllegalArgumentException oneUser = assertThrows(IllegalArgumentException.class,
                () -> DriverConfig.from(ChatDriverMain.params(new String[] {"server.port=1", "users=1"})));
        assertEquals("chat driver: users must be between 2 and 10000, not 1", oneUser.getMessage());
    }
}
