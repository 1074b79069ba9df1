package org.jvmmark.report.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.RowForks;
import org.junit.jupiter.api.Test;

class RoundCentresTest {
    private static RowForks row(String id, double[] values, int[] rounds) {
        double[] machine = new double[values.length];
        java.util.Arrays.fill(machine, Double.NaN);
        return new RowForks(id, values, 0, rounds, machine);
    }

    @Test
    void shouldTakeOutTheRoundsEffectThatRawCentresCountAsADifference() {
        // a and b are the same; round 2 ran 10 % slower for every point, the default's too
        RowForks def = row("default", new double[] {100, 102, 110, 112.2}, new int[] {1, 1, 2, 2});
        RowForks a = row("a", new double[] {90, 91.8}, new int[] {1, 1});
        RowForks b = row("b", new double[] {99, 100.98}, new int[] {2, 2});
        List<RowForks> rows = List.of(def, a, b);
        Map<String, Double> raw = Judge.centres(new Evidence("objective", "", false, rows));
        Map<String, Double> adjusted = RoundCentres.of(rows, false);
        assertTrue(raw.get("b") > raw.get("a") * 1.09, "raw centres put the round's 10 % between a and b: " + raw);
        assertEquals(1.0, adjusted.get("b") / adjusted.get("a"), 1e-9, "the round's effect is taken out: " + adjusted);
        assertEquals(0.9, adjusted.get("a") / adjusted.get("default"), 1e-9, "on the first round's scale: " + adjusted);
    }

    @Test
    void shouldLeaveOutRowsWithoutForks() {
        RowForks def = row("default", new double[] {100, 102}, new int[] {1, 1});
        RowForks none = row("none", new double[0], new int[0]);
        assertEquals(Map.of("default", Math.sqrt(100 * 102.0)).keySet(), RoundCentres.of(List.of(def, none), false).keySet());
    }
}
