package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --format} on report, compare and history check: one family of formats, refused in one line where a format means nothing. */
class FormatOptionTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jvmmark.home"), "report", "src", "test", "resources", "fixtures");

    @Test
    void shouldRefuseInOneLineAFormatThatHasNoMeaningForTheAnswer(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("baseline"));
        Files.copy(FIXTURES.resolve("baseline").resolve("results.json"), dir.resolve("results.json"));
        Cli.Result report = Cli.run("report", dir.toString(), "--format", "json");
        assertEquals(2, report.status(), report.out() + report.err());
        assertTrue(report.err().contains("--format json has no meaning for a run; it is written as text, markdown, html, csv"),
                report.err());
        assertTrue(report.errLines().size() <= 2, report.err());
        Cli.Result compare = Cli.run("compare", dir.toString(), dir.toString(), "--format", "csv");
        assertEquals(2, compare.status(), compare.out() + compare.err());
        assertTrue(compare.err().contains("--format csv has no meaning for a comparison"), compare.err());
        assertTrue(compare.errLines().size() <= 2, compare.err());
    }

    @Test
    void shouldRefuseAnUnknownFormatNamingTheValidOnes() {
        String baseline = FIXTURES.resolve("baseline").toString();
        Cli.Result r = Cli.run("compare", baseline, baseline, "--format", "tsv");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("unknown --format 'tsv'; valid: text, markdown, html, csv, json"), r.err());
    }

    @Test
    void shouldRefuseAnUnknownFormatInHistoryCheckAsCompareDoes(@TempDir Path tmp) {
        String baseline = FIXTURES.resolve("baseline").toString();
        Cli.Result compare = Cli.run("compare", baseline, baseline, "--format", "tsv");
        Cli.Result check = Cli.run("history", "check", "--history", tmp.resolve("history.db").toString(), "--format", "tsv");
        assertEquals(compare.status(), check.status(), check.err());
        assertEquals(compare.errLines().get(0), check.errLines().get(0));
        assertTrue(Files.notExists(tmp.resolve("history.db")), "refused while parsing, before the history is opened");
    }

    @Test
    void shouldListInHelpTheFormatsThatWriteTheAnswer() {
        Cli.Result compare = Cli.run("compare", "--help");
        assertTrue(compare.out().replaceAll("\\s+", " ").contains("text, markdown, html, json, bmf, github"), compare.out());
        Cli.Result check = Cli.run("history", "check", "--help");
        assertTrue(check.out().replaceAll("\\s+", " ").contains("text, markdown, json"), check.out());
    }

    @Test
    void shouldPrintTheRunAsCsvByteForByteAsTheReportWritesIt(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("baseline"));
        Files.copy(FIXTURES.resolve("baseline").resolve("results.json"), dir.resolve("results.json"));
        Cli.Result csv = Cli.run("report", dir.toString(), "--format", "csv");
        assertEquals(0, csv.status(), csv.err());
        assertTrue(Files.notExists(dir.resolve("results.csv")), "--format csv renders nothing");
        assertEquals(0, Cli.run("report", dir.toString()).status());
        assertEquals(Files.readString(dir.resolve("results.csv")), csv.out());
    }
}
