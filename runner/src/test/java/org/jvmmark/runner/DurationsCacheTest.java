package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import org.jvmmark.runner.plan.DurationEstimates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs in tests measure into the build's own durations cache ({@code target/durations.json}), never the
 * user's {@code ~/.cache/jvmmark/durations.json} — also a runner started in a JVM of its own, which
 * inherits the environment but not the test JVM's system properties.
 */
class DurationsCacheTest {
    @TempDir
    Path tmp;

    @Test
    void shouldKeepEveryRunnerOfTheTestsOnTheBuildsOwnCache() throws Exception {
        Path cache = DurationEstimates.defaultFile();
        // surefire runs in the module's directory, whose target/ is the build's
        assertTrue(cache.toAbsolutePath().startsWith(Path.of("target").toAbsolutePath()), "the tests' cache is the build's: " + cache);
        assertEquals(cache.toString(), System.getenv("JVMMARK_DURATIONS"), "a forked runner sees the same cache");

        FileTime before = Files.exists(cache) ? Files.getLastModifiedTime(cache) : FileTime.fromMillis(0);
        Thread.sleep(20); // file times are not finer than this everywhere
        Process runner = new ProcessBuilder(Cli.forkedCommand("run", "synthetic", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "-p", "iterations=2000", "-p", "warmup=1000", "-p", "runs=1", "--history", "off", "--out", tmp.resolve("run").toString()))
                .redirectOutput(tmp.resolve("runner.log").toFile()).redirectErrorStream(true).start();
        assertTrue(runner.waitFor(120, TimeUnit.SECONDS), "the run did not end");
        assertEquals(0, runner.exitValue(), Files.readString(tmp.resolve("runner.log")));
        assertTrue(Files.getLastModifiedTime(cache).compareTo(before) > 0, "the forked runner recorded its trial in " + cache);
        assertTrue(Files.readString(cache).contains("|synthetic|"), Files.readString(cache));
    }
}
