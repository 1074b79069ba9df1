package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial run with {@code --memory 256m --cpus 1} sees its limits: the JVM under test reports one processor and the
 * heap its ergonomics take from 256 MiB, the trial records what it chose there, and the cgroups are gone afterwards.
 * CI runs as root, where the cgroup v1 (or v2) controllers are writable; a machine that cannot give the limits must
 * say so in one line before any trial runs, and that is checked instead.
 */
class ContainerRunTest {
    @TempDir
    Path out;

    @Test
    void shouldRunTheJvmUnderTestInsideTheLimitsOrRefuseInOneLine() throws IOException {
        Cli.Result run = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--forks", "1",
                "--cpus", "1", "--memory", "256m", "--disturbed", "ignore", "--history", "off", "--out", out.toString());
        if (!root()) {
            assertEquals(2, run.status(), run.err());
            assertEquals(1, run.errLines().size(), run.err());
            assertTrue(run.err().contains("--cpus 1") || run.err().contains("--memory 256 MiB"), run.err());
            assertFalse(Files.exists(out.resolve("results.json")), "refused before any trial");
            return;
        }
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("each JVM under test (a client/server workload's server) runs inside 1 CPU / 256 MiB"),
                run.out());
        JsonNode results = Cli.results(out);
        assertEquals(1.0, results.path("command").path("cpus").asDouble());
        assertEquals(256L << 20, results.path("command").path("memoryBytes").asLong());
        JsonNode trial = Cli.trial(results, "fault-sleep/");
        assertEquals("ok", trial.path("status").asText(), trial.toString());
        // what the JVM under test said of itself, from inside
        assertEquals(1, trial.path("jvm").path("availableProcessors").asInt(), trial.path("jvm").toString());
        // what the same JVM chose there, described inside the same limits
        JsonNode container = trial.path("container");
        assertEquals("the JVM under test", container.path("limited").asText());
        JsonNode chosen = container.path("chosen");
        assertEquals("Serial", chosen.path("gc").asText(), "1 CPU and < 1792 MiB: not a server-class machine");
        // with as little as 256 MiB, HotSpot takes about MinRAMPercentage (50 %), not MaxRAMPercentage (25 %): 126 MiB on 17
        long chosenHeap = chosen.path("maxHeapBytes").asLong();
        assertTrue(chosenHeap > 100L << 20 && chosenHeap <= 128L << 20, "about half of 256 MiB: " + chosenHeap);
        long heap = trial.path("jvm").path("maxHeapBytes").asLong();
        assertTrue(heap > chosenHeap * 0.85 && heap <= chosenHeap, "the trial's own heap, less a survivor space: " + heap);
        assertEquals(1, chosen.path("container").path("effectiveCpus").asInt(), chosen.toString());
        assertEquals(256L << 20, chosen.path("container").path("memoryLimitBytes").asLong(), chosen.toString());
        String pid = Long.toString(ProcessHandle.current().pid());
        for (String hierarchy : new String[] {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/memory", "/sys/fs/cgroup"}) {
            assertFalse(leftover(Path.of(hierarchy), "jvmmark-" + pid + "-"), "no cgroup left in " + hierarchy);
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("Inside 1 CPU / 256 MiB"), "the report says what the JVM chose inside the limits");
    }

    /** A JVM that touches more heap than the limit holds is killed by the kernel, and its trial says so. */
    @Test
    void shouldSayWhenTheOomKillerEndedATrialAtTheMemoryLimit() throws IOException {
        Cli.Result run = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--forks", "1",
                "--memory", "64m", "--jvm-args", "-Xms256m -Xmx256m -XX:+AlwaysPreTouch", "--disturbed", "ignore",
                "--history", "off", "--out", out.toString());
        if (!root()) {
            assertEquals(2, run.status(), run.err());
            return;
        }
        JsonNode trial = Cli.trial(Cli.results(out), "fault-sleep/");
        assertEquals("failed", trial.path("status").asText(), trial.toString());
        assertTrue(trial.path("error").asText().endsWith("; killed by the kernel's OOM killer at the container's memory limit"
                + " (1 process)"), trial.path("error").asText());
    }

    private static boolean root() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().anyMatch(l -> l.matches("Uid:\\s+0\\s.*"));
    }

    /** Whether a cgroup named {@code prefix}… is left anywhere under {@code dir} (a few levels deep). */
    private static boolean leftover(Path dir, String prefix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> s = Files.find(dir, 4, (p, a) -> a.isDirectory() && p.getFileName().toString().startsWith(prefix))) {
            return s.findAny().isPresent();
        }
    }
}
