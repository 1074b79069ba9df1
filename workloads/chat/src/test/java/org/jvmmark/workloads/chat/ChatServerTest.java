package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChatServerTest {

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldRelayChannelMessagesToTheOtherMembersOnly(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl);
             RawClient alice = RawClient.registered(server.port(), "alice");
             RawClient bob = RawClient.registered(server.port(), "bob");
             RawClient carol = RawClient.registered(server.port(), "carol")) {
            alice.join("#room");
            bob.join("#room");
            alice.expect(":bob!bob@127.0.0.1 JOIN #room");
            carol.join("#other");

            alice.send("PRIVMSG #room :hello, bob");
            assertEquals(":alice!alice@127.0.0.1 PRIVMSG #room :hello, bob", bob.expect("PRIVMSG"));
            alice.expectNothingBeforePong(l -> l.contains("PRIVMSG"), "echo of her own message");
            carol.expectNothingBeforePong(l -> l.contains("PRIVMSG"), "message from a room carol is not in");

            bob.send("PRIVMSG alice :just you");
            assertEquals(":bob!bob@127.0.0.1 PRIVMSG alice :just you", alice.expect("PRIVMSG"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldAnswerMistakesWithTheRfcNumerics(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl);
             RawClient first = RawClient.registered(server.port(), "taken");
             RawClient c = RawClient.connect(server.port())) {
            c.send("JOIN #early");
            c.expect(" 451 * :You have not registered");
            c.send("NICK Taken");
            c.expect(" 433 * Taken :Nickname is already in use");
            c.send("NICK 1bad");
            c.expect(" 432 * 1bad ");
            c.send("NICK");
            c.expect(" 431 ");
            c.send("NICK fresh", "USER fresh");
            c.expect(" 461 fresh USER :Not enough parameters");
            c.send("USER fresh 0 * :Fresh User");
            c.expect(" 001 fresh ");
            c.send("FROBNICATE now");
            c.expect(" 421 fresh FROBNICATE :Unknown command");
            c.send("JOIN");
            c.expect(" 461 fresh JOIN ");
            c.send("PRIVMSG #nowhere :anyone?");
            c.expect(" 401 fresh #nowhere ");
            c.send("PRIVMSG");
            c.expect(" 411 ");
            c.send("PRIVMSG taken");
            c.expect(" 412 ");
            c.send("PING :token-1");
            assertTrue(c.expect("PONG").endsWith(":token-1"));
            c.send("PRIVMSG Taken :nick targets fold case too");
            first.expect(":fresh!fresh@127.0.0.1 PRIVMSG taken :nick targets fold case too");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual", "nio"})
    void shouldTellTheRoomWhenSomeoneQuitsAndFreeTheNick(String impl) throws Exception {
        try (ServerUnderTest server = ServerUnderTest.start(impl);
             RawClient stays = RawClient.registered(server.port(), "stays")) {
            stays.join("#room");
            RawClient leaves = RawClient.registered(server.port(), "leaves");
            leaves.join("#room");
            leaves.send("QUIT :bye now");
            leaves.expect("ERROR :Closing Link");
            assertTrue(leaves.drainUntilClosed(Duration.ofSeconds(10)), "the server closes the connection after QUIT");
            leaves.close();
            assertEquals(":leaves!leaves@127.0.0.1 QUIT :Quit: bye now", stays.expect(" QUIT "));
            try (RawClient again = RawClient.registered(server.port(), "leaves")) {
                again.join("#room");
            }
        }
    }
}
