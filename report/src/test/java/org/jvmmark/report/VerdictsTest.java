package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jvmmark.report.FixtureGenerator.Truth;
import static org.jvmmark.report.FixtureGenerator.around;
import static org.jvmmark.report.FixtureGenerator.drawn;

import org.jvmmark.report.Compare;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.words.VerdictTable;

/**
 * The verdicts against fixtures with known truth: every fork drawn around a set level. Each case is
 * one that the per-run Welch test this replaced got wrong.
 */
class VerdictsTest {
    private static final double TIGHT = 0.001;

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private ReportModel model(long seed, Truth... rows) throws IOException {
        Path dir = FixtureGenerator.writeTruth(tmp.resolve("m" + seed + "-" + rows.length), seed, 0.02, rows);
        return ModelBuilder.build(ResultsReader.readDir(dir));
    }

    private static Section section(ReportModel m, String workload) {
        return m.sections().stream().filter(s -> s.workload().equals(workload)).findFirst().orElseThrow();
    }

    /** The endToEnd p50 cell of a row, by JDK feature. */
    private static Cell p50(Section s, int feature) {
        Table t = s.tables().get(0);
        int c = t.columns().indexOf(t.columns().stream().filter(col -> col.key().equals("50")).findFirst().orElseThrow());
        for (int r = 0; r < t.rows().size(); r++) {
            if (t.rows().get(r).jvm().feature() == feature) {
                return t.cell(r, c);
            }
        }
        throw new AssertionError("no row for JDK " + feature);
    }

    private int compare(long seed, double runSpread, Truth a, Truth b) throws IOException {
        Path da = FixtureGenerator.writeTruth(tmp.resolve("a" + seed), seed, runSpread, a);
        Path db = FixtureGenerator.writeTruth(tmp.resolve("b" + seed), seed + 1, runSpread, b);
        return Compare.compare(da, db, 0.05, null, out);
    }

    @Test
    void shouldSayCannotTellOnOneForkASideAtTwoLevelsWithTightRuns() throws IOException {
        // This VM's two levels: one JVM launch at 500 ns, another at 1000 ns, each with runs agreeing to 0.1 %.
        assertEquals(5, compare(1, TIGHT, new Truth("synthetic", 25, 500), new Truth("synthetic", 25, 1000)), printed());
        assertTrue(printed().startsWith("CANNOT TELL whether anything regressed: 0 regressed"), printed());
        assertTrue(printed().contains("cannot tell (1 fork on a side, 3 a side needed; 3 forks a side would tell)"), printed());

        Path dir = FixtureGenerator.writeTruth(tmp.resolve("report"), 2, TIGHT, new Truth("synthetic", 17, 1000),
                new Truth("synthetic", 25, 500));
        Section s = section(ModelBuilder.build(ResultsReader.readDir(dir)), "synthetic");
        assertEquals(Cell.Mark.TOO_FEW_FORKS, p50(s, 17).mark());
        assertEquals(Headline.Outcome.TOO_FEW_FORKS, s.headlines().get(0).outcome());
        assertTrue(s.headlines().get(0).words().contains("no row has the 3 forks a verdict needs"), s.headlines().get(0).words());
    }

    @Test
    void shouldCallFiveForksAt500Against1000ARegression() throws IOException {
        int exit = compare(3, 0.02, new Truth("synthetic", 25, around(3, 5, 500, 0.03)),
                new Truth("synthetic", 25, around(4, 5, 1000, 0.03)));
        assertEquals(1, exit, printed());
        assertTrue(printed().startsWith("REGRESSED: "), printed());
        assertTrue(printed().contains("synthetic · Temurin 25.0.1 · G1 · p50 latency: "), printed());

        Section s = section(model(5, new Truth("synthetic", 17, around(5, 5, 1000, 0.03)),
                new Truth("synthetic", 25, around(6, 5, 500, 0.03))), "synthetic");
        assertEquals(Cell.Mark.SIGNIFICANT, p50(s, 17).mark());
        assertEquals(Cell.Mark.BEST, p50(s, 25).mark());
        Headline h = s.headlines().get(0);
        assertEquals(Headline.Outcome.WINNER, h.outcome(), h.words());
        assertEquals(25, h.winner().jvm().feature());
        assertTrue(h.effect().low() > 1.7 && h.effect().high() < 2.2, "about 2× slower: " + h.effect());
        assertTrue(h.words().matches(".*Temurin 25\\.0\\.1 · G1 wins on p50 latency: OpenJDK \\(Debian\\) 17\\.0\\.17 · G1 is "
                + "\\d+ % slower \\(9\\d(\\.\\d)? % CI \\d+–\\d+ %\\), 5 forks each\\."), h.words());
    }

    @Test
    void shouldGiveNoVerdictWhenBothSidesComeFromTheSameTwoLevelDistribution() throws IOException {
        for (long seed = 10; seed < 15; seed++) {
            bytes.reset();
            int exit = compare(seed, 0.02, new Truth("synthetic", 25, drawn(seed, 5, 500, 1000)),
                    new Truth("synthetic", 25, drawn(seed + 100, 5, 500, 1000)));
            assertTrue(exit == 0 || exit == 5, exit + ": " + printed());
            assertTrue(printed().matches("(?s)(No regression|CANNOT TELL)[^:\n]*: 0 regressed, 0 improved.*"), printed());
        }
    }

    @Test
    void shouldNotCallOnePercentOnTightForks() throws IOException {
        // One run a side: never a call, and never "no difference" on an assumed run-to-run spread (DESIGN.md §4).
        int exit = compare(20, TIGHT, new Truth("synthetic", 25, around(20, 5, 500, 0.001)),
                new Truth("synthetic", 25, around(21, 5, 505, 0.001)));
        assertEquals(5, exit, printed());
        assertTrue(printed().lines().anyMatch(l -> l.contains("p50 latency") && l.contains("the run-to-run spread assumed")),
                printed());
    }

    @Test
    void shouldJudgeOneWildRowOnItsOwnSpreadWhileTheOthersKeepTheirVerdicts() throws IOException {
        Truth fast = new Truth("synthetic", 17, around(30, 5, 500, 0.02));
        Truth slow = new Truth("synthetic", 21, around(31, 5, 1000, 0.02));
        Truth wild = new Truth("synthetic", 25, 600, 1000, 610, 50_000, 700);
        Section s = section(model(30, fast, slow, wild), "synthetic");
        Cell w = p50(s, 25);
        assertEquals(Cell.Mark.CANNOT_TELL, w.mark(), w.why());
        assertTrue(w.judgement().ownSpread(), w.why());
        assertTrue(w.why().contains("judged on its own spread"), w.why());
        assertEquals(5, w.figure().forks().length, "the per-fork values are shown");
        assertEquals(Cell.Mark.SIGNIFICANT, p50(s, 21).mark(), "the wild row does not switch off the others' verdicts");
        assertEquals(Cell.Mark.LEADS, p50(s, 17).mark());
        Headline h = s.headlines().get(0);
        assertEquals(Headline.Outcome.CANNOT_TELL, h.outcome(), h.words());
        assertTrue(h.words().startsWith("Cannot tell on p50 latency whether OpenJDK (Debian) 17.0.17 · G1 beats Temurin 25.0.1 · G1"),
                h.words());
    }

    @Test
    void shouldNeverGuessLevelsFromTheFigureItself() throws IOException {
        // Two rows, each with forks on both of two levels 2× apart, no machine probe beside them: the levels are fork
        // noise (DESIGN.md §3), so neither row is ranked above the other on them.
        Truth a = new Truth("synthetic", 17, 500, 1000, 510, 990, 505);
        Truth b = new Truth("synthetic", 25, 1000, 520, 1010, 515, 995);
        Section s = section(model(90, a, b), "synthetic");
        Cell other = p50(s, 17).judgement() != null ? p50(s, 17) : p50(s, 25);
        assertFalse(other.judgement().withinLevels(), other.why());
        assertEquals(Cell.Mark.CANNOT_TELL, other.mark(), other.why());
    }

    @Test
    void shouldTakeLevelsThatOneRowAloneShowsAsThatRowsOwnBehaviour() throws IOException {
        // Issue 23: "no difference beyond noise … 77 % slower (99.2 % CI 41–120 %)". Only 21 has forks on both levels:
        // that is 21's own behaviour, not the machine's, so 17 (always 500) and 25 (always 1000) are compared as
        // measured — 25 is 2× slower — and 21, on its own spread, cannot be told: no winner, never "no difference".
        Truth low = new Truth("synthetic", 17, 500, 505, 510);
        Truth high = new Truth("synthetic", 25, 1000, 1010, 990);
        Truth both = new Truth("synthetic", 21, 500, 1000, 505, 1005, 498);
        Section s = section(model(95, low, high, both), "synthetic");
        assertEquals(Cell.Mark.SIGNIFICANT, p50(s, 25).mark(), p50(s, 25).why());
        assertFalse(p50(s, 25).judgement().withinLevels());
        assertEquals(Cell.Mark.CANNOT_TELL, p50(s, 21).mark(), p50(s, 21).why());
        assertTrue(p50(s, 21).judgement().ownSpread(), p50(s, 21).why());
        Headline h = s.headlines().get(0);
        assertEquals(Headline.Outcome.CANNOT_TELL, h.outcome(), h.words());
        assertFalse(h.words().toLowerCase(java.util.Locale.ROOT).contains("no difference"), h.words());
        assertEquals("cannot tell", VerdictTable.of(new ReportModel(null, null, List.of(s), 0.05)).lines().get(0).winner());
    }

    @Test
    void shouldNeverMakeAOneForkRowTheReference() throws IOException {
        // The fastest row kept 1 fork (the others crashed): the winner is chosen among rows with 3 forks, and the
        // 1-fork row keeps it from being named: cannot tell, too few forks.
        Truth lonely = new Truth("synthetic", 11, 400, FixtureGenerator.FAILED, FixtureGenerator.FAILED);
        Truth fast = new Truth("synthetic", 17, around(60, 5, 500, 0.02));
        Truth slow = new Truth("synthetic", 25, around(61, 5, 650, 0.02));
        Section s = section(model(60, lonely, fast, slow), "synthetic");
        assertEquals(Cell.Mark.TOO_FEW_FORKS, p50(s, 11).mark());
        assertEquals(Cell.Mark.SIGNIFICANT, p50(s, 25).mark(), "the comparison is not silenced");
        Headline h = s.headlines().get(0);
        assertEquals(17, h.winner().jvm().feature(), h.words());
        assertEquals(Headline.Outcome.TOO_FEW_FORKS, h.outcome(), h.words());
        assertTrue(h.words().contains("1 fork on a side, 3 a side needed"), h.words());
    }

    @Test
    void shouldLeaveAStableWorkloadsVerdictUnaffectedByANoisyOne() throws IOException {
        Truth fast = new Truth("synthetic", 17, around(40, 5, 500, 0.02));
        Truth slow = new Truth("synthetic", 25, around(41, 5, 600, 0.02));
        Section alone = section(model(40, fast, slow), "synthetic");
        Section withNoise = section(model(40, fast, slow, new Truth("queue-latency", 17, drawn(42, 5, 400, 900, 120_000)),
                new Truth("queue-latency", 25, drawn(43, 5, 400, 900, 120_000))), "synthetic");
        assertEquals(alone.headlines().get(0).words(), withNoise.headlines().get(0).words());
        assertEquals(Headline.Outcome.WINNER, withNoise.headlines().get(0).outcome());
        assertEquals(p50(alone, 25).mark(), p50(withNoise, 25).mark());
        assertTrue(withNoise.tables().get(0).columns().get(0).trusted());
    }

    @Test
    void shouldCallNoRegressionInAnAaComparison() throws IOException {
        // The same command twice: the same truth, drawn with different seeds (forks vary by 3 % as on this machine).
        for (long seed = 50; seed < 60; seed++) {
            bytes.reset();
            Path a = FixtureGenerator.writeTruth(tmp.resolve("aa" + seed), seed, 0.02,
                    new Truth("synthetic", 17, around(seed, 3, 500, 0.03)), new Truth("synthetic", 25, around(seed + 7, 3, 450, 0.03)));
            Path b = FixtureGenerator.writeTruth(tmp.resolve("bb" + seed), seed + 1000, 0.02,
                    new Truth("synthetic", 17, around(seed + 500, 3, 500, 0.03)),
                    new Truth("synthetic", 25, around(seed + 507, 3, 450, 0.03)));
            int exit = Compare.compare(a, b, 0.05, null, out);
            assertTrue(exit == 0 || exit == 5, exit + ": " + printed());
            assertTrue(printed().matches("(?s)(No regression|CANNOT TELL)[^:\n]*: 0 regressed, 0 improved.*"), printed());
        }
    }

    @Test
    void shouldSayNoDifferenceAmongTheLeadersAndNameTheSlowerOnes() throws IOException {
        // Two JVMs within 1 % of each other, a third 20 % slower, tight forks: "no difference" between the leaders (their
        // interval inside ±5 %), the slower one named — never "cannot tell" beside an interval inside the threshold.
        Section s = section(model(60, new Truth("synthetic", 17, around(61, 5, 500, 0.005)),
                new Truth("synthetic", 25, around(62, 5, 503, 0.005)), new Truth("synthetic", 21, around(63, 5, 600, 0.005))),
                "synthetic");
        Headline h = s.headlines().get(0);
        assertEquals(Headline.Outcome.NO_DIFFERENCE, h.outcome(), h.words());
        assertTrue(h.words().contains("worse: Temurin 21"), h.words());
    }

    @Test
    void shouldCompareWithinTheLevelsTheMachineProbeObserved() throws IOException {
        // The same two rows as shouldNeverGuessLevelsFromTheFigureItself, each fork's level now measured beside it by
        // the machine probe (≈ 130 ns or ≈ 400 ns round trips): within the levels the rows are 1 % apart.
        Truth a = new Truth("synthetic", 17, 500, 1000, 510, 990, 505).withProbe(131, 402, 128, 395, 133);
        Truth b = new Truth("synthetic", 25, 1000, 520, 1010, 515, 995).withProbe(398, 129, 405, 132, 401);
        Section s = section(model(90, a, b), "synthetic");
        Cell other = p50(s, 17).judgement() != null ? p50(s, 17) : p50(s, 25);
        assertTrue(other.judgement().withinLevels(), other.why());
        assertTrue(other.why().contains("within the machine's two observed launch levels, the figure 1.9"), other.why());
        // The medians beside it are 2x apart; the change is level for level, and the words say so before the number.
        assertTrue(other.why().startsWith("level for level "), other.why());
        assertEquals(1.02, other.effect().ratio(), 0.03, other.why());
    }
}
