package org.jvmmark.report.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * DESIGN.md §3: the machine's level explains a figure only where it moves it. Four rows of six forks on a machine whose
 * probe reads about 65 ns or about 320 ns, a third of the forks changing level while they ran (as on the AMD EPYC host of
 * 2026-11-28): a figure that does not follow the level keeps those forks, one that does leaves them out and counts them.
 */
class LevelBoundTest {
    private static final double LOW = 65;
    private static final double HIGH = 320;

    /** Fork j of a row: on the upper level when (j + row) is even; forks 0 and 3 changed level while they ran. */
    private static Evidence evidence(DoubleUnaryOperator valueAtLevel, long seed) {
        Random r = new Random(seed);
        List<RowForks> rows = new ArrayList<>();
        for (int row = 0; row < 4; row++) {
            double[] v = new double[6];
            double[] machine = new double[6];
            boolean[] changed = new boolean[6];
            for (int j = 0; j < 6; j++) {
                boolean upper = (j + row) % 2 == 0;
                changed[j] = j == 0 || j == 3;
                double level = changed[j] ? r.nextDouble() : upper ? 1 : 0; // a blend in an unknown proportion
                v[j] = valueAtLevel.applyAsDouble(level) * Math.exp(0.01 * r.nextGaussian());
                machine[j] = changed[j] ? (LOW + HIGH) / 2 : (upper ? HIGH : LOW) * Math.exp(0.05 * r.nextGaussian());
            }
            rows.add(new RowForks("row" + row, v, 0, new int[6], machine, changed));
        }
        return new Evidence("figure", "ns", false, rows);
    }

    @Test
    void shouldKeepTheForksThatChangedLevelWhereTheLevelDoesNotMoveTheFigure() {
        Evidence e = evidence(level -> 2117, 1);
        assertTrue(Judge.levelBounded(e), "a figure flat across levels");
        assertEquals(6, Judge.usableForks(e, "row0"));
        assertEquals(0, Judge.leftOut(e, "row0"));
        Judgement j = Judge.judge(new Contrast(e, "row1", "row0"), Judge.DEFAULT_THRESHOLD);
        assertEquals(Judgement.Answer.NO_DIFFERENCE, j.answer(), j.toString());
        assertEquals(0, j.leftOut());
        assertFalse(j.withinLevels(), "judged without splitting by level");
    }

    @Test
    void shouldLeaveThemOutWhereTheLevelMovesTheFigureAndCountThem() {
        Evidence e = evidence(level -> 450 * Math.pow(2.4, level), 2);
        assertFalse(Judge.levelBounded(e));
        assertTrue(Judge.levelEffect(e)[0] > 2.0, "the upper level's effect, 2.4×: " + Judge.levelEffect(e)[0]);
        assertEquals(4, Judge.usableForks(e, "row0"));
        assertEquals(2, Judge.leftOut(e, "row0"));
        Judgement j = Judge.judge(new Contrast(e, "row1", "row0"), Judge.DEFAULT_THRESHOLD);
        assertEquals(4, j.leftOut(), "two a side");
        assertTrue(j.withinLevels());
    }

    @Test
    void shouldLeaveThemOutWhereTheLevelsEffectIsNotBoundedTightly() {
        // moves the figure by 3 %: its interval is not within ±2 %, so the blends stay out
        Evidence e = evidence(level -> 40 * (1 + 0.03 * level), 3);
        double[] effect = Judge.levelEffect(e);
        assertFalse(Judge.levelBounded(e), effect[0] + "–" + effect[1]);
        assertEquals(4, Judge.usableForks(e, "row2"));
    }
}
