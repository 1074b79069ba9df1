package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fork disturbed by another process is caught: a CPU burner on every CPU runs beside fork 2 of a two-fork smoke
 * run, and fork 2 comes back marked disturbed with the figure, re-run under a new fork number, and named in the report
 * (whose rows leave it out).
 */
class DisturbedForkTest {
    @TempDir
    Path out;

    @Test
    void shouldMarkAndRerunTheForkACpuBurnerRanBeside() throws Exception {
        Path logs = out.resolve("logs");
        Thread burnBesideFork2 = new Thread(() -> burnWhileFork2Runs(logs), "burner");
        burnBesideFork2.setDaemon(true);
        burnBesideFork2.start();
        Cli.Result r = Cli.run("run", "synthetic", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--forks", "2",
                "--disturbed", "rerun", "--out", out.toString());
        burnBesideFork2.join(10_000);
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode results = Cli.results(out);
        JsonNode fork2 = byFork(results, 2);
        JsonNode d = fork2.path("process").path("disturbance");
        assertTrue(d.path("disturbed").asBoolean(), "fork 2 not marked disturbed: " + d + "\n" + r.out());
        assertTrue(d.path("otherCpus").asDouble() > 0.25, d.toString());
        assertEquals("ok", fork2.path("status").asText());
        assertFalse(fork2.path("latency").path("endToEnd").isMissingNode(), "a disturbed fork keeps its figures, marked");
        int rerun = d.path("rerunAs").asInt();
        assertTrue(rerun > 2, "re-run under a new fork number: " + d);
        JsonNode again = byFork(results, rerun);
        assertEquals(2, again.path("process").path("disturbance").path("rerunOf").asInt(), again.toString());
        assertEquals("ok", again.path("status").asText());
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("fork 2 disturbed: other processes used") && md.contains("re-run as fork " + rerun), md);
        assertTrue(r.out().contains("fork 2 disturbed"), r.out());
        org.jvmmark.report.model.Row row = org.jvmmark.report.builders.ModelBuilder.build(org.jvmmark.results.ResultsReader.readDir(out))
                .sections().get(0).rows().get(0);
        // its figures are left out (where every fork was disturbed, as on a machine others load, the row keeps none)
        assertTrue(row.trials().stream().allMatch(t -> !t.disturbed() || t.measured().latency().isEmpty()),
                "the report's row leaves the disturbed forks' figures out");
    }

    private static JsonNode byFork(JsonNode results, int fork) {
        for (JsonNode t : results.path("trials")) {
            if (t.path("fork").asInt() == fork) {
                return t;
            }
        }
        throw new AssertionError("no fork " + fork + " in " + results.path("trials").size() + " trials");
    }

    /**
     * Once fork 2's log directory appears, one busy loop per CPU until fork 2 is recorded (at most 10 s). Each loop is
     * started through {@code setsid -f}: it is no child of the runner's (the runner would otherwise count it as its own
     * when it reaps it), and has a process group of its own to stop it by.
     */
    private static void burnWhileFork2Runs(Path logs) {
        List<Long> groups = new ArrayList<>();
        try {
            long until = System.nanoTime() + 120_000_000_000L;
            while (!fork2Started(logs) && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            Path pids = Files.createTempFile("burner", ".pids");
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                new ProcessBuilder("setsid", "-f", "sh", "-c", "echo $$ >> " + pids + "; exec timeout 10 sh -c 'while :; do :; done'")
                        .start().waitFor(5, TimeUnit.SECONDS);
            }
            Thread.sleep(200);
            Files.readAllLines(pids).forEach(l -> groups.add(Long.parseLong(l.trim())));
            Files.delete(pids);
            Path results = logs.getParent().resolve("results.json");
            long stop = System.nanoTime() + 10_000_000_000L;
            while (System.nanoTime() < stop && !(Files.exists(results) && Files.readString(results).contains("/fork2\""))) {
                Thread.sleep(20);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            for (long g : groups) {
                try {
                    new ProcessBuilder("kill", "--", "-" + g).start().waitFor(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // timeout 10 ends it anyway
                }
            }
        }
    }

    private static boolean fork2Started(Path logs) {
        try (var dirs = Files.list(logs)) {
            return dirs.anyMatch(d -> d.getFileName().toString().endsWith("_fork2"));
        } catch (Exception e) {
            return false;
        }
    }
}
