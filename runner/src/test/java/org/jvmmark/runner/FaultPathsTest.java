package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.output.OutputDirectory;

/**
 * Every way a forked JVM can go wrong, in one run against real JVMs: each trial gets its one-line
 * reason, the other trials still run, everything stays in results.json, and the exit status is 1.
 */
class FaultPathsTest {
    @TempDir
    static Path out;
    static Cli.Result run;
    static JsonNode results;

    @BeforeAll
    static void runAllFaults() throws Exception {
        run = Cli.run("run", "fault-exit", "fault-halt", "fault-crash", "fault-hang", "fault-no-result",
                "fault-corrupt-result", "fault-bad-flag", "fault-throws", "fault-validation", "fault-unsupported",
                "fault-requires-future", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString());
        results = Cli.results(out);
    }

    private static JsonNode trial(String workload) {
        return Cli.trial(results, workload + "/");
    }

    private static void assertFailure(String workload, String status, String errorPart) {
        JsonNode t = trial(workload);
        assertEquals(status, t.path("status").asText(), t.toString());
        assertTrue(t.path("error").asText().contains(errorPart), t.path("error").asText());
        assertFalse(t.path("error").asText().contains("\n"), "one line: " + t.path("error").asText());
    }

    @Test
    void shouldRunEveryTrialAndExitNonZero() {
        assertEquals(1, run.status(), run.err());
        assertEquals(12, results.path("trials").size());
        assertEquals("jvmmark/results/1", results.path("schema").asText());
        assertEquals("ok", trial("fault-sleep").path("status").asText(), "the healthy trial after the faults still ran");
        assertTrue(trial("fault-sleep").path("metrics").has("sleptMillis"));
    }

    @Test
    void shouldReportSystemExitAndHaltWithStatusAndTheLastStderrLine() {
        assertFailure("fault-exit", "failed", "JVM exited with status 3 before writing a result: [jvmmark] exiting with status 3 on purpose");
        assertEquals(3, trial("fault-exit").path("process").path("exitCode").asInt());
        assertFailure("fault-halt", "failed", "JVM exited with status 7 before writing a result");
    }

    @Test
    void shouldReportAJvmCrashWithItsSignalAndKeepTheCrashLog() {
        assertFailure("fault-crash", "failed", "JVM crashed (SIGSEGV");
        Path hsErr = Path.of(trial("fault-crash").path("hsErr").asText());
        assertTrue(Files.isRegularFile(hsErr), hsErr.toString());
        assertTrue(hsErr.startsWith(out.resolve("logs")), "kept with the logs: " + hsErr);
    }

    @Test
    void shouldKillAHangingChildAtTheProfileTimeout() {
        assertFailure("fault-hang", "timeout", "no result within the 3 s time limit (profile smoke); killed");
        JsonNode p = trial("fault-hang").path("process");
        assertTrue(p.path("wallSeconds").asDouble() >= 3 && p.path("wallSeconds").asDouble() < 10, p.toString());
        assertTrue(ProcessHandle.of(p.path("pid").asLong()).map(h -> !h.isAlive()).orElse(true), "child killed");
    }

    @Test
    void shouldReportMissingAndCorruptResults() {
        assertFailure("fault-no-result", "failed", "JVM exited with status 0 without writing a result");
        assertFailure("fault-corrupt-result", "failed", "result file is corrupt: ");
    }

    @Test
    void shouldReportTheFlagTheJvmRejected() {
        assertFailure("fault-bad-flag", "failed", "Unrecognized VM option 'JvmmarkNoSuchFlag'");
        assertTrue(trial("fault-bad-flag").path("stderrTail").size() > 0);
    }

    @Test
    void shouldReportExceptionsValidationAndUnsupportedFromTheChild() {
        assertFailure("fault-throws", "failed", "IllegalStateException: deliberate failure");
        assertFailure("fault-validation", "failed", "validation failed: 3 of 10 messages lost (deliberate)");
        assertFalse(trial("fault-validation").has("metrics"), "a failed trial is never a number");
        assertTrue(trial("fault-validation").path("discarded").path("metrics").has("score"), "kept aside for diagnosis");
        assertFailure("fault-unsupported", "unsupported", "needs a feature this JVM lacks (deliberate)");
        assertFailure("fault-requires-future", "unsupported", "requires JDK 999 or later");
    }

    @Test
    void shouldWriteEveryRequiredBlockWithNullForWhatIsUnknown() {
        JsonNode never = trial("fault-requires-future").path("process");
        for (String field : List.of("peakRssBytes", "wallSeconds", "cpuSeconds", "exitCode")) {
            assertTrue(never.has(field) && never.get(field).isNull(), "no process ran: " + never);
        }
        assertTrue(trial("fault-hang").path("process").path("exitCode").isNull(), "killed by the runner: no exit status of its own");
        for (JsonNode t : results.path("trials")) {
            assertTrue(t.path("process").isObject(), t.path("id").asText());
            assertTrue(t.path("jvm").path("gc").isArray(), "jvm.gc even when the JVM never said: " + t.path("id").asText());
            t.path("process").properties().forEach(e -> assertFalse(e.getValue().isNumber() && e.getValue().asDouble() < 0,
                    "no -1 placeholder: " + t.path("id").asText() + " " + e));
        }
        assertEquals(0, trial("fault-exit").path("jvm").path("gc").size(), "the JVM exited before saying");
    }

    @Test
    void shouldWriteParametersAsTheirDeclaredType() {
        JsonNode params = trial("fault-sleep").path("params");
        assertTrue(params.path("millis").isIntegralNumber(), params.toString());
        assertTrue(params.path("mood").isTextual(), params.toString());
    }

    @Test
    void shouldMeasureTheChildFromOutside() {
        JsonNode p = trial("fault-sleep").path("process");
        assertTrue(p.path("peakRssBytes").asLong() > 1 << 20, p.toString());
        assertTrue(p.path("cpuSeconds").asDouble() > 0, p.toString());
        assertTrue(p.path("wallSeconds").asDouble() >= 0.1, p.toString());
        assertEquals(0, p.path("exitCode").asInt());
        assertFalse(p.path("cpusAllowed").asText().isEmpty(), p.toString());
    }

    @Test
    void shouldRecordTheHost() {
        JsonNode host = results.path("host");
        assertTrue(host.path("cpus").asInt() >= 1);
        assertTrue(host.has("cpuModel") && host.has("memoryBytes") && host.has("kernel") && host.has("isolatedCpus")
                && host.has("clockSource") && host.has("governor") && host.has("transparentHugePages") && host.has("virtualization"),
                host.toString());
    }

    @Test
    void shouldPrintASummaryWithEachFailureOnOneLine() {
        assertTrue(run.out().contains("fault-exit/"), run.out());
        assertTrue(run.out().matches("(?s).*fault-hang/\\S+: no result within the 3 s time limit.*"), run.out());
        assertFalse(Files.exists(out.resolve(OutputDirectory.WORK)), "scratch directories are removed");
    }
}
