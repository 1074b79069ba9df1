package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The steady-state check on a figure measured once per run, in either direction. */
class SteadyStateTest {
    private static List<String> scores(double... perRun) {
        return SteadyState.warnings(perRun, true, "score", v -> String.format(Locale.ROOT, "%,.0f msg/s", v));
    }

    @Test
    void shouldCallAFirstRoundWellBelowTheOthersNotWarmedUp() {
        assertEquals(List.of("not steady: run 1's score (40,000 msg/s) is 33 % below the other runs' (60,000 msg/s); "
                + "the warm-up was too short for this JVM (JIT not done)"), scores(40_000, 60_000, 61_000, 59_000));
    }

    @Test
    void shouldCallAScoreRisingRoundAfterRoundNotSettled() {
        assertEquals(List.of("not steady: score rises run after run (50,000 msg/s → 60,000 msg/s); the JVM had not settled"),
                scores(50_000, 55_000, 60_000));
    }

    @Test
    void shouldFindSteadyRoundsSteady() {
        assertEquals(List.of(), scores(60_000, 58_000, 61_000));
        assertEquals(List.of(), scores(60_000));
    }

    @Test
    void shouldJudgeALatencyTheOtherWayRound() {
        List<String> w = SteadyState.warnings(new double[] {500, 100, 100}, false, "p50", v -> String.format(Locale.ROOT, "%.0f ns", v));
        assertEquals(List.of("not steady: run 1's p50 (500 ns) is 400 % above the other runs' (100 ns); the warm-up was too "
                + "short for this JVM (JIT not done)"), w);
    }
}
