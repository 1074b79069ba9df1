package org.jvmmark.report.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.Judgement.Answer;
import org.jvmmark.report.judge.Judgement.Reason;

/** {@link Judge} on evidence whose truth is known: one fixture per rule. */
class JudgeTest {
    private static Evidence latency(RowForks... rows) {
        return new Evidence("endToEnd/50", "ns", false, List.of(rows));
    }

    /** Two runs (batches 0 and 1) of the same two rows, JDK 17 and 25: A17, A25, B17, B25. */
    private static Evidence twoRuns(double[] a17, double[] a25, double[] b17, double[] b25) {
        return latency(new RowForks("A17", a17, List.of(), 0, 0), new RowForks("A25", a25, List.of(), 0, 0),
                new RowForks("B17", b17, List.of(), 0, 1), new RowForks("B25", b25, List.of(), 0, 1));
    }

    @Test
    void shouldSayNoDifferenceOnlyWhenTheWholeIntervalLiesWithinTheThreshold() {
        // 1 % noise, 6 forks, equal: the interval is about ±1.5 %, inside ±5 %.
        Evidence tight = latency(RowForks.of("a", 100, 101, 99, 100.5, 99.5, 100), RowForks.of("b", 100.2, 99.1, 101, 100, 99.7, 100.4));
        Judgement j = Judge.judge(new Contrast(tight, "b", "a"), 0.05);
        assertEquals(Answer.NO_DIFFERENCE, j.answer(), j.toString());
        assertTrue(j.effect().low() >= 0.95 && j.effect().high() <= 1.05, j.toString());
        // 10 % noise, 3 forks, a 3 % gap: not significant, and the interval reaches far past 5 %: cannot tell.
        Evidence wide = latency(RowForks.of("a", 100, 112, 90), RowForks.of("b", 104, 115, 91));
        Judgement w = Judge.judge(new Contrast(wide, "b", "a"), 0.05);
        assertEquals(Answer.CANNOT_TELL, w.answer(), w.toString());
        assertEquals(Reason.INTERVAL_WIDE, w.reason());
        assertTrue(w.effect().high() > 1.05);
        assertTrue(w.forksToTell() > 3, "what would tell: " + w.forksToTell());
        assertTrue(w.couldBeWorse());
    }

    @Test
    void shouldCallADifferenceOnlyPastTheThreshold() {
        Evidence e = latency(RowForks.of("a", 100, 101, 99, 100), RowForks.of("b", 120, 121, 119, 120.5),
                RowForks.of("c", 102, 103, 101, 102.5));
        List<Judgement> js = Judge.judge(List.of(new Contrast(e, "b", "a"), new Contrast(e, "c", "a")), 0.05);
        assertEquals(Answer.WORSE, js.get(0).answer());
        assertEquals(Reason.CALLED, js.get(0).reason());
        // 2 % slower and clearly so, yet inside the threshold: no difference, never a call.
        assertEquals(Answer.NO_DIFFERENCE, js.get(1).answer(), js.get(1).toString());
        // Higher is better: a 20 % lower throughput is worse.
        Evidence rate = new Evidence("metric/score", "msg/s", true,
                List.of(RowForks.of("a", 100, 101, 99, 100), RowForks.of("b", 80, 81, 79, 80.5)));
        assertEquals(Answer.WORSE, Judge.judge(new Contrast(rate, "b", "a"), 0.05).answer());
        assertEquals(Answer.BETTER, Judge.judge(new Contrast(rate, "a", "b"), 0.05).answer());
    }

    @Test
    void shouldNeedThreeForksASide() {
        Evidence e = latency(RowForks.of("a", 100, 101), RowForks.of("b", 150, 151, 149));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.CANNOT_TELL, j.answer());
        assertEquals(Reason.TOO_FEW_FORKS, j.reason());
        assertEquals(3, j.forksToTell());
    }

    @Test
    void shouldCallAFailureWhereTheReferenceRanAWorsening() {
        Evidence e = latency(RowForks.of("a", 100, 101, 99), new RowForks("b", new double[] {100, 101}, List.of(), 1));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.WORSE, j.answer());
        assertEquals(Reason.FAILED, j.reason());
        assertEquals(ExitStatus.REGRESSED, ExitStatus.of(List.of(j)));
    }

    @Test
    void shouldJudgeRowsWithinTheMachinesLevels() {
        // Two levels 2.5× apart; every row has forks on both; within a level rows a, c and d are equal and b is 15 %
        // slower. Judged on raw forks this is hopeless; within levels it is clear.
        Evidence e = latency(
                RowForks.of("a", 450, 455, 1130, 448, 1125, 1140),
                RowForks.of("b", 520, 1300, 515, 1290, 1305, 522),
                RowForks.of("c", 452, 1128, 1135, 449, 451, 1131),
                RowForks.of("d", 1129, 447, 453, 1133, 450, 1127));
        List<Judgement> js = Judge.judge(List.of(new Contrast(e, "b", "a"), new Contrast(e, "c", "a"),
                new Contrast(e, "d", "a")), 0.05);
        assertEquals(Answer.WORSE, js.get(0).answer(), js.get(0).toString());
        assertTrue(js.get(0).withinLevels());
        assertEquals(1.15, js.get(0).effect().ratio(), 0.01);
        assertEquals(Answer.NO_DIFFERENCE, js.get(1).answer(), js.get(1).toString());
        assertEquals(Answer.NO_DIFFERENCE, js.get(2).answer(), js.get(2).toString());
        assertEquals(2.5, js.get(0).levelGap(), 0.05);
    }

    @Test
    void shouldSayCannotTellWhenEveryForkOfOneRowSitsOnOneLevelAndTheOthersOnTheOther() {
        // a all low, b all high: the gap or the machine? Rows c and d show the machine is two-level.
        Evidence e = latency(
                RowForks.of("a", 450, 455, 448),
                RowForks.of("b", 1130, 1125, 1140),
                RowForks.of("c", 452, 1128, 1135, 449),
                RowForks.of("d", 1129, 447, 453, 1133));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
        assertEquals(Reason.LEVELS_CONFOUNDED, j.reason());
        assertTrue(j.forksToTell() > 3);
        // The same split on 8 forks a side is beyond chance: where b's forks land is b's own behaviour, and b is slower.
        Evidence many = latency(
                RowForks.of("a", 450, 455, 448, 451, 449, 452, 447, 453),
                RowForks.of("b", 1130, 1125, 1140, 1128, 1131, 1135, 1127, 1133),
                RowForks.of("c", 452, 1128, 1135, 449),
                RowForks.of("d", 1129, 447, 453, 1133));
        Judgement k = Judge.judge(new Contrast(many, "b", "a"), 0.05);
        assertEquals(Answer.WORSE, k.answer(), k.toString());
        assertEquals(2.5, k.effect().ratio(), 0.05);
    }

    @Test
    void shouldNotCompareRunsWhoseForksAllSatOnDifferentLevels() {
        // An A/A pair measured here (aa-answers, 2026-11-26 19:33 and 19:34): every fork of run A on the VM's upper
        // level, every fork of run B on its lower one, both JDKs alike. The old judge called "3.5× faster" on identical
        // runs; the mirror image would have been a 3.5× regression.
        Evidence runs = twoRuns(new double[] {1069, 1092, 1093, 1069},
                new double[] {1096, 1115, 1063, 1074},
                new double[] {302, 290, 305, 314, 325, 318, 312},
                new double[] {305, 306, 324, 320, 334, 329, 336});
        List<Judgement> across = Judge.judge(List.of(new Contrast(runs, "B17", "A17"), new Contrast(runs, "A25", "B25")), 0.05);
        for (Judgement j : across) {
            assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
            assertEquals(Reason.RUNS_ON_TWO_LEVELS, j.reason(), j.toString());
            assertFalse(j.estimated());
            assertTrue(j.couldBeWorse(), "either way: a gate cannot pass on it");
        }
        // Nearly so (aa-answers at 20:06): one fork of A17 on the lower level, every other fork of A on the upper, all of B
        // on the lower. One row shows both levels and each level holds two rows: the levels are the machine's, and no
        // row of B is called faster than its twin.
        Evidence nearly = twoRuns(new double[] {320, 1044, 1063, 1067, 1068, 1071, 1062, 1071},
                new double[] {1097, 1073, 1096, 1074, 1093, 1064, 1084, 1083},
                new double[] {312, 297, 305, 306, 308, 317, 315, 302},
                new double[] {314, 314, 308, 320, 331, 326, 321, 313});
        for (Judgement j : Judge.judge(List.of(new Contrast(nearly, "B17", "A17"), new Contrast(nearly, "B25", "A25")), 0.05)) {
            assertFalse(j.called(), j.toString());
        }
        // Rows of one run are compared as ever.
        Judgement within = Judge.judge(new Contrast(runs, "B25", "B17"), 0.05);
        assertTrue(within.estimated(), within.toString());
        // One run alone: a row all high against a row all low is judged as before (the rows' own behaviour, or the
        // levels shown by other rows).
        Evidence oneRun = latency(RowForks.of("A17", 1069, 1092, 1093, 1069), RowForks.of("B17", 302, 290, 305, 314, 325));
        assertEquals(Answer.BETTER, Judge.judge(new Contrast(oneRun, "B17", "A17"), 0.05).answer());
    }

    @Test
    void shouldTakeLevelsAsTheMachinesWhenEachRunsRowsLandAlikeThoughTheRunsDoNot() {
        // An A/A pair measured here (queue-latency p50, two JDKs): run A put 4 of 5 forks of each row on the upper level,
        // run B a minute later none of 8. Within each run the rows agree: the machine changed between the runs.
        double[] a17 = {1064, 304, 1090, 1080, 1100};
        double[] a25 = {1060, 324, 1108, 1127, 1082};
        double[] b17 = {311, 311, 313, 353, 314, 303, 310, 311};
        double[] b25 = {312, 328, 344, 326, 319, 322, 321, 337};
        Evidence runs = twoRuns(a17, a25, b17, b25);
        List<Judgement> js = Judge.judge(List.of(new Contrast(runs, "B17", "A17"), new Contrast(runs, "B25", "A25")), 0.05);
        for (Judgement j : js) {
            assertTrue(j.withinLevels(), j.toString());
            assertTrue(j.effect().low() > 0.85 && j.effect().high() < 1.15, j.toString());
            assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
        }
        // Tighter forks, the same shares (4 of 5 a row on the upper level, then 0 of 8): the runs' shares moved beyond
        // chance — the machine, or a change that makes launches land high. The levels are the machine's blocking factor:
        // within them the rows agree, and that is "no difference", with the moved shares said.
        double[] highA17 = {1080, 310, 1085, 1079, 1083};
        double[] highA25 = {1090, 312, 1088, 1093, 1086};
        Evidence tight = twoRuns(highA17, highA25,
                new double[] {311, 309, 312, 310, 308, 311, 310, 309},
                new double[] {313, 311, 312, 314, 310, 312, 313, 311});
        Judgement same = Judge.judge(new Contrast(tight, "B17", "A17"), 0.05);
        assertEquals(Answer.NO_DIFFERENCE, same.answer(), same.toString());
        assertTrue(same.shareMoved(), same.toString());
        assertEquals(ExitStatus.OK, ExitStatus.of(List.of(same)));
        // The same shares with B 8 % slower within the levels: a call would rest on the gap carried across runs that sat
        // on the levels differently, so it is withheld — cannot tell, and a gate counts it as a possible slowdown.
        Evidence slower = twoRuns(highA17, highA25,
                new double[] {336, 334, 337, 335, 333, 336, 335, 334},
                new double[] {338, 336, 337, 339, 335, 337, 338, 336});
        Judgement moved = Judge.judge(new Contrast(slower, "B17", "A17"), 0.05);
        assertEquals(Reason.SHARE_MOVED, moved.reason(), moved.toString());
        assertTrue(moved.couldBeWorse());
        assertEquals(ExitStatus.CANNOT_TELL, ExitStatus.of(List.of(moved)));
        // B put fewer launches on the slower level and is a little faster within the levels, its interval reaching past
        // -5 % but not past +5 %: no call, but a gate passes — fewer slow launches cannot hide a slowdown, and within the
        // levels B is not worse by 5 %. The same forks the other way round (A as the new run, more of its launches on the
        // slower level): the gate cannot exclude a slowdown the size of the gap.
        Evidence faster = twoRuns(highA17, highA25,
                new double[] {296, 310, 290, 305, 299, 288, 306, 300},
                new double[] {305, 300, 292, 310, 298, 303, 296, 301});
        Judgement fewerSlow = Judge.judge(new Contrast(faster, "B17", "A17"), 0.05);
        assertEquals(Reason.SHARE_MOVED, fewerSlow.reason(), fewerSlow.toString());
        assertEquals(Judgement.ShareMove.TOWARD_BETTER, fewerSlow.shareMove(), fewerSlow.toString());
        assertTrue(fewerSlow.effect().low() < 0.95 && fewerSlow.effect().high() < 1.05, fewerSlow.toString());
        assertFalse(fewerSlow.couldBeWorse(), fewerSlow.toString());
        assertEquals(ExitStatus.OK, ExitStatus.of(List.of(fewerSlow)));
        Judgement moreSlow = Judge.judge(new Contrast(faster, "A17", "B17"), 0.05);
        assertEquals(Judgement.ShareMove.TOWARD_WORSE, moreSlow.shareMove(), moreSlow.toString());
        assertTrue(moreSlow.couldBeWorse(), moreSlow.toString());
        // The same forks as one batch: rows that land high in shares this different are the rows' own behaviour.
        Evidence oneBatch = latency(RowForks.of("A17", a17), RowForks.of("A25", a25), RowForks.of("B17", b17),
                RowForks.of("B25", b25));
        assertFalse(Judge.judge(new Contrast(oneBatch, "B17", "A17"), 0.05).withinLevels());
        // Within one run, a row whose every launch lands high beside rows that land low stays its own behaviour.
        Evidence oneRowSlow = twoRuns(a17,
                a25,
                b17,
                new double[] {1090, 1101, 1085, 1120, 1096, 1088, 1110, 1093});
        Judgement slow = Judge.judge(new Contrast(oneRowSlow, "B25", "A25"), 0.05);
        assertFalse(slow.withinLevels(), slow.toString());
    }

    @Test
    void shouldNotTakeAForkWhoseRunsSatOnBothLevelsAsEvidenceOfItsRow() {
        // Row a's last fork: one run on each level, its median a blend (389 ns) true of neither. It shows that the machine
        // changed while the JVM ran (so the levels are the machine's, with row c's forks on both), but it is left out of
        // a's figure: with it, a's spread would swamp the comparison.
        List<double[]> runs = new ArrayList<>();
        double[] a = {309, 297, 304, 304, 309, 312, 389};
        for (double v : a) {
            runs.add(v == 389 ? new double[] {1028, 343} : new double[] {v, v});
        }
        Evidence e = latency(new RowForks("a", a, runs, 0),
                RowForks.of("b", 307, 302, 311, 303, 305, 308, 306),
                RowForks.of("c", 1080, 306, 1095, 303, 1101, 310, 1090));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.NO_DIFFERENCE, j.answer(), j.toString());
        assertTrue(j.effect().low() > 0.97 && j.effect().high() < 1.03, j.toString());
    }

    @Test
    void shouldNotCompareRowsOnDifferentLevelsWhenOnlyForksWhoseRunsSwitchedShowTheLevels() {
        // Each row's only sign of the second level is a fork whose runs sat on both; left out, no row keeps forks on both
        // levels, so the gap is unknown: a row all low against a row all high cannot be told from the machine.
        List<double[]> lowRuns = new ArrayList<>();
        List<double[]> highRuns = new ArrayList<>();
        double[] low = {300, 305, 298, 302, 1001};
        double[] high = {1050, 1062, 1041, 1055, 352};
        for (int i = 0; i < low.length; i++) {
            lowRuns.add(i == 4 ? new double[] {1028, 343, 1033} : new double[] {low[i], low[i]});
            highRuns.add(i == 4 ? new double[] {330, 1040, 338} : new double[] {high[i], high[i]});
        }
        Evidence e = latency(new RowForks("a", low, lowRuns, 0, 0), new RowForks("b", high, highRuns, 0, 1));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
        assertTrue(j.couldBeWorse(), j.toString());
    }

    @Test
    void shouldWidenEachIntervalForTheWholeFamilyItIsPartOf() {
        Evidence e = latency(RowForks.of("a", 100, 101, 99, 100.5), RowForks.of("b", 103, 104, 102, 103.5));
        Judgement alone = Judge.judge(List.of(new Contrast(e, "b", "a")), 0.05, 0).get(0);
        Judgement inTen = Judge.judge(List.of(new Contrast(e, "b", "a")), 0.05, 10).get(0);
        assertEquals(alone.effect().ratio(), inTen.effect().ratio(), 1e-12);
        assertTrue(alone.answer() == inTen.answer(), alone + " / " + inTen);
        // the family's level: 1 − 5 %/1 alone, 1 − 5 %/10 in a family of ten
        Judgement calledAlone = Judge.judge(List.of(new Contrast(latency(RowForks.of("a", 100, 101, 99, 100.5),
                RowForks.of("b", 120, 121, 119, 120.5)), "b", "a")), 0.05, 0).get(0);
        Judgement calledInTen = Judge.judge(List.of(new Contrast(latency(RowForks.of("a", 100, 101, 99, 100.5),
                RowForks.of("b", 120, 121, 119, 120.5)), "b", "a")), 0.05, 10).get(0);
        assertEquals(0.95, calledAlone.effect().confidence(), 1e-9);
        assertEquals(0.995, calledInTen.effect().confidence(), 1e-9);
        assertTrue(calledInTen.effect().high() - calledInTen.effect().low() > calledAlone.effect().high() - calledAlone.effect().low());
    }

    @Test
    void shouldJudgeANoisyRowOnItsOwnSpreadWithoutSwitchingOffThePoolingForTheOthers() {
        // 15 rows at 1 % noise, one row at 20 % noise, and one row 20 % slower at 1 % noise. The tight regression is
        // found on the pooled noise; the noisy row cannot be told, and says it is judged on its own spread.
        List<RowForks> rows = new ArrayList<>();
        rows.add(RowForks.of("ref", 100, 101, 99, 100.5));
        for (int i = 0; i < 13; i++) {
            double s = 1 + 0.002 * (i % 5);
            rows.add(RowForks.of("r" + i, 100 * s, 101 * s, 99 * s, 100.4 * s));
        }
        rows.add(RowForks.of("noisy", 80, 125, 100, 90));
        rows.add(RowForks.of("slow", 120, 121.5, 119, 120.4));
        Evidence e = latency(rows.toArray(RowForks[]::new));
        List<Contrast> family = new ArrayList<>();
        for (RowForks r : rows.subList(1, rows.size())) {
            family.add(new Contrast(e, r.id(), "ref"));
        }
        List<Judgement> js = Judge.judge(family, 0.05);
        Judgement slow = js.get(js.size() - 1);
        Judgement noisy = js.get(js.size() - 2);
        assertEquals(Answer.WORSE, slow.answer(), slow.toString());
        assertFalse(slow.ownSpread());
        assertEquals(Answer.CANNOT_TELL, noisy.answer(), noisy.toString());
        assertTrue(noisy.ownSpread());
        assertTrue(js.subList(0, 13).stream().allMatch(j -> j.answer() == Answer.NO_DIFFERENCE), js.toString());
    }

    @Test
    void shouldExitZeroOnlyWhenNoSlowdownPastTheThresholdIsPossible() {
        Evidence e = latency(RowForks.of("a", 100, 101, 99, 100), RowForks.of("b", 100.5, 100, 99.5, 100.2),
                RowForks.of("c", 100, 112, 90));
        Judgement same = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        Judgement wide = Judge.judge(new Contrast(e, "c", "a"), 0.05);
        assertEquals(ExitStatus.OK, ExitStatus.of(List.of(same)));
        assertEquals(ExitStatus.CANNOT_TELL, ExitStatus.of(List.of(same, wide)));
        assertEquals(ExitStatus.OK, ExitStatus.of(List.of()), "nothing there to judge fails no gate");
        // Clearly faster, though by how much is open: nothing could be worse, so the gate passes.
        Evidence faster = latency(RowForks.of("a", 100, 101, 99, 100), RowForks.of("b", 96, 96.5, 95.5, 96.2));
        Judgement f = Judge.judge(new Contrast(faster, "b", "a"), 0.05);
        assertFalse(f.couldBeWorse(), f.toString());
    }

    @Test
    void shouldShowTheEquivalenceIntervalWhereNoDifferenceIsClaimed() {
        Evidence e = latency(RowForks.of("a", 100, 101, 99, 100.5, 99.5, 100), RowForks.of("b", 100.2, 99.1, 101, 100, 99.7, 100.4));
        List<Contrast> many = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            many.add(new Contrast(e, "b", "a"));
        }
        // The two one-sided tests at 5 % each, whatever the family: "nothing past the threshold" is an intersection.
        Judgement j = Judge.judge(many, 0.05).get(0);
        assertEquals(Answer.NO_DIFFERENCE, j.answer());
        assertEquals(Judge.EQUIVALENCE_CONFIDENCE, j.effect().confidence(), 1e-12);
    }

    @Test
    void shouldWidenTheIntervalsWithTheFamily() {
        Evidence e = latency(RowForks.of("a", 100, 102, 98, 101), RowForks.of("b", 110, 112, 108, 111));
        Judgement alone = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.WORSE, alone.answer(), "a call shows the family's interval");
        List<Contrast> many = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            many.add(new Contrast(e, "b", "a"));
        }
        Judgement inTwenty = Judge.judge(many, 0.05).get(0);
        assertTrue(inTwenty.effect().high() - inTwenty.effect().low() > alone.effect().high() - alone.effect().low());
        assertEquals(1 - 0.05 / 20, inTwenty.effect().confidence(), 1e-9);
    }

    @Test
    void shouldMeasureTheSpreadOfForksWithinTheMachinesLevels() {
        // two rows, ±2 % about 100 and 200: a 2 % spread
        Evidence tight = latency(RowForks.of("a", 98, 100, 102, 100), RowForks.of("b", 196, 200, 204, 200));
        assertEquals(0.016, Judge.spread(tight), 0.005);
        // rows with half their forks on a level 2.5× higher: about 2 % within the levels, not the gap between them
        Evidence levelled = latency(RowForks.of("a", 441, 1125, 459, 1103, 450, 1148),
                RowForks.of("b", 1148, 450, 1103, 459, 1125, 441), RowForks.of("c", 459, 441, 1125, 1148, 450, 1103));
        assertTrue(Double.isFinite(Judge.levelGap(levelled)), "judged within levels");
        assertTrue(Judge.spread(levelled) < 0.03, "spread " + Judge.spread(levelled));
        assertTrue(Double.isNaN(Judge.spread(latency(RowForks.of("a", 100), RowForks.of("b", 101)))), "one fork a row: unknown");
    }

    @Test
    void shouldNotCallOneJvmOfTwoRunsSlowerWhenItsFewForksSplitAcrossAGapByChance() {
        // Measured (A/A, 2026-11-26 22:53, queue-latency p50, smoke): every fork of JDK 17 in run B above a gap, every
        // fork of it in run A below, JDK 25 below in both. No row shows both levels, so none are taken as the machine's,
        // and the same JVM was called 4.1x slower than itself (exit 1). A complete split of 3 forks against 3 is what
        // two launch levels give one time in ten: cannot tell, and the forks a side that would make it beyond chance.
        Evidence e = latency(
                new RowForks("A17", new double[] {401, 360, 318}, List.of(new double[] {452, 374}, new double[] {456, 316},
                        new double[] {316, 320}), 0, 0),
                new RowForks("A25", new double[] {417, 385, 306}, List.of(new double[] {415, 420}, new double[] {432, 354},
                        new double[] {314, 301}), 0, 0),
                new RowForks("B17", new double[] {1669, 1721, 1127}, List.of(new double[] {441855, 1151},
                        new double[] {600063, 579}, new double[] {1124, 1129}), 0, 1),
                new RowForks("B25", new double[] {380, 401, 398}, List.of(new double[] {422, 351}, new double[] {515, 354},
                        new double[] {512, 360}), 0, 1));
        List<Judgement> js = Judge.judge(List.of(new Contrast(e, "B17", "A17"), new Contrast(e, "B25", "A25")), 0.05);
        Judgement split = js.get(0);
        assertEquals(Answer.CANNOT_TELL, split.answer(), split.toString());
        assertEquals(Reason.LEVELS_CONFOUNDED, split.reason(), split.toString());
        assertEquals(5, split.forksToTell(), split.toString());
        assertTrue(split.levelGap() > 3 && split.levelGap() < 5, split.toString());
        assertEquals(ExitStatus.CANNOT_TELL, ExitStatus.of(js));
        // Five forks a side split so are beyond chance at the family's 2.5 %: a change, called (a 2x regression of one
        // JVM between two runs must not hide behind the levels).
        Evidence five = twoRuns(new double[] {401, 360, 318, 340, 372},
                new double[] {417, 385, 306, 352, 366},
                new double[] {1669, 1721, 1127, 1350, 1420},
                new double[] {380, 401, 398, 362, 371});
        List<Judgement> called = Judge.judge(List.of(new Contrast(five, "B17", "A17"), new Contrast(five, "B25", "A25")), 0.05);
        assertEquals(Answer.WORSE, called.get(0).answer(), called.get(0).toString());
        // Within one run the rows interleave in time and meet the machine alike: the split is the rows'.
        Evidence oneRun = latency(RowForks.of("A17", 401, 360, 318), RowForks.of("A25", 1669, 1721, 1127));
        assertEquals(Answer.WORSE, Judge.judge(new Contrast(oneRun, "A25", "A17"), 0.05).answer());
    }
}
