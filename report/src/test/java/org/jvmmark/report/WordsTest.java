package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.Report;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.words.Words;

class WordsTest {
    private static Column metric(String unit, boolean higherIsBetter) {
        return new Column(Column.Kind.METRIC, null, "m", "m", unit, higherIsBetter, true, true);
    }

    @Test
    void shouldSayATimeThatIsWorseIsSlower() {
        Column p50 = new Column(Column.Kind.LATENCY, "endToEnd", "50", "p50", "ns", false, true, true);
        assertEquals("12 % slower", Words.worse(p50, 0.12));
        assertEquals("12 % slower", Words.worse(metric("ms/GiB", false), 0.12));
    }

    @Test
    void shouldBoundTheOtherRowFromAboveWhenOnlyTwoRan() {
        Column p50 = new Column(Column.Kind.LATENCY, "endToEnd", "50", "p50", "ns", false, true, true);
        // the interval reaches 49 % slower at worst: the other JVM is no more than that behind, never "more than"
        assertEquals("the other is no more than 49 % slower than A", Words.ruledOut(p50, "A", 1.49, false));
        assertEquals("no other JVM is more than 49 % slower than A", Words.ruledOut(p50, "A", 1.49, true));
    }

    @Test
    void shouldSayARateThatIsWorseIsSlowerAndABetterOneFaster() {
        Column rate = metric("msg/s", true);
        assertEquals("8.3 % slower", Words.worse(rate, 0.083));
        assertEquals("8.0 % faster (95 % CI 3.0–12 %)", Words.effect(rate, new Effect(1.08, 1.03, 1.12, 0.95, true)));
    }

    @Test
    void shouldSayASizeThatIsWorseIsMoreMemory() {
        assertEquals("4.4 % more memory", Words.worse(metric("bytes", false), 0.044));
        assertEquals("10 % lower", Words.worse(metric("ops", true), 0.1));
    }

    @Test
    void shouldSayNothingForAnUnknownDifference() {
        assertEquals("", Words.worse(metric("ops", true), Double.NaN));
    }

    @Test
    void shouldSayAChangeOverTimeInTheFiguresWordsNeverWithABareSign() {
        assertEquals("12 % slower", Words.change("ns", 1.12));
        assertEquals("8.0 % slower", Words.change("msg/s", 0.92));
        assertEquals("2.0× less memory", Words.change("bytes", 0.5));
        assertEquals("12 % higher", Words.change("", 1.12));
        assertEquals("same", Words.change("ns", 1.0001));
        assertEquals("", Words.change("ns", Double.NaN));
        assertEquals("", Words.change("ns", 0));
    }

    @Test
    void shouldSayASpreadPastTenPercentIsLargeAndWhereToReadWhy() {
        Column p50 = new Column(Column.Kind.LATENCY, "endToEnd", "50", "p50", "ns", false, true, true);
        assertEquals("Fork to fork, p50 latency varies by 4 % here (the median row's standard deviation; 4 rows, 12 forks).",
                Words.spread(p50, 0.04, 4, 12, Double.NaN));
        String large = Words.spread(p50, 0.18, 2, 6, 2.4);
        assertTrue(large.contains("within the machine's two observed launch levels, the figure 2.40× on the upper one") && large.contains("more than 10 %")
                && large.contains("the guide's workloads page"), large);
        assertEquals("", Words.spread(p50, Double.NaN, 2, 2, Double.NaN));
    }

    @Test
    void shouldEndARunsCannotTellWithTheCommandThatBuysTheForks(@TempDir Path tmp) throws Exception {
        Path dir = FixtureGenerator.writeTruth(tmp.resolve("run"), 2, 0.001, new FixtureGenerator.Truth("synthetic", 17, 1000, 1060, 1000),
                new FixtureGenerator.Truth("synthetic", 25, 1020, 1000, 1050));
        String command = "./jvmmark run --resume --out " + dir + " --more 5m";
        ReportModel model = Report.render(dir, 0.05);
        String text = Report.verdictText(model).replaceAll("\\s+", " ");
        assertTrue(text.matches(".*cannot tell .*[0-9]+ forks a side would tell \\(about .*\\); provisionally .*; "
                + Pattern.quote(command) + "( .*)?"), text);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains(" forks a side would tell (" + command), md);
        assertTrue(!ModelBuilder.build(ResultsReader.readDir(dir)).toString().contains("--more"),
                "only the report of a run in its directory names it");
        assertEquals("./jvmmark run --resume --out 'runs/a b' --more 5m", Words.moreCommand(Path.of("runs/a b")));
    }
}
