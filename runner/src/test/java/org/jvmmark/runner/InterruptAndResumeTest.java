package org.jvmmark.runner;

import org.jvmmark.runner.base.ExitStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C mid-run, for real: SIGINT to a runner in its own JVM while a trial's child is running.
 * The file must stay valid with the finished trial, the child must die, the exit status must be
 * 130 — and {@code --resume} must then run only what is missing.
 */
class InterruptAndResumeTest {
    @TempDir
    Path out;

    @Test
    void shouldKeepResultsAndKillTheChildOnSigintThenResume() throws Exception {
        Process runner = new ProcessBuilder(Cli.forkedCommand("run", "fault-requires-future", "fault-no-result", "fault-sleep",
                "-p", "millis=6000",
                "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--out", out.toString()))
                .redirectErrorStream(true).redirectOutput(out.resolveSibling(out.getFileName() + "-runner.log").toFile()).start();
        try {
            ProcessHandle child = awaitSleepingChild(runner, 60);
            assertEquals(2, Cli.results(out).path("trials").size(), "the first trials are recorded before the third starts");
            new ProcessBuilder("kill", "-INT", Long.toString(runner.pid())).start().waitFor();
            assertTrue(runner.waitFor(30, TimeUnit.SECONDS), "the runner stops on SIGINT");
            assertEquals(Main.INTERRUPTED, runner.exitValue());
            assertTrue(child.onExit().get(10, TimeUnit.SECONDS) != null && !child.isAlive(), "the child is killed");
        } finally {
            runner.descendants().forEach(ProcessHandle::destroyForcibly);
            runner.destroyForcibly();
        }
        JsonNode interrupted = Cli.results(out);
        assertEquals(2, interrupted.path("trials").size(), "the interrupted trial is not recorded");
        assertEquals("fault-no-result", interrupted.path("trials").get(1).path("workload").asText());
        try (var files = Files.list(out)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary file left behind");
        }

        Cli.Result resumed = Cli.run("run", "--out", out.toString(), "--resume");
        assertTrue(resumed.out().contains("1 of 3 trials already recorded; 1 failed or timed out, run again"), resumed.out());
        assertTrue(resumed.out().contains("[1/2] fault-no-result/"), "the failed trial runs again: " + resumed.out());
        assertTrue(resumed.out().contains("[2/2] fault-sleep/"), "the missing trial runs: " + resumed.out());
        JsonNode done = Cli.results(out);
        assertEquals(3, done.path("trials").size(), "the failed trial's record is replaced, not duplicated");
        assertEquals("ok", Cli.trial(done, "fault-sleep/").path("status").asText());
        assertTrue(Instant.parse(Cli.trial(done, "fault-no-result/").path("started").asText())
                .isAfter(Instant.parse(Cli.trial(interrupted, "fault-no-result/").path("started").asText())), "rerun, not kept");
        assertEquals(1, resumed.status(), "the failed trial, failing again, still counts");
        assertEquals(interrupted.path("created").asText(), done.path("created").asText(), "the same result set, continued");
    }

    @Test
    void shouldRefuseToResumeWithAnotherProfile() throws Exception {
        assertEquals(0, Cli.run("run", "fault-sleep", "-p", "millis=1", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--out", out.toString()).status());
        Cli.Result r = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "quick", "--out", out.toString(), "--resume");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("was run with --profile smoke, not quick; --resume reruns the recorded command: drop --profile"),
                r.err());

        Cli.Result otherParams = Cli.run("run", "fault-sleep", "-p", "millis=2", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--out", out.toString(), "--resume");
        assertEquals(2, otherParams.status(), otherParams.err());
        assertEquals(1, otherParams.errLines().size(), otherParams.err());
        assertTrue(otherParams.err().contains("results.json was run with --param millis=1, not millis=2"), otherParams.err());

        Cli.Result same = Cli.run("run", "fault-sleep", "-p", "millis=1", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--out", out.toString(), "--resume");
        assertEquals(0, same.status(), same.err());
        assertTrue(same.out().contains("1 of 1 trials already recorded"), same.out());
        assertFalse(same.out().contains("[1/"), "nothing to run: " + same.out());
    }

    @Test
    void shouldRerunTheRecordedCommandAndShowThePlanFirst() throws Exception {
        Cli.Result first = Cli.run("run", "fault-sleep", "fault-no-result", "-p", "millis=1", "--forks", "2", "--jdk", Cli.HOST_JDK,
                "--profile", "smoke", "--out", out.toString());
        assertEquals(ExitStatus.TRIAL_FAILED, first.status(), first.err());

        Cli.Result plan = Cli.run("run", "--out", out.toString(), "--resume", "--dry-run");
        assertEquals(0, plan.status(), plan.err());
        assertTrue(plan.out().matches("(?s).*fault-sleep/\\S+/default/fork2\\s+keep \\(ok\\).*"), plan.out());
        assertTrue(plan.out().matches("(?s).*fault-no-result/\\S+/default/fork2\\s+run again \\(was failed\\).*"), plan.out());
        assertTrue(plan.out().contains("(profile smoke): 2 of 4 trials kept, 2 to run (2 again)"), plan.out());
        assertEquals(4, Cli.results(out).path("trials").size(), "a dry run runs nothing");

        Cli.Result resumed = Cli.run("run", "--out", out.toString(), "--resume");
        assertTrue(resumed.out().contains("[2/2] fault-no-result/"), resumed.out());
        assertFalse(resumed.out().contains("[3/"), resumed.out());
        JsonNode done = Cli.results(out);
        assertEquals(4, done.path("trials").size());
        assertEquals("smoke", Cli.trial(done, "fault-no-result/").path("profile").asText());
    }

    @Test
    void shouldRefuseAnotherCpuListHostOrJdk() throws Exception {
        assertEquals(0, Cli.run("run", "fault-sleep", "-p", "millis=1", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--out", out.toString()).status());
        Cli.Result cpus = Cli.run("run", "--out", out.toString(), "--resume", "--cpuset", "0");
        assertEquals(2, cpus.status());
        assertTrue(cpus.err().contains("was run with --cpuset (none), not 0"), cpus.err());
        Cli.Result quota = Cli.run("run", "--out", out.toString(), "--resume", "--cpus", "1.5");
        assertEquals(2, quota.status());
        assertTrue(quota.err().contains("was run with --cpus (none), not 1.5"), quota.err());
        Cli.Result memory = Cli.run("run", "--out", out.toString(), "--resume", "--memory", "512m");
        assertTrue(memory.err().contains("was run with --memory (none), not 512 MiB"), memory.err());

        Path file = out.resolve("results.json");
        String original = Files.readString(file);
        ObjectNode moved = (ObjectNode) new ObjectMapper().readTree(original);
        ((ObjectNode) moved.path("trials").get(0).path("jdk")).put("home", "/opt/another-jdk");
        Files.writeString(file, moved.toString());
        Cli.Result jdk = Cli.run("run", "--out", out.toString(), "--resume");
        assertEquals(2, jdk.status());
        assertTrue(jdk.err().contains(" was /opt/another-jdk, is now "), jdk.err());

        ObjectNode elsewhere = (ObjectNode) new ObjectMapper().readTree(original);
        ((ObjectNode) elsewhere.path("host")).put("hostname", "another-machine");
        Files.writeString(file, elsewhere.toString());
        Cli.Result host = Cli.run("run", "--out", out.toString(), "--resume", "--dry-run");
        assertEquals(2, host.status());
        assertTrue(host.err().contains("was measured on another machine (hostname another-machine, here "), host.err());
    }

    /** Waits until the runner has forked the JVM running fault-sleep (its spec names the workload). */
    private ProcessHandle awaitSleepingChild(Process runner, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            assertTrue(runner.isAlive(), "runner ended early: " + Files.readString(out.resolveSibling(out.getFileName() + "-runner.log")));
            Optional<ProcessHandle> child = runner.descendants().filter(ProcessHandle::isAlive)
                    .filter(h -> h.info().arguments().map(List::of).orElse(List.of()).stream().anyMatch(a -> a.contains("jvm-spec.properties")))
                    .filter(h -> Files.isRegularFile(out.resolve("results.json")))
                    .findFirst();
            if (child.isPresent() && resultsCount() == 2) {
                Thread.sleep(300); // let the child get into its sleep
                return child.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the runner never started the fault-sleep child");
    }

    private int resultsCount() {
        try {
            return Cli.results(out).path("trials").size();
        } catch (Exception e) {
            return -1;
        }
    }
}
