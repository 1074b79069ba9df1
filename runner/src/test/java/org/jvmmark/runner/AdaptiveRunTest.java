package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --forks auto} end to end: two rows of one workload on the host JDK, the forks object, resume. */
class AdaptiveRunTest {
    @TempDir
    Path tmp;

    @Test
    void shouldRecordForksPerRowAndResumeTheAdaptivePlan() throws Exception {
        Path out = tmp.resolve("run");
        Cli.Result first = Cli.run("run", "fault-sleep", "-p", "millis=20", "--jdk", Cli.HOST_JDK, "--profile", "quick",
                "--jvm-args", "-Xmx64m", "--jvm-args", "-Xmx96m", "--max-forks", "4", "--history", "off", "--out", out.toString());
        assertEquals(0, first.status(), first.err());
        assertTrue(first.out().matches("(?s).*estimated \\d.*, took \\d.*"), first.out());
        assertTrue(first.out().contains("forks per row: "), first.out());
        JsonNode results = Cli.results(out);
        assertTrue(results.path("command").path("forksAuto").asBoolean(), results.path("command").toString());
        JsonNode rows = results.path("forkAccount").path("rows");
        assertEquals(2, rows.size(), rows.toString());
        int trials = 0;
        for (JsonNode row : rows) {
            int forks = row.path("forks").asInt();
            assertTrue(forks >= 3 && forks <= 4, row.toString());
            assertTrue(row.path("reason").asText().matches("decided.*|cap reached, cannot tell.*|cannot tell, more than 60 forks a side would tell.*"
                    + "|no answer in reach \\(the next \\d+ forks? would answer with \\d+ % chance\\), cannot tell.*"), row.toString());
            trials += forks;
        }
        assertEquals(trials, results.path("trials").size(), "every fork is a recorded trial");

        Cli.Result other = Cli.run("run", "--out", out.toString(), "--resume", "--max-forks", "5");
        assertEquals(2, other.status());
        assertEquals(1, other.errLines().size(), other.err());
        assertTrue(other.err().contains("was run with --max-forks 4, not 5"), other.err());

        Cli.Result resumed = Cli.run("run", "--out", out.toString(), "--resume");
        assertEquals(0, resumed.status(), resumed.err());
        assertFalse(resumed.out().contains("[1/"), "the adaptive plan was complete: nothing to run: " + resumed.out());
        assertEquals(trials, Cli.results(out).path("trials").size());
    }

    @Test
    void shouldSayThePolicyInTheDryRunAndRefuseBadValuesInOneLine() {
        Cli.Result plan = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "quick", "--dry-run");
        assertEquals(0, plan.status(), plan.err());
        assertTrue(plan.out().contains("forks auto: 3 a row, then more where a row's question is still open, the most answer per second"
                + " first, up to 10 a row"),
                plan.out());
        for (String[] bad : new String[][] {{"--budget", "10x"}, {"--forks", "2", "--max-forks", "5"}, {"--forks", "many"},
                {"--max-forks", "2"}}) {
            java.util.List<String> full = new java.util.ArrayList<>(java.util.List.of("run", "fault-sleep", "--jdk", Cli.HOST_JDK,
                    "--profile", "quick", "--dry-run"));
            full.addAll(java.util.List.of(bad));
            Cli.Result r = Cli.run(full.toArray(String[]::new));
            assertEquals(2, r.status(), String.join(" ", full) + ": " + r.out());
            assertEquals(1, r.errLines().size(), r.err());
        }
    }
}
