package org.jvmmark.report.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.RowForks;

/** Dunnett's one-sided critical values as the published tables give them, and the bound they put on a flat space. */
class DefaultBoundTest {
    @Test
    void shouldMatchDunnettsOneSidedTable() {
        assertEquals(TDistribution.of(10).inverseCumulativeProbability(0.95), DefaultBound.critical(1, 10, 0.95), 0.005,
                "one comparison: Student's t");
        assertEquals(2.15, DefaultBound.critical(2, 10, 0.95), 0.01, "Dunnett (1955), one-sided, 2 against a control, 10 df");
        assertEquals(2.34, DefaultBound.critical(3, 10, 0.95), 0.01, "3 against a control, 10 df");
        assertEquals(2.06, DefaultBound.critical(3, 1000, 0.95), 0.01, "3 against a control, infinite df");
    }

    @Test
    void shouldBoundAFlatSpaceBelowTheThresholdAndANoisyOneAbove() {
        Evidence flat = new Evidence("x", "", true, List.of(row("d", 100, 101, 99, 100.5), row("a", 100.2, 99.6, 100.4, 99.9),
                row("b", 99.8, 100.6, 99.5, 100.1)));
        double tight = DefaultBound.of(flat, "d");
        assertTrue(tight > 0 && tight < 0.05, "no setting more than " + tight + " better");
        Evidence noisy = new Evidence("x", "", true, List.of(row("d", 90, 110, 95), row("a", 100, 120, 85)));
        assertTrue(DefaultBound.of(noisy, "d") > 0.05, "wide on three noisy forks a side");
    }

    private static RowForks row(String id, double... v) {
        return new RowForks(id, v, 0, 1);
    }
}
