package org.jvmmark.workloads.http.helidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.jvmmark.testkit.ForkedMain;
import org.jvmmark.testkit.Jdks;

/**
 * The helidon server answers exactly as every other server under test does (status, content-type,
 * content-length, connection header, body; 404 elsewhere), and its sleeping handler runs on a
 * virtual thread exactly when the variant says so. Run in a JDK 25 JVM ({@code ServerProbe}),
 * since the build's JDK 17 has no virtual threads.
 */
class HelidonServerTest {
    private static final String PROBE = "org.jvmmark.workloads.http.server.ServerProbe";

    /**
     * What every server must answer; the same text in every server module's test, except that
     * Helidon adds {@code Connection: keep-alive} to every HTTP/1.1 answer itself (HTTP/1.1's default,
     * so it changes nothing for the driver).
     */
    static String expected(boolean virtual) {
        String ok = " -> 200 content-type=text/plain content-length=13 connection=keep-alive body=Hello, World!\n";
        return "GET /hello" + ok + "GET /sleep" + ok + "GET /nope -> 404\n" + "sleep handler on a virtual thread: " + virtual + "\n";
    }

    @Test
    void shouldAnswerLikeEveryServerAndRunTheSleepingHandlerOnAVirtualThreadWithVirtualThreads() throws Exception {
        assertEquals(expected(true), ForkedMain.run(Jdks.required(25), PROBE, 120, "helidon", "virtual"));
    }
}
