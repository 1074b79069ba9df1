package org.jvmmark.report.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.Judgement.Answer;

/**
 * Issue 48, items 2 and 5: {@link NoiseModel} where the machine's level moves with the side (a term the data cannot
 * estimate), rows whose run effects disagree, and a stored run spread whose own uncertainty counts.
 */
class NoiseModelTest {
    private static final double LOWER_NS = 130;
    private static final double UPPER_NS = 400;

    /** {@code n} forks of run {@code run} around {@code level} (1 % noise), the probe reading {@code probeNs} beside each. */
    private static RowForks onLevel(String id, int run, long seed, double level, double probeNs, int n) {
        Random r = new Random(seed);
        double[] f = new double[n];
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            f[i] = level * (1 + 0.01 * r.nextGaussian());
            p[i] = probeNs * (1 + 0.03 * r.nextGaussian());
        }
        int[] b = new int[n];
        Arrays.fill(b, run);
        return new RowForks(id, f, 0, b, p);
    }

    private static int gate(RowForks... rows) {
        Evidence e = new Evidence("endToEnd/50", "ns", false, List.of(rows), RunSpread.stored(0.01));
        List<Contrast> family = new ArrayList<>();
        for (RowForks r : rows) {
            if (r.id().startsWith("B")) {
                family.add(new Contrast(e, r.id(), "A" + r.id().substring(1)));
            }
        }
        return ExitStatus.of(Judge.judge(family, 0.05));
    }

    @Test
    void shouldNotCallUnchangedJvmsARegressionWhenTheLevelMovedWithTheSide() {
        // Every fork of A on the lower level, every fork of B on the upper (the probe saw it): the JVMs did not change,
        // the machine did; within no run do both levels meet, so the level's effect cannot be estimated.
        int exit = gate(onLevel("A0", 0, 1, 500, LOWER_NS, 5), onLevel("A1", 0, 2, 520, LOWER_NS, 5),
                onLevel("B0", 1, 3, 1250, UPPER_NS, 5), onLevel("B1", 1, 4, 1300, UPPER_NS, 5));
        assertEquals(ExitStatus.CANNOT_TELL, exit);
    }

    @Test
    void shouldNotPassAJvmThatSlowedWhenTheLevelMovedTheOtherWay() {
        // The mirror: A on the upper level, B on the lower, B's first JVM 20 % slower than its neighbour stayed. Here the
        // answer is cannot tell without an interval (the level's gap comes out infinite) rather than for the level moving
        // with the side: the probe's level posteriors vary slightly within a cell, so λ is "fitted" from them, and without
        // the rule for the level with the side this case reads cannot tell too. ComparisonBuilderTest's mirror case, on
        // results files, is the one that fails without the rule.
        int exit = gate(onLevel("A0", 0, 5, 1250, UPPER_NS, 5), onLevel("A1", 0, 6, 1300, UPPER_NS, 5),
                onLevel("B0", 1, 7, 600, LOWER_NS, 5), onLevel("B1", 1, 8, 520, LOWER_NS, 5));
        assertNotEquals(ExitStatus.OK, exit);
    }

    @Test
    void shouldNotNameAWinnerWhereEachVariantSatOnItsOwnLevelWithinOneRun() {
        // A paired question in one run: every virtual fork on the upper level, every platform fork on the lower.
        Evidence e = new Evidence("endToEnd/50", "ns", false, List.of(onLevel("virtual", 0, 9, 1250, UPPER_NS, 6),
                onLevel("platform", 0, 10, 500, LOWER_NS, 6)));
        Judgement j = Judge.judge(new Contrast(e, "virtual", "platform"), 0.05);
        assertEquals(Answer.CANNOT_TELL, j.answer(), j.toString());
    }

    @Test
    void shouldStillJudgeWhereTheLevelIsEstimatedWithinRuns() {
        // Both levels meet within A's run (row A0 has forks on each): λ is estimated there, and B0 moved only by it.
        RowForks a0 = new RowForks("A0", new double[] {500, 502, 1250, 1255, 498, 1248}, 0, new int[6],
                new double[] {LOWER_NS, LOWER_NS, UPPER_NS, UPPER_NS, LOWER_NS, UPPER_NS});
        int exit = gate(a0, onLevel("B0", 1, 11, 1252, UPPER_NS, 6));
        assertNotEquals(ExitStatus.REGRESSED, exit);
    }

    /** {@code runs} runs of {@code n} forks (1 % noise), run {@code firstRun} on, each run's centre moved by {@code runSpread}. */
    private static RowForks runs(String id, Random r, int firstRun, int runs, int n, double level, double runSpread) {
        double[] f = new double[runs * n];
        int[] b = new int[runs * n];
        for (int k = 0; k < runs; k++) {
            double run = level * Math.exp(runSpread * r.nextGaussian());
            for (int i = 0; i < n; i++) {
                f[k * n + i] = run * (1 + 0.01 * r.nextGaussian());
                b[k * n + i] = firstRun + k;
            }
        }
        return new RowForks(id, f, 0, b, RowForks.notObserved(runs * n));
    }

    @Test
    void shouldJudgeARowWhoseRunsWanderMoreOnItsOwnRunSpread() {
        // Five steady JVMs (runs 0.5 % apart) and one whose runs wander by 8 %, 4 runs a side, nothing changed. Pooled
        // over rows, the wanderer's interval is too narrow for it and calls its wander a change.
        int called = 0;
        for (int seed = 0; seed < 100; seed++) {
            Random r = new Random(4800 + seed);
            List<RowForks> rows = new ArrayList<>();
            for (int row = 0; row < 6; row++) {
                double spread = row == 0 ? 0.08 : 0.005;
                rows.add(runs("A" + row, r, 0, 4, 3, 500 + 10 * row, spread));
                rows.add(runs("B" + row, r, 4, 4, 3, 500 + 10 * row, spread));
            }
            Evidence e = new Evidence("endToEnd/50", "ns", false, rows);
            List<Contrast> family = new ArrayList<>();
            for (int row = 0; row < 6; row++) {
                family.add(new Contrast(e, "B" + row, "A" + row));
            }
            called += Judge.judge(family, 0.05).get(0).called() ? 1 : 0;
        }
        assertTrue(called <= 5, "the wandering JVM called changed in " + called + " of 100 unchanged pairs");
    }

    @Test
    void shouldCarryAStoredSpreadsOwnUncertaintyIntoTheInterval() {
        // One run a side; this host's run spread "measured" from 3 history runs (2 degrees of freedom) as 2 %: a spread
        // known that poorly cannot make 15 % a call that the same spread known exactly would.
        Random r = new Random(48);
        RowForks a = runs("A0", r, 0, 1, 8, 500, 0);
        RowForks b = runs("B0", r, 1, 1, 8, 575, 0);
        Judgement exact = Judge.judge(new Contrast(new Evidence("f", "ns", false, List.of(a, b),
                RunSpread.stored(0.02)), "B0", "A0"), 0.05);
        Judgement fromThree = Judge.judge(new Contrast(new Evidence("f", "ns", false, List.of(a, b),
                RunSpread.stored(0.02, 2)), "B0", "A0"), 0.05);
        assertEquals(Answer.WORSE, exact.answer(), exact.toString());
        assertEquals(Answer.CANNOT_TELL, fromThree.answer(), fromThree.toString());
    }

    @Test
    void shouldNotCallASideOnTheUpperLevelARegressionWithoutProbeReadings() {
        // One run a side, no probe readings in the files: B's forks all on the upper level, A's mostly on the lower. The
        // level is the machine's as much as the JVM's; no run tells them apart.
        RowForks a = new RowForks("A0", new double[] {500, 505, 1250, 498, 502}, 0, 0);
        RowForks b = new RowForks("B0", new double[] {1245, 1260, 1250, 1255, 1248}, 0, 1);
        Evidence e = new Evidence("endToEnd/50", "ns", false, List.of(a, b));
        assertEquals(ExitStatus.CANNOT_TELL, ExitStatus.of(Judge.judge(List.of(new Contrast(e, "B0", "A0")), 0.05)));
    }
}
