package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class NoiseVerdictTest {
    private static final Map<String, List<Double>> STEADY = Map.of("50", List.of(0.01, 0.02), "90", List.of(0.02, 0.03),
            "99", List.of(0.04, 0.05), "99.9", List.of(0.06, 0.07), "max", List.of(0.08));

    @Test
    void shouldDistrustP99AndAboveOnTwoCpusEvenWhenRunsAgree() {
        NoiseVerdict v = NoiseVerdict.of(STEADY, 2, "", List.of());
        assertTrue(v.trusted("50") && v.trusted("90"));
        assertFalse(v.trusted("99") || v.trusted("99.9") || v.trusted("max"));
        assertEquals("Trust p50, p90 on this machine; p99, p99.9, worst are noise here — differences there are not called.",
                v.headline());
    }

    @Test
    void shouldTrustEveryPercentileOnABigQuietMachine() {
        NoiseVerdict v = NoiseVerdict.of(STEADY, 16, "2-15", List.of());
        assertTrue(v.trusted("99.9") && v.trusted("max"));
        assertTrue(v.details().get(0).contains("16 CPUs (CPUs 2-15 isolated)"), v.details().toString());
    }

    @Test
    void shouldDistrustAPercentileWhoseRunsVaryByMoreThanAQuarter() {
        NoiseVerdict v = NoiseVerdict.of(Map.of("50", List.of(0.30, 0.40, 0.02)), 16, "", List.of());
        assertFalse(v.trusted("50"));
        assertEquals("runs vary by 30 %", v.percentiles().get(0).reason());
    }

    @Test
    void shouldNotPromiseTrustWhenTheSpreadIsUnknown() {
        NoiseVerdict v = NoiseVerdict.of(Map.of("50", List.of(), "90", List.of()), 8, "", List.of());
        assertEquals(NoiseVerdict.State.UNKNOWN, v.percentiles().get(0).state());
        assertEquals("spread unknown (single runs)", v.percentiles().get(0).reason());
        assertEquals("Run-to-run spread unknown for p50, p90: fewer than 2 runs; use more runs or --forks 3.", v.headline());
    }

    @Test
    void shouldStillDistrustP99OnTwoCpusWhenTheSpreadIsUnknown() {
        NoiseVerdict v = NoiseVerdict.of(Map.of("50", List.of(), "99", List.of()), 2, "", List.of());
        assertFalse(v.trusted("99"));
        assertEquals("Run-to-run spread unknown for p50: fewer than 2 runs; use more runs or --forks 3; "
                + "p99 is noise here — differences there are not called.", v.headline());
    }
}
