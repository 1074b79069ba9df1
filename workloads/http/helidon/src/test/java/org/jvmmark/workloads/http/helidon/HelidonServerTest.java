package org.jvmmark.workloads.http.helidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.jvmmark.testkit.ForkedMain;
import org.jvmmark.workloads.http.server.ServerProbe;
import org.jvmmark.testkit.Jdks;

/**
 * The helidon server answers exactly as every other server under test does (status, content-type,
 * content-length, connection header, body; 404 elsewhere), and its sleeping handler runs on a
 * virtual thread exactly when the variant says so. Run in a JDK 25 JVM ({@code ServerProbe}),
 * since the build's JDK 17 has no virtual threads.
 */
class HelidonServerTest {
    private static final String PROBE = "org.jvmmark.workloads.http.server.ServerProbe";

    @Test
    void shouldAnswerLikeEveryServerAndRunTheSleepingHandlerOnAVirtualThreadWithVirtualThreads() throws Exception {
        assertEquals(ServerProbe.expectedAnswers(true, "keep-alive"), ForkedMain.run(Jdks.required(25), PROBE, 120, "helidon", "virtual"));
    }
}
