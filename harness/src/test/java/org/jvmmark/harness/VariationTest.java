package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VariationTest {

    @Test
    void shouldComputeTheCoefficientOfVariationWithTheSampleStandardDeviation() {
        Variation v = Variation.of(90, 100, 110);
        assertEquals(100, v.mean(), 1e-9);
        assertEquals(10, v.stdev(), 1e-9);
        assertEquals(10, v.cvPercent(), 1e-9);
        assertEquals(90, v.min());
        assertEquals(110, v.max());
    }

    @Test
    void shouldBeUndefinedForOneRunOrAZeroMean() {
        assertTrue(Double.isNaN(Variation.of(5).cvPercent()));
        assertTrue(Double.isNaN(Variation.of(0, 0).cvPercent()));
        assertEquals(0, Variation.of(7, 7, 7).cvPercent(), 1e-12);
    }

    @Test
    void shouldReportOnlyPercentilesTheCountSupports() {
        assertTrue(Percentiles.supported(99.9, 1_000));
        assertTrue(!Percentiles.supported(99.99, 9_999));
        assertTrue(Percentiles.supported(99.999, 100_000));
        assertEquals("99.9", Percentiles.key(99.9));
        assertEquals("50", Percentiles.key(50));
    }
}
