package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trial's logs are written as new plain files: a link planted at a log's name is removed, its target untouched. */
class ChildLogsTest {
    @TempDir
    Path tmp;

    @Test
    void shouldNotWriteThroughALinkPlantedWhereALogGoes() throws Exception {
        Path victim = Files.writeString(tmp.resolve("victim"), "keep me\n");
        Path logs = Files.createDirectories(tmp.resolve("run/logs/trial"));
        Files.createSymbolicLink(logs.resolve("stdout.log"), victim);
        Files.createSymbolicLink(logs.resolve("stderr.log"), victim);
        ChildProcess child = ChildProcess.start(List.of("sh", "-c", "echo out; echo err >&2"), tmp.resolve("work"),
                logs.resolve("stdout.log"), logs.resolve("stderr.log"));
        child.await(System.nanoTime() + 10_000_000_000L, () -> false);
        assertEquals("keep me\n", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(logs.resolve("stdout.log")));
        assertEquals("out\n", Files.readString(logs.resolve("stdout.log")));
        assertTrue(Files.readString(logs.resolve("stderr.log")).contains("err"));
    }
}
