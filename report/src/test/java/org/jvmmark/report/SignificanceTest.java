package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SignificanceTest {
    @Test
    void shouldCallAClearShiftSignificant() {
        Significance.Outcome o = Significance.test(new double[] {100, 101, 99, 100, 102}, new double[] {130, 131, 129, 132, 130});
        assertEquals(Significance.Verdict.SIGNIFICANT, o.verdict());
        assertTrue(o.pValue() < 0.001, "p=" + o.pValue());
    }

    @Test
    void shouldCallADifferenceSmallerThanTheSpreadNoise() {
        Significance.Outcome o = Significance.test(new double[] {100, 120, 90, 110, 95}, new double[] {104, 118, 93, 112, 99});
        assertEquals(Significance.Verdict.WITHIN_NOISE, o.verdict());
    }

    @Test
    void shouldMatchWelchsTestComputedByHand() {
        // x: mean 3, var 2.5 (n 5); y: mean 6, var 10 (n 5). t = -3 / sqrt(0.5 + 2) = -1.897,
        // Welch-Satterthwaite df = 2.5^2 / (0.5^2/4 + 2^2/4) = 5.882; two-sided p = 0.1077 (R: t.test).
        Significance.Outcome o = Significance.test(new double[] {1, 2, 3, 4, 5}, new double[] {2, 4, 6, 8, 10});
        assertEquals(0.1077, o.pValue(), 0.0005);
    }

    @Test
    void shouldRefuseToJudgeWithFewerThanThreeRuns() {
        Significance.Outcome o = Significance.test(new double[] {100, 101}, new double[] {200, 201, 202});
        assertEquals(Significance.Verdict.TOO_FEW_RUNS, o.verdict());
        assertTrue(Double.isNaN(o.pValue()));
    }

    @Test
    void shouldTreatADifferenceBetweenExactFiguresAsSignificant() {
        assertEquals(Significance.Verdict.SIGNIFICANT, Significance.test(new double[] {5, 5, 5}, new double[] {6, 6, 6}).verdict());
        assertEquals(Significance.Verdict.WITHIN_NOISE, Significance.test(new double[] {5, 5, 5}, new double[] {5, 5, 5}).verdict());
    }
}
