package org.jvmmark.report.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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

    /** A row of forks each measured in its own position in {@code batches} (runs), the machine not observed. */
    private static RowForks runs(String id, int[] batches, double... forks) {
        double[] levels = new double[forks.length];
        java.util.Arrays.fill(levels, Double.NaN);
        return new RowForks(id, forks, 0, batches, levels);
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
        Evidence e = latency(RowForks.of("a", 100, 101, 99, 100, 100.5, 99.5, 100, 101), new RowForks("b", new double[] {100, 101, 99, 100}, 8, 0));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertEquals(Answer.WORSE, j.answer());
        assertEquals(Reason.FAILED, j.reason());
        assertEquals(ExitStatus.REGRESSED, ExitStatus.of(List.of(j)));
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
    void shouldCallOnlyWhenTheWholeIntervalLiesPastTheThreshold() {
        // 6 % slower with an interval reaching below +5 %: past the threshold by its estimate, not by its interval.
        Evidence e = latency(RowForks.of("a", 100, 102, 98, 101, 99), RowForks.of("b", 106, 108.5, 103.5, 107, 105));
        Judgement j = Judge.judge(new Contrast(e, "b", "a"), 0.05);
        assertTrue(j.effect().low() < 1.05, j.toString());
        assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
        assertTrue(j.couldBeWorse());
    }

    @Test
    void shouldNeverClaimNoDifferenceBetweenSingleRunsOnAnAssumedRunSpread() {
        // One run a side, tight forks: the forks alone put the interval within ±5 %, but identical runs on this host
        // may differ by more than their forks say, and how much is not known.
        Evidence e = latency(runs("A", new int[] {0, 0, 0, 0}, 100, 100.5, 99.5, 100),
                runs("B", new int[] {1, 1, 1, 1}, 100.2, 100.4, 99.8, 100.1));
        Judgement j = Judge.judge(new Contrast(e, "B", "A"), 0.05);
        assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
        assertEquals(RunSpread.Source.ASSUMED, j.runSpread());
        assertTrue(j.acrossRuns() && j.toTell() >= 2, j.toString());
        assertEquals(ExitStatus.CANNOT_TELL, ExitStatus.of(List.of(j)));
        // With this host's spread known (the history's earlier runs), the same forks are an answer.
        Evidence known = new Evidence("endToEnd/50", "ns", false, e.rows(), RunSpread.stored(0.005));
        assertEquals(Answer.NO_DIFFERENCE, Judge.judge(new Contrast(known, "B", "A"), 0.05).answer());
        // A 2× slowdown clears any spread of runs: a call, one run a side.
        Evidence slow = latency(runs("A", new int[] {0, 0, 0}, 100, 101, 99), runs("B", new int[] {1, 1, 1}, 200, 202, 198));
        assertEquals(Answer.WORSE, Judge.judge(new Contrast(slow, "B", "A"), 0.05).answer());
    }

    @Test
    void shouldJudgeRunsAsReplicatesWhenASideHoldsSeveralRuns() {
        // Three runs a side whose centres move by ±2 % from run to run, each run's forks tight (0.3 %): the forks alone
        // would call 2 % differences between runs; the run centres are the replicates.
        int[] a = {0, 0, 0, 1, 1, 1, 2, 2, 2};
        int[] b = {3, 3, 3, 4, 4, 4, 5, 5, 5};
        Evidence e = latency(runs("A", a, 100, 100.3, 99.8, 102, 102.2, 101.9, 98.5, 98.2, 98.6),
                runs("B", b, 101, 101.2, 100.8, 99, 99.3, 98.9, 100.5, 100.4, 100.7));
        Judgement j = Judge.judge(new Contrast(e, "B", "A"), 0.05);
        assertEquals(RunSpread.Source.MEASURED, j.runSpread());
        assertEquals(3, j.runsCandidate());
        assertEquals(Answer.NO_DIFFERENCE, j.answer(), j.toString());
        // Runs 8 % apart on every run: a regression, on run-to-run noise.
        Evidence worse = latency(runs("A", a, 100, 100.3, 99.8, 102, 102.2, 101.9, 98.5, 98.2, 98.6),
                runs("B", b, 115, 115.2, 114.8, 113, 113.3, 112.9, 116.5, 116.4, 116.7));
        Judgement w = Judge.judge(new Contrast(worse, "B", "A"), 0.05);
        assertEquals(Answer.WORSE, w.answer(), w.toString());
    }

    @Test
    void shouldBlockOnTheLevelsTheProbeObservedAndNeverOnInferredOnes() {
        // Both rows land on both levels (2.5× apart) as the probe saw them; B is 10 % slower within each level.
        double[] levels = {131, 402, 128, 395, 133, 410}; // the probe's round trips: two levels, ns
        RowForks a = new RowForks("a", new double[] {100, 250, 101, 252, 99, 249}, 0, new int[6], levels);
        RowForks b = new RowForks("b", new double[] {110, 276, 111, 274, 109, 275}, 0, new int[6], levels);
        Judgement j = Judge.judge(new Contrast(latency(a, b), "b", "a"), 0.05);
        assertEquals(Answer.WORSE, j.answer(), j.toString());
        assertTrue(j.withinLevels());
        assertEquals(2.5, j.levelGap(), 0.05);
        // The same values with the levels not observed: the levels are noise, and the judge cannot tell.
        Judgement blind = Judge.judge(new Contrast(latency(RowForks.of("a", a.forks()), RowForks.of("b", b.forks())), "b",
                "a"), 0.05);
        assertEquals(Answer.CANNOT_TELL, blind.answer(), blind.toString());
        assertFalse(blind.withinLevels());
    }

    @Test
    void shouldCallAFailureRateThatRoseBeyondChanceWhateverTheBaselineLost() {
        // The baseline lost 1 of 24 forks; the candidate 9 of 24: worse, though the baseline "also failed".
        Judgement rose = Judge.failures(9, 24, 1, 24, 0.05);
        assertEquals(Answer.WORSE, rose.answer(), rose.toString());
        assertEquals(Reason.FAILED, rose.reason());
        // 3 of 24 against none: could be chance, could be a regression.
        Judgement unclear = Judge.failures(3, 24, 0, 24, 0.05);
        assertEquals(Answer.CANNOT_TELL, unclear.answer());
        assertTrue(unclear.couldBeWorse());
        // One flake against none, or fewer than before: nothing against the candidate.
        assertNull(Judge.failures(1, 24, 0, 24, 0.05));
        assertNull(Judge.failures(2, 24, 5, 24, 0.05));
    }

    @Test
    void shouldNeverPassAHeadlineMissingOnTheNewSide() {
        Judgement j = Judge.missing(false, 0.05);
        assertEquals(Answer.CANNOT_TELL, j.answer());
        assertEquals(ExitStatus.CANNOT_TELL, ExitStatus.of(List.of(j)));
    }
}
