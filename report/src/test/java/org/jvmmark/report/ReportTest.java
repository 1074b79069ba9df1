package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jvmmark.report.Report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.render.MarkdownRenderer;
import org.jvmmark.report.words.Explanations;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.words.VerdictTable;

class ReportTest {
    @TempDir
    Path tmp;

    @Test
    void shouldRenderMarkdownEqualToTheGoldenFile() throws IOException {
        Golden.assertMatches("golden/report.md", MarkdownRenderer.render(judgedShowcase()));
    }

    @Test
    void shouldPrintTheVerdictForTheConsoleEqualToTheGoldenFile() throws IOException {
        Golden.assertMatches("golden/verdict.txt", Report.verdictText(judgedShowcase()));
    }

    @Test
    void shouldPutTheSameVerdictLinesInMarkdownAndOnTheConsole() throws IOException {
        ReportModel model = judgedShowcase();
        String md = MarkdownRenderer.render(model);
        String console = Report.verdictText(model);
        assertTrue(md.indexOf("## Who won") < md.indexOf("## synthetic"), "the verdict comes first");
        for (VerdictTable.Line l : VerdictTable.of(model).lines()) {
            // The console wraps long cells: their words come in order, other columns between them.
            assertTrue(inOrder(console, l.winner()) && md.contains(MarkdownRenderer.esc(l.winner())), l.winner());
            assertTrue(inOrder(console, l.runnerUp()) && md.contains(MarkdownRenderer.esc(l.runnerUp())), l.runnerUp());
        }
        assertTrue(inOrder(console, "OpenJDK (Debian) 17.0.17 · G1: 11 % slower (95 % CI 6.0–17 %)"), console);
        assertTrue(inOrder(console, "Temurin 25.0.1 · G1 · platform: 6.7 % slower (95 % CI 4.0–10 %)"), console);
    }

    @Test
    void shouldSayAWorkloadWasNotJudgedWhenNoVerdictWasComputed() throws IOException {
        ReportModel judged = ModelBuilder.build(org.jvmmark.results.ResultsReader.readDir(Golden.fixture("baseline")));
        List<Section> bare = judged.sections().stream().map(s -> new Section(s.workload(), s.params(), s.commonFlags(), s.rows(),
                s.tables(), s.warnings(), List.of())).toList();
        ReportModel model = new ReportModel(judged.results(), judged.noise(), bare, judged.threshold());
        String console = Report.verdictText(model);
        assertTrue(console.lines().anyMatch(l -> l.matches("queue-latency +- +not judged +no verdict was computed for this workload +1 timeout")),
                console);
        assertTrue(console.contains("  queue-latency — Temurin 25.0.1 · ZGC: timeout (no result after 120 s"), console);
        assertTrue(MarkdownRenderer.render(model).contains("| queue-latency |  | not judged |"));
    }

    @Test
    void shouldSayDifferencesInWordsNeverAsABareSign() throws IOException {
        String md = MarkdownRenderer.render(judgedShowcase());
        assertTrue(md.contains("346 ns 6.4 % slower ?"), "latency worse, its interval reaching within the threshold: slower");
        // Judged against the best row at the same swept value (connections=1000: Temurin 25 · virtual).
        assertTrue(md.contains("29.1 k/s ±1.5 % 24 % slower ▲"), "throughput lower: slower");
        assertTrue(md.contains("220 MiB ±1.3 % 2.3× more memory ▲"), "footprint higher: more memory, as a factor past 2×");
        assertTrue(!md.matches("(?s).*\\d (\\+|−)\\d.*"), "a bare +/− before a number");
    }

    @Test
    void shouldPrintTheMeasuredExampleTables() throws IOException {
        // Issue 23: the README showed one run as "509 ns ⚠" in one place and "633 ns ★" in another, both hand-pasted.
        // The tables live in measured/README.md since the README became a landing page (issue 41).
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("../measured/README.md"));
        for (String run : List.of("2026-11-20/queue-memory", "2026-11-20/queue-chronicle")) {
            String md = MarkdownRenderer.render(ModelBuilder.build(org.jvmmark.results.ResultsReader.readDir(
                    java.nio.file.Path.of("../measured", run))));
            List<String> lines = md.lines().toList();
            int at = lines.indexOf("### Latency — endToEnd");
            int end = at + 2;
            while (lines.get(end).startsWith("|")) {
                end++;
            }
            String table = String.join("\n", lines.subList(at + 2, end));
            assertTrue(readme.contains(table), "measured/README.md does not show what the code prints for measured/" + run + ":\n" + table);
        }
    }

    @Test
    void shouldSayByHowMuchARowFellBehindItsTargetRate() throws IOException {
        String md = MarkdownRenderer.render(ModelBuilder.build(org.jvmmark.results.ResultsReader.readDir(Golden.fixture("instruments"))));
        // Issue 23: "fell behind the target rate" beside a bare "100 k/s" read as a contradiction.
        assertTrue(md.contains("911/s (91.1 % of the 1000/s target)"), md);
        assertTrue(md.contains("fell behind the target rate (worst fork: 90.7 % of it achieved)"), md);
        // A shortfall that one decimal would round up to 100 % gets the digits that show it.
        assertEquals("99.9 %", Explanations.shareOf(0.9991));
        assertEquals("99.99 %", Explanations.shareOf(0.99991));
        assertEquals("99.999 %", Explanations.shareOf(0.999991));
        assertEquals("91.1 %", Explanations.shareOf(0.911));
        assertEquals("100 %", Explanations.shareOf(1.0));
    }

    private static boolean inOrder(String text, String words) {
        int at = 0;
        for (String w : words.split(" ")) {
            at = text.indexOf(w, at);
            if (at < 0) {
                return false;
            }
            at += w.length();
        }
        return true;
    }

    /** The showcase fixture (baseline, GC, an http sweep, a series) with hand-written verdicts on every outcome. */
    private ReportModel judgedShowcase() throws IOException {
        return HeadlineFixtures.withHeadlines(ModelBuilder.build(org.jvmmark.results.ResultsReader.readDir(Golden.fixture("showcase"))));
    }

    @Test
    void shouldRenderCsvEqualToTheGoldenFile() throws IOException {
        Path dir = Golden.copyFixture("baseline", tmp);
        Report.render(dir);
        Golden.assertMatches("golden/results.csv", Files.readString(dir.resolve("results.csv")));
    }

    @Test
    void shouldKeepFailedTimedOutAndUnsupportedTrialsAsRowsWithTheirReason() throws IOException {
        Path dir = Golden.copyFixture("baseline", tmp);
        Report.render(dir);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("**timeout** no result after 120 s"), md);
        assertTrue(md.contains("**unsupported** variant virtual needs JDK 21"), md);
        assertTrue(md.contains("**failed** validation failed: room #3"), md);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("validation failed: room #3"));
    }

    @Test
    void shouldInlineChartJsSoThePageNeedsNoNetwork() throws IOException {
        Path dir = Golden.copyFixture("baseline", tmp);
        Report.render(dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("Chart.js v4"), "Chart.js banner missing");
        assertTrue(!html.contains("<script src") && !html.contains("<link"), "the page must not load anything");
    }

    @Test
    void shouldRejectAMissingResultsFileWithOneLine() {
        IOException e = assertThrows(IOException.class, () -> Report.render(tmp));
        assertEquals("no results file: " + tmp.resolve("results.json"), e.getMessage());
    }

    @Test
    void shouldRejectAFileWithAnotherSchema() throws IOException {
        Files.writeString(tmp.resolve("results.json"), "{\"schema\": \"something/else\", \"trials\": []}");
        IOException e = assertThrows(IOException.class, () -> Report.render(tmp));
        assertTrue(e.getMessage().contains("has schema 'something/else', expected 'jvmmark/results/1'"), e.getMessage());
    }

    @Test
    void shouldRejectInvalidJsonWithItsLine() throws IOException {
        Files.writeString(tmp.resolve("results.json"), "{\n\"schema\": \"jvmmark/results/1\",\n\"trials\": [ { ]\n}");
        IOException e = assertThrows(IOException.class, () -> Report.render(tmp));
        assertTrue(e.getMessage().contains("is not valid JSON (line 3)"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void shouldLeaveOutAMetricWithoutAFiniteValueAndSaySo() throws IOException {
        Files.writeString(tmp.resolve("results.json"), "{\"schema\": \"jvmmark/results/1\", \"host\": {}, \"trials\": [{"
                + "\"id\": \"w/1\", \"workload\": \"w\", \"status\": \"ok\", \"jvm\": {\"vendor\": \"Eclipse Adoptium\", "
                + "\"version\": \"21.0.8\", \"feature\": 21}, \"metrics\": {\"score\": {\"value\": NaN, \"unit\": \"ops/s\"}, "
                + "\"rss\": {\"value\": 1048576, \"unit\": \"bytes\", \"better\": \"lower\"}}}]}");
        Report.render(tmp);
        String md = Files.readString(tmp.resolve("report.md"));
        assertTrue(md.contains("| Temurin 21.0.8 | 1 MiB |"), md);
        assertTrue(md.contains("metric 'score' has no finite value (NaN) and is left out"), md);
    }

    @Test
    void shouldRenderAnEmptyRunWithoutFailing() throws IOException {
        Files.writeString(tmp.resolve("results.json"), "{\"schema\": \"jvmmark/results/1\", \"created\": \"2026-11-20T12:00:00Z\", "
                + "\"profile\": \"smoke\", \"host\": {\"cpus\": 8}, \"trials\": []}");
        Report.render(tmp);
        assertTrue(Files.readString(tmp.resolve("report.md")).contains("0 trials: no trials"));
    }

    @Test
    void shouldReportACorruptHistogramAsOneLineNamingTrialAndProbe() throws IOException {
        // "AAAA" is valid base64 but too short for a histogram: HdrHistogram runs off the buffer's end.
        Golden.results(tmp, "{}", Golden.trial("w/1", "", "\"endToEnd\": {\"coCorrected\": true, "
                + "\"percentiles\": {\"50\": 100}, \"histogram\": \"AAAA\"}"));
        IOException e = assertThrows(IOException.class, () -> Report.render(tmp));
        assertTrue(e.getMessage().contains("trial w/1 probe endToEnd: corrupt histogram"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void shouldReadTheRunnersThpKeyAndSayWhenMemoryIsUnknown() throws IOException {
        Golden.results(tmp, "{\"cpus\": 2, \"memoryBytes\": null, \"transparentHugePages\": \"always\"}",
                Golden.trial("w/1", "\"score\": {\"value\": 3, \"unit\": \"ops/s\"}", ""));
        Report.render(tmp);
        String md = Files.readString(tmp.resolve("report.md"));
        assertTrue(md.contains("Host: 2 CPUs (none isolated) · memory unknown · THP always"), md);
    }

    @Test
    void shouldLeaveOutANegativeSizeAndSaySo() throws IOException {
        Golden.results(tmp, "{}",
                Golden.trial("w/1", "\"heap\": {\"value\": -1, \"unit\": \"bytes\", \"better\": \"lower\"}, "
                        + "\"score\": {\"value\": 3, \"unit\": \"ops/s\"}", ""));
        Report.render(tmp);
        String md = Files.readString(tmp.resolve("report.md"));
        assertTrue(md.contains("metric 'heap' has a negative size (-1 bytes) and is left out"), md);
        assertTrue(!md.contains("| heap"), md);
    }

    @Test
    void shouldTitleAndFileUncorrectedLatencyAsUncorrected() throws IOException {
        Path dir = Golden.copyFixture("baseline", tmp);
        Report.render(dir);
        assertTrue(Files.readString(dir.resolve("report.md")).contains("### Latency — append (not corrected for coordinated omission)"));
        assertTrue(Files.readString(dir.resolve("report.html"))
                .contains("queue-latency — append: latency by percentile (not corrected for coordinated omission) — lower is better"));
        String csv = Files.readString(dir.resolve("results.csv"));
        assertTrue(csv.contains(",ok,latency-uncorrected,append,50,"), csv);
        assertTrue(!csv.contains(",latency,append,"), "uncorrected percentiles filed as corrected");
    }
}
