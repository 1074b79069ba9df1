package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Clients that misbehave must not take the server down, nor stop it serving everyone else, nor make
 * it hold without bound what they ask for: lines queued for a client that does not read
 * ({@code maxQueuedLines}) and channels joined by one connection ({@link ServerConfig#DEFAULT_MAX_CHANNELS}).
 */
class ChatServerRobustnessTest {

    /** Two fresh users can still talk. */
    private static void assertStillServing(ServerUnderTest server, String tag) throws Exception {
        try (RawClient a = RawClient.registered(server.port(), tag + "a");
             RawClient b = RawClient.registered(server.port(), tag + "b")) {
            a.join("#check" + tag);
            b.join("#check" + tag);
            a.send("PRIVMSG #check" + tag + " :still here");
            b.expect("PRIVMSG #check" + tag + " :still here");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldSurviveGarbageBytes(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl);
             RawClient garbage = RawClient.connect(server.port())) {
            byte[] noise = new byte[20_000];
            new Random(42).nextBytes(noise);
            garbage.raw(noise);
            garbage.raw(new byte[] {0, (byte) 0xff, (byte) 0xfe, '\r', '\n', ':', '\r', '\n', ' ', ' ', '\n'});
            garbage.send("PING :alive");
            garbage.expect(":alive");
            assertStillServing(server, "g");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldDropA64KiBLineAndKeepTheConnection(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl)) {
            RawClient big = RawClient.registered(server.port(), "big");
            byte[] line = new byte[64 * 1024];
            Arrays.fill(line, (byte) 'A');
            System.arraycopy("PRIVMSG big :".getBytes(StandardCharsets.US_ASCII), 0, line, 0, 13);
            big.raw(line);
            assertStillServing(server, "l");
            big.send("", "PING :after");
            assertTrue(big.expect("PONG").endsWith(":after"));
            big.expectNothingBeforePong(l -> l.contains("AAAA"), "part of the oversize line");
            big.close();
            if (server.stats().isPresent()) {
                ServerStats stats = server.stats().get();
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (stats.oversizeLines() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertEquals(1, stats.oversizeLines(), "dropped lines are counted when their connection closes");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldSurviveHalfOpenConnections(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl);
             RawClient silent = RawClient.connect(server.port());
             RawClient partial = RawClient.connect(server.port());
             RawClient halfClosed = RawClient.registered(server.port(), "half")) {
            partial.raw("NICK partial\r\nUSER partial 0 * :never fini".getBytes(StandardCharsets.US_ASCII));
            halfClosed.join("#half");
            halfClosed.socket().shutdownOutput();
            assertTrue(halfClosed.drainUntilClosed(Duration.ofSeconds(10)), "a client that half-closes is closed");
            assertStillServing(server, "h");
            silent.send("PING :late");
            silent.expect(":late");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldDisconnectAClientThatNeverReads(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl, 50);
             RawClient sleeper = RawClient.connectSmallBuffer(server.port());
             RawClient talker = RawClient.registered(server.port(), "talker")) {
            sleeper.send("NICK sleeper", "USER sleeper 0 * :never reads");
            sleeper.send("JOIN #flood");
            talker.join("#flood");
            if (!talker.transcript.toString().contains("sleeper")) {
                talker.expect(":sleeper!sleeper@127.0.0.1 JOIN #flood");
            }
            String text = "x".repeat(400);
            StringBuilder burst = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                burst.append("PRIVMSG #flood :").append(i).append(text).append("\r\n");
            }
            byte[] bytes = burst.toString().getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 300; i++) {  // 12 MB: past any socket buffer, then past the 50-line queue
                talker.raw(bytes);
            }
            talker.expect(":sleeper!sleeper@127.0.0.1 QUIT ");
            assertStillServing(server, "s");
            assertTrue(sleeper.drainUntilClosed(Duration.ofSeconds(20)), "the server dropped the client that did not read");
            server.stats().ifPresent(s -> assertEquals(1, s.slowClientsDropped()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldRefuseAClientJoiningChannelsWithoutLimit(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl);
             RawClient greedy = RawClient.registered(server.port(), "greedy")) {
            int max = ServerConfig.DEFAULT_MAX_CHANNELS;
            assertTrue(greedy.expect(" 005 ").contains(" CHANLIMIT=#&:" + max + " "), "the limit is advertised");
            StringBuilder all = new StringBuilder("JOIN ");
            for (int i = 0; i < 4 * max; i++) {
                all.append(i == 0 ? "" : ",").append("#room").append(i);
            }
            greedy.send(all.toString());
            assertTrue(greedy.expect(" 405 ").contains("#room" + max + " :You have joined too many channels"));
            greedy.expectNothingBeforePong(l -> l.contains(" JOIN #room" + (max + 1)), "a JOIN past the limit");
            greedy.send("PART #room0", "JOIN #other");
            greedy.expect(" JOIN #other");
            assertStillServing(server, "c");
        }
    }
}
