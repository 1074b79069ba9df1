package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How often a run rewrites {@code results.json}: once when it starts (so that a run killed in its
 * first trial can be resumed) and once per trial, with {@code --forks auto} too, whose fork account
 * is written with each trial rather than after the run (and once more at its end only when the closing account
 * says something new). Every rewrite is a rename into place, which
 * the directory's watch service counts.
 */
class ResultsWritesTest {
    @TempDir
    Path tmp;

    @Test
    void shouldWriteTheResultsOnceAtTheStartAndOncePerTrialWithAdaptiveForks() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("run"));
        int writes = countingWrites(out, () -> {
            Cli.Result r = Cli.run("run", "fault-sleep", "-p", "millis=20", "--jdk", Cli.HOST_JDK, "--profile", "quick",
                    "--jvm-args", "-Xmx64m", "--jvm-args", "-Xmx96m", "--max-forks", "4", "--history", "off", "--out", out.toString());
            assertEquals(0, r.status(), r.err());
        });
        JsonNode results = Cli.results(out);
        int trials = results.path("trials").size();
        assertTrue(trials >= 6, "two rows of at least 3 forks: " + trials);
        assertEquals(2, results.path("forkAccount").path("rows").size(), "the fork account is in the file");
        // once at the start, once per trial, and once more at the end only where the closing account says something
        // the last trial's did not (a row stopped by the budget or with no answer in reach: under load the forks of
        // fault-sleep spread more, and such a row appears)
        assertTrue(writes == trials + 1 || writes == trials + 2, writes + " writes for " + trials + " trials");
    }

    @Test
    void shouldWriteTheResultsOnceAtTheStartAndOncePerTrialWithFixedForks() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("run"));
        int writes = countingWrites(out, () -> {
            Cli.Result r = Cli.run("run", "fault-sleep", "-p", "millis=20", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                    "--forks", "2", "--history", "off", "--out", out.toString());
            assertEquals(0, r.status(), r.err());
        });
        assertEquals(2, Cli.results(out).path("trials").size());
        assertEquals(3, writes);
    }

    interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} and counts the times {@code results.json} was put in place in {@code dir} meanwhile. */
    private static int countingWrites(Path dir, Body body) throws Exception {
        AtomicInteger writes = new AtomicInteger();
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            body.run();
            // the events are queued by now; drain them
            for (WatchKey key = watch.poll(1, TimeUnit.SECONDS); key != null; key = watch.poll(200, TimeUnit.MILLISECONDS)) {
                for (WatchEvent<?> e : key.pollEvents()) {
                    assertTrue(e.kind() != StandardWatchEventKinds.OVERFLOW, "events lost: cannot count");
                    if (e.kind() == StandardWatchEventKinds.ENTRY_CREATE && e.context().toString().equals("results.json")) {
                        writes.addAndGet(e.count());
                    }
                }
                key.reset();
            }
        }
        return writes.get();
    }
}
