package org.jvmmark.workloads.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.jvmmark.testkit.ForkedMain;
import org.jvmmark.testkit.Jdks;

/**
 * The jdk server answers exactly as every other server under test does (status, content-type,
 * content-length, connection header, body; 404 elsewhere), and its sleeping handler runs on a
 * virtual thread exactly when the variant says so. Run in a JDK 25 JVM ({@code ServerProbe}),
 * since the build's JDK 17 has no virtual threads.
 */
class JdkServerTest {
    private static final String PROBE = "org.jvmmark.workloads.http.server.ServerProbe";

    @Test
    void shouldAnswerLikeEveryServerAndRunTheSleepingHandlerOffVirtualThreadsWithPlatformThreads() throws Exception {
        assertEquals(ServerProbe.expectedAnswers(false, "(none)"), ForkedMain.run(Jdks.required(25), PROBE, 120, "jdk", "platform"));
    }

    /** JDK 17's server writes the headers and the body apart: without TCP_NODELAY each answer waited 40 ms. */
    @Test
    void shouldAnswerWithoutANagleStallOnJdk17() throws Exception {
        assertEquals(ServerProbe.expectedAnswers(false, "(none)"), ForkedMain.run(Jdks.required(17), PROBE, 120, "jdk", "platform"));
    }

    @Test
    void shouldAnswerLikeEveryServerAndRunTheSleepingHandlerOnAVirtualThreadWithVirtualThreads() throws Exception {
        assertEquals(ServerProbe.expectedAnswers(true, "(none)"), ForkedMain.run(Jdks.required(25), PROBE, 120, "jdk", "virtual"));
    }
}
