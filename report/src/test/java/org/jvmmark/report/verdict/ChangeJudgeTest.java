package org.jvmmark.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.Figure;

/**
 * {@link ChangeJudge}: the calibration simulation (false alarms per table and power at +10 %, the
 * targets issue 21 set) and the machine evidence it rests on.
 */
class ChangeJudgeTest {
    /** Tables per cell in the test: enough for the targets' margins, few enough for seconds. */
    private static final int TABLES = 400;

    @Test
    void shouldKeepFalseAlarmsPerTableAtOrBelowFivePercentAtEveryForkCount() {
        Calibration sim = new Calibration(20261124L);
        List<Calibration.Cell> cells = new ArrayList<>();
        for (int forks : new int[] {3, 5, 10}) {
            for (Calibration.Machine m : Calibration.Machine.values()) {
                cells.add(sim.run(m, forks, TABLES));
            }
        }
        String table = Calibration.markdown(cells);
        for (Calibration.Cell c : cells) {
            assertTrue(c.falseAlarms() <= 0.05, table);
        }
        Calibration.Cell three = cells.stream().filter(c -> c.forks() == 3 && c.machine() == Calibration.Machine.NOISY3)
                .findFirst().orElseThrow();
        Calibration.Cell five = cells.stream().filter(c -> c.forks() == 5 && c.machine() == Calibration.Machine.NOISY3)
                .findFirst().orElseThrow();
        assertTrue(three.power() >= 0.70, "power at +10 % with 3 forks at 3 % noise\n" + table);
        assertTrue(five.power() >= 0.80, "power at +10 % with 5 forks at 3 % noise\n" + table);
    }

    @Test
    void shouldSeeTwoLevelsOnlyWhenOneRowLandsOnBoth() {
        // Two rows 2× apart, each on one level: a real difference between rows, not a two-level machine.
        assertFalse(TwoLevels.of(List.of(new double[] {500, 505, 498}, new double[] {1000, 1010, 995},
                new double[] {502, 499, 501}, new double[] {1003, 998, 1001})).twoLevel());
        TwoLevels two = TwoLevels.of(List.of(new double[] {500, 505, 498}, new double[] {1000, 1010, 995},
                new double[] {502, 1005, 501}, new double[] {1003, 998, 1001}));
        assertTrue(two.twoLevel());
        assertEquals(2.0, two.gap(), 0.05);
        assertTrue(two.couldBeSplit(2.0));
        assertFalse(two.couldBeSplit(1.1));
    }

    @Test
    void shouldPoolNoiseOnlyWhenTheRowsSpreadsAgree() {
        List<double[]> agree = List.of(new double[] {0.00, 0.03, -0.03}, new double[] {1.00, 1.02, 0.97},
                new double[] {2.01, 1.98, 2.03}, new double[] {0.52, 0.49, 0.47});
        PooledNoise pooled = PooledNoise.of(agree);
        assertTrue(pooled.agree(), pooled.toString());
        assertEquals(8, pooled.df());
        List<double[]> differ = List.of(new double[] {0.000, 0.001, -0.001, 0.0005, -0.0005},
                new double[] {0.000, 0.0012, -0.0011, 0.0004, -0.0006}, new double[] {0.000, 0.0009, -0.001, 0.0006, -0.0004},
                new double[] {0.0, 0.4, -0.4, 0.3, -0.3});
        assertFalse(PooledNoise.of(differ).agree(), PooledNoise.of(differ).toString());
    }

    @Test
    void shouldWidenTheIntervalSoThatItExcludesOneExactlyWhenHolmCalls() {
        List<ChangeJudge.Pair> pairs = new ArrayList<>();
        double[][] b = {{1100, 1120, 1085}, {1000, 1030, 985}, {1005, 990, 1010}, {1020, 990, 1000}};
        for (int r = 0; r < 4; r++) {
            pairs.add(new ChangeJudge.Pair("p50", true, fig(1000, 1010, 990), fig(b[r]), false, "ns"));
        }
        for (ChangeJudge.Answer a : ChangeJudge.judge(pairs, 0.0)) {
            if (a.kind() == ChangeJudge.Kind.WORSE || a.kind() == ChangeJudge.Kind.BETTER) {
                assertTrue(a.effect().low() > 1 || a.effect().high() < 1, a.toString());
            } else {
                assertTrue(a.effect().low() <= 1 && a.effect().high() >= 1, a.toString());
            }
        }
    }

    private static Figure fig(double... forks) {
        return new Figure(Stats.center(forks), forks, List.of());
    }
}
