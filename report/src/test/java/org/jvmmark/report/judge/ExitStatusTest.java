package org.jvmmark.report.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 48, item 4: a gate lets a clear improvement pass. One run a side, the run-to-run spread unknown: an interval
 * wholly on the better side, even widened by the largest spread this host has measured, is exit 0 — that spread cannot
 * turn 20 % better into worse; "no difference" is still never claimed on it.
 */
class ExitStatusTest {
    private static RowForks side(String id, int run, long seed, double level, double spread, int n) {
        Random r = new Random(seed);
        double[] f = new double[n];
        for (int i = 0; i < n; i++) {
            f[i] = level * Math.exp(spread * r.nextGaussian());
        }
        return new RowForks(id, f, 0, run);
    }

    private static int gate(boolean higherIsBetter, RowForks a, RowForks b) {
        Evidence e = new Evidence("f", higherIsBetter ? "ops/s" : "ns", higherIsBetter, List.of(a, b));
        return ExitStatus.of(Judge.judge(List.of(new Contrast(e, "B", "A")), 0.05));
    }

    @Test
    void shouldPassAClearImprovementOnOneRunASide() {
        // Latency 20 % lower and throughput 20 % higher on every fork, 3 forks a side, 3 % fork spread.
        assertEquals(ExitStatus.OK, gate(false, side("A", 0, 1, 100, 0.03, 3), side("B", 1, 2, 80, 0.03, 3)));
        assertEquals(ExitStatus.OK, gate(true, side("A", 0, 3, 100, 0.03, 3), side("B", 1, 4, 120, 0.03, 3)));
    }

    @Test
    void shouldPassASmallerImprovementTheAssumedSpreadCannotReverse() {
        // 15 % better on 8 tight forks: with the assumed 5.2 % run spread the interval is still wholly on the better side.
        assertEquals(ExitStatus.OK, gate(false, side("A", 0, 5, 100, 0.01, 8), side("B", 1, 6, 85, 0.01, 8)));
    }

    @Test
    void shouldNotPassAnImprovementTheAssumedSpreadCouldReverse() {
        // 1 % better: the assumed run spread reaches past the threshold either way... or within it; never "no difference".
        assertEquals(ExitStatus.CANNOT_TELL, gate(false, side("A", 0, 7, 100, 0.01, 8), side("B", 1, 8, 99, 0.01, 8)));
    }
}
