package org.jvmmark.runner;

import org.jvmmark.runner.base.ExitStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM that refuses to start says why on stdout; the row carries that reason and the console names the logs. */
class JvmRefusalTest {
    @TempDir
    Path out;

    @Test
    void shouldPutTheJvmsOwnReasonInTheRowAndNameTheLog() throws Exception {
        Cli.Result r = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--jvm-args", "-Xmx1m",
                "--out", out.toString());
        assertEquals(ExitStatus.TRIAL_FAILED, r.status(), r.err());
        JsonNode t = Cli.trial(Cli.results(out), "fault-sleep/");
        assertEquals("JVM exited with status 1 before writing a result: Too small maximum heap", t.path("error").asText());
        Path logs = out.resolve(t.path("logs").asText());
        assertTrue(Files.readString(logs.resolve("jvm-stdout.log")).contains("Too small maximum heap"));
        assertTrue(r.out().contains("Too small maximum heap; logs: " + logs), r.out());
    }
}
