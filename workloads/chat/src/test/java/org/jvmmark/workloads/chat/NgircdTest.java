package org.jvmmark.workloads.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver against Debian's ngircd: proof that it drives a server we did not write. */
class NgircdTest {

    @Test
    void shouldDriveTwoHundredUsersThroughNgircd(@TempDir Path dir) throws Exception {
        try (NgircdServer ngircd = NgircdServer.start(dir)) {
            // One round, nothing discarded: every message sent and delivered is counted.
            Map<String, Object> r = Drive.run(ngircd.port(), "rooms=10", "users=20", "count=1", "warmupRounds=0", "rounds=1");
            assertEquals(200, Drive.metric(r, "messagesSent"));
            assertEquals(10 * 20 * 19, Drive.metric(r, "messagesReceived"));
            assertTrue(Drive.metric(r, "score") > 0);
        }
    }

    @Test
    void shouldCountIdleConnectionsWithoutFootprintOnNgircd(@TempDir Path dir) throws Exception {
        try (NgircdServer ngircd = NgircdServer.start(dir)) {
            Map<String, Object> r = Drive.run(ngircd.port(), "mode=capacity", "connections=50");
            assertEquals(50, Drive.metric(r, "connections"));
            assertEquals(List.of("the server does not answer FOOTPRINT: its memory per connection was not measured"), r.get("warnings"));
        }
    }
}
