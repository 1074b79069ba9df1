package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.Cli;

/**
 * {@code tune --resume} refuses what {@code run --resume} refuses: an option given again with another value than the
 * race recorded, in one line, before anything runs or is written. A race whose JDKs, space or parameters changed midway
 * would judge points measured under two settings against each other. The race is the results module's tuning-run
 * fixture (one JDK, a round under way); nothing is raced.
 */
class TuneResumeTest {
    @TempDir
    Path tmp;

    private Path race() throws Exception {
        Path fixture = Path.of(System.getProperty("jvmmark.home", "..")).resolve("results/src/test/resources/tuning-run/results.json");
        Path dir = Files.createDirectories(tmp.resolve("race"));
        Files.copy(fixture, dir.resolve("results.json"));
        return dir;
    }

    // the old code took the recorded options and raced on: the timeout ends that, as a failure, within a minute
    @Test
    @Timeout(60)
    void shouldRefuseAnotherJdkInOneLineAndKeepTheRace() throws Exception {
        Path dir = race();
        byte[] before = Files.readAllBytes(dir.resolve("results.json"));
        Cli.Result r = Cli.run("tune", "--resume", "--out", dir.toString(), "--jdk", "25", "--history", "off");
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("results.json was run with --jdk 17, not 25; --resume reruns the recorded command: drop --jdk"),
                r.err());
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("results.json")), "nothing lost");
    }

    @Test
    @Timeout(60)
    void shouldRefuseAnotherSpaceParamOrProfileAsRunDoes() throws Exception {
        Path dir = race();
        String[][] others = {{"--space", "gc=G1,Serial"}, {"--param", "rate=1"}, {"--profile", "standard"}, {"--cpus", "1"},
                {"--objective", "peakRss"}, {"--workload-jar", "x.jar"}};
        for (String[] other : others) {
            Cli.Result r = Cli.run("tune", "--resume", "--out", dir.toString(), other[0], other[1], "--history", "off");
            assertEquals(2, r.status(), other[0] + ": " + r.out() + r.err());
            assertTrue(r.err().contains("was run with " + other[0] + " "), r.err());
        }
        Cli.Result sameWorkload = Cli.run("tune", "startup", "--resume", "--out", dir.toString(), "--jdk", "17", "--dry-run");
        assertTrue(!sameWorkload.err().contains("was run with"), "the recorded values given again are taken: " + sameWorkload.err());
    }
}
