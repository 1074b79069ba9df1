package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.jvmmark.report.FixtureGenerator.Truth;
import static org.jvmmark.report.FixtureGenerator.around;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.builders.ComparisonBuilder;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;

/**
 * One judge, one answer: the same two sets of fork values, judged by the report (two JVMs of one run, the slower
 * against the best) and by {@code compare} (one JVM in A and in B, the run-to-run spread known to be nil), get the same
 * answer and the same effect.
 */
class SameAnswerTest {
    @TempDir
    Path tmp;

    private Judgement report(double[] best, double[] other) throws IOException {
        Path dir = FixtureGenerator.writeTruth(tmp.resolve("report"), 1, 0.0, new Truth("synthetic", 25, best),
                new Truth("synthetic", 17, other));
        Section s = ModelBuilder.build(ResultsReader.readDir(dir)).sections().get(0);
        Table t = s.tables().get(0);
        int c = t.columns().indexOf(t.columns().stream().filter(col -> col.key().equals("50")).findFirst().orElseThrow());
        for (int r = 0; r < t.rows().size(); r++) {
            if (t.rows().get(r).jvm().feature() == 17) {
                return t.cell(r, c).judgement();
            }
        }
        throw new AssertionError("no JDK 17 row");
    }

    private Judgement compare(double[] a, double[] b) throws IOException {
        Path da = FixtureGenerator.writeTruth(tmp.resolve("a"), 1, 0.0, new Truth("synthetic", 25, a));
        Path db = FixtureGenerator.writeTruth(tmp.resolve("b"), 1, 0.0, new Truth("synthetic", 25, b));
        // Across runs the run-to-run spread adds to the forks' (DESIGN.md §4); with it known to be nil the two surfaces
        // judge the same forks the same way.
        Comparison c = ComparisonBuilder.compare(java.util.List.of(ModelBuilder.build(ResultsReader.readDir(da))),
                java.util.List.of(ModelBuilder.build(ResultsReader.readDir(db))), Judge.at(0.05), false,
                k -> org.jvmmark.report.judge.RunSpread.stored(0), false);
        return c.lines().stream().filter(l -> l.figure().equals("p50 latency")).findFirst().orElseThrow().judgement();
    }

    private void assertSameAnswer(double[] reference, double[] candidate, Judgement.Answer expected) throws IOException {
        Judgement inReport = report(reference, candidate);
        Judgement inCompare = compare(reference, candidate);
        assertEquals(expected, inReport.answer(), inReport.toString());
        assertEquals(expected, inCompare.answer(), inCompare.toString());
        // The fixture writes each fork's runs into a histogram: its p50 is its level to within the histogram's 0.1 % precision.
        assertEquals(inReport.effect().ratio(), inCompare.effect().ratio(), 0.002, "the same effect on both surfaces");
    }

    @Test
    void shouldCallTheSameRegressionInTheReportAndInCompare() throws IOException {
        assertSameAnswer(around(1, 5, 500, 0.01), around(2, 5, 600, 0.01), Judgement.Answer.WORSE);
    }

    @Test
    void shouldSayNoDifferenceInBothOnlyWithinTheThreshold() throws IOException {
        assertSameAnswer(around(3, 8, 500, 0.005), around(4, 8, 501, 0.005), Judgement.Answer.NO_DIFFERENCE);
    }

    @Test
    void shouldSayCannotTellInBothWhenTheIntervalIsWide() throws IOException {
        assertSameAnswer(new double[] {500, 540, 470}, new double[] {520, 480, 565}, Judgement.Answer.CANNOT_TELL);
    }
}
