package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.RowForks;

/**
 * The forks a race ranks on: a fork 30 % slower than its round's other fork of the same point (a disturbance the probe
 * did not see) is left out, the forks of 2 % noise are all kept, the better side is never trimmed, and the direction
 * of the objective decides which side is worse.
 */
class SlowForksTest {
    private static List<RowForks> rows(double slowFactor, boolean higherIsBetter) {
        Random rnd = new Random(11);
        List<RowForks> rows = new ArrayList<>();
        for (int p = 0; p < 10; p++) {
            double[] v = new double[4];
            for (int i = 0; i < v.length; i++) {
                v[i] = 1000 * Math.exp(0.02 * rnd.nextGaussian());
            }
            if (p == 3) {
                v[1] = higherIsBetter ? v[1] / slowFactor : v[1] * slowFactor; // round 1's second fork, disturbed
            }
            rows.add(new RowForks("p" + p, v, 0, new int[] {1, 1, 2, 2}, new double[] {130, 130, 130, 130}, new boolean[4]));
        }
        return rows;
    }

    @Test
    void shouldLeaveOutAForkFarWorseThanItsRoundsBestAndKeepTheRest() {
        for (boolean higher : new boolean[] {false, true}) {
            List<RowForks> rows = rows(1.3, higher);
            List<RowForks> kept = SlowForks.trimmed(rows, 5, higher);
            for (int p = 0; p < rows.size(); p++) {
                RowForks r = rows.get(p);
                RowForks k = kept.get(p);
                if (p == 3) {
                    assertArrayEquals(new double[] {r.forks()[0], r.forks()[2], r.forks()[3]}, k.forks(), "higher " + higher);
                    assertArrayEquals(new int[] {1, 2, 2}, k.batches());
                } else {
                    assertEquals(4, k.n(), "2 % noise is kept: " + r);
                }
            }
        }
    }

    @Test
    void shouldKeepEveryForkWhenTheWorseOneIsWithinTheNoiseOrTrimmingIsOff() {
        List<RowForks> rows = rows(1.03, false);
        SlowForks.trimmed(rows, 5, false).forEach(r -> assertEquals(4, r.n(), r.toString()));
        List<RowForks> off = rows(1.3, false);
        assertSame(off, SlowForks.trimmed(off, 0, false), "k = 0: every fork, as given");
    }
}
