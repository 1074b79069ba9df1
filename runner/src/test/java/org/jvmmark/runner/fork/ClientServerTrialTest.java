package org.jvmmark.runner.fork;

import org.jvmmark.runner.Cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server/driver orchestration of {@code @Driver} workloads, against the echo pair of the faults module. */
class ClientServerTrialTest {
    @TempDir
    Path out;

    private JsonNode runEcho(String mode) throws Exception {
        Cli.Result r = Cli.run("run", "fault-echo-server", "-p", "mode=" + mode, "-p", "messages=50",
                "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString());
        JsonNode t = Cli.trial(Cli.results(out), "fault-echo-server/");
        assertEquals(t.path("status").asText().equals("ok") ? 0 : 1, r.status(), r.err());
        return t;
    }

    @Test
    void shouldRunTheDriverOnTheHostJdkAndMergeBothResults() throws Exception {
        JsonNode t = runEcho("ok");
        assertEquals("ok", t.path("status").asText(), t.toString());
        assertTrue(t.path("metrics").has("score"), "driver's metric: " + t.path("metrics"));
        assertEquals(50, t.path("metrics").path("linesEchoed").path("value").asInt(), "server's metric");
        assertEquals(50, t.path("latency").path("endToEnd").path("count").asInt(), "driver's latency");
        assertTrue(t.path("process").path("peakRssBytes").asLong() > 0, "server footprint");
        assertTrue(t.path("driver").path("process").path("peakRssBytes").asLong() > 0, "driver footprint");
        assertNotEquals(t.path("process").path("pid").asLong(), t.path("driver").path("process").path("pid").asLong());
        assertEquals(Path.of(System.getProperty("java.home")).toRealPath().toString(),
                Path.of(t.path("driver").path("jvm").path("home").asText()).toRealPath().toString(), "driver on the host JDK");
    }

    @Test
    void shouldFailFastWhenTheServerDiesBeforeItIsReady() throws Exception {
        JsonNode t = runEcho("die-before-ready");
        assertEquals("failed", t.path("status").asText());
        assertTrue(t.path("error").asText().startsWith("server never became ready: JVM exited with status 4"), t.path("error").asText());
        // a server that dies is noticed at once, not at the time limit (that would say "not ready within")
    }

    @Test
    void shouldTimeOutAServerThatNeverBecomesReady() throws Exception {
        JsonNode t = runEcho("never-ready");
        assertEquals("timeout", t.path("status").asText());
        assertTrue(t.path("error").asText().contains("server not ready within the 5 s time limit; killed"), t.path("error").asText());
    }

    @Test
    void shouldKillAServerThatIgnoresTheStopRequest() throws Exception {
        JsonNode t = runEcho("ignore-stop");
        assertEquals("timeout", t.path("status").asText());
        assertTrue(t.path("error").asText().startsWith("server: server did not stop within"), t.path("error").asText());
        assertEquals("ok", t.path("driver").path("status").asText());
        assertTrue(ProcessHandle.of(t.path("process").path("pid").asLong()).map(h -> !h.isAlive()).orElse(true));
    }

    @Test
    void shouldReportAFailingDriverAndStillStopTheServer() throws Exception {
        JsonNode t = runEcho("driver-fails");
        assertEquals("failed", t.path("status").asText());
        assertTrue(t.path("error").asText().startsWith("driver: IllegalStateException: driver failing on purpose"), t.path("error").asText());
        assertEquals(0, t.path("process").path("exitCode").asInt(), "server stopped in order");
    }
}
