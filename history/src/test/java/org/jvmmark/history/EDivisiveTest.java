package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class EDivisiveTest {
    static double[] step(int before, int after, double low, double high, double noise, long seed) {
        Random r = new Random(seed);
        double[] x = new double[before + after];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i < before ? low : high) * (1 + noise * r.nextGaussian());
        }
        return x;
    }

    @Test
    void shouldFindAPlantedStepWithItsMagnitudeAndPValue() {
        double[] x = step(40, 30, 100, 112, 0.01, 1);
        List<ChangePoint> cps = new EDivisive(50, 0.001, 0.05).changePoints(x);
        assertEquals(1, cps.size(), cps.toString());
        assertEquals(40, cps.get(0).index());
        assertEquals(0.12, cps.get(0).forwardChange(), 0.01);
        assertTrue(cps.get(0).pValue() < 1e-6, cps.toString());
        assertTrue(cps.get(0).regression(false), "up is worse for a latency");
    }

    @Test
    void shouldFindNothingInAFlatNoisySeries() {
        assertEquals(List.of(), new EDivisive(50, 0.001, 0.05).changePoints(step(120, 0, 100, 100, 0.03, 2)));
    }

    @Test
    void shouldDropAChangeSmallerThanTheMinimumMagnitude() {
        double[] x = step(40, 40, 100, 102, 0.002, 3);
        assertEquals(1, new EDivisive(50, 0.001, 0).changePoints(x).size());
        assertEquals(List.of(), new EDivisive(50, 0.001, 0.05).changePoints(x));
    }
}
