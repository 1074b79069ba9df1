package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jvmmark never writes over a file it did not make: one line, exit 2, the file as it was. */
class ForeignFilesTest {
    private static final Path MEASURED = Path.of("..", "measured", "2026-11-20", "queue-memory", "results.json");

    @TempDir
    Path tmp;

    @Test
    void shouldRefuseCompareHtmlOntoAResultsFile() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.copy(MEASURED, a.resolve("results.json"));
        byte[] before = Files.readAllBytes(a.resolve("results.json"));
        Cli.Result r = Cli.run("compare", a.toString(), a.toString(), "--html", a.resolve("results.json").toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("not written by jvmmark"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertArrayEquals(before, Files.readAllBytes(a.resolve("results.json")));
    }

    @Test
    void shouldReplaceOnlyAComparePageItWroteItself() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.copy(MEASURED, a.resolve("results.json"));
        Path page = tmp.resolve("compare.html");
        assertTrue(Cli.run("compare", a.toString(), a.toString(), "--html", page.toString()).status() != 2, "the page is written");
        assertTrue(Cli.run("compare", a.toString(), a.toString(), "--html", page.toString()).status() != 2, "the page is written");
        try (var left = Files.list(tmp)) {
            assertEquals(2, left.count(), "no temporary file is left beside the page");
        }
    }

    @Test
    void shouldRefuseHistoryReportOverAForeignFile() throws IOException {
        Path page = Files.writeString(tmp.resolve("history.html"), "my own notes");
        Cli.Result r = Cli.run("history", "report", "--history", tmp.resolve("h.db").toString(), "--out", page.toString());
        assertEquals(2, r.status(), r.err());
        assertEquals("my own notes", Files.readString(page));
    }
}
