package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SamplesTest {
    @Test
    void shouldTakeTheMiddleValueOrTheMeanOfTheTwoMiddleOnes() {
        assertEquals(3.0, Samples.median(new double[] {9, 1, 3}));
        assertEquals(2.5, Samples.median(new double[] {4, 1, 2, 3}));
        assertEquals(7.0, Samples.median(new double[] {7}));
    }

    @Test
    void shouldRefuseNoValues() {
        assertThrows(IllegalArgumentException.class, () -> Samples.median(new double[0]));
    }
}
