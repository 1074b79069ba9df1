package org.jvmmark.report.judge;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.jvmmark.report.judge.GateScenarios.Machine;
import org.jvmmark.report.judge.GateScenarios.Rates;
import org.jvmmark.report.judge.GateScenarios.Scenario;

/**
 * The gate's error rates over the noise model (DESIGN.md §8), held by fixed seeds: the targets the guide publishes.
 * Each assertion names its target; {@link GateScenarios#main} prints the whole table.
 */
class GateSimulationTest {
    private static final int GATES = 400;
    private static final long SEED = 20261127L;

    @Test
    void shouldRaiseAFalseAlarmOnIdenticalRunsAtMostOnceInAHundred() {
        for (Machine m : GateScenarios.MACHINES) {
            for (int runs : new int[] {1, 3}) {
                Rates r = GateScenarios.simulate(m, Scenario.AA, runs, 5, GATES, SEED);
                assertTrue(r.exit1() <= 0.01, m.name() + ", " + runs + " runs: P(exit 1 | A/A) = " + r);
            }
        }
    }

    @Test
    void shouldPassAnyTrueSlowdownPastTheThresholdAtMostOnceInTwenty() {
        for (Machine m : GateScenarios.MACHINES) {
            for (Scenario s : Scenario.values()) {
                if (!s.slowdown(m)) {
                    continue;
                }
                for (int runs : new int[] {1, 3}) {
                    Rates r = GateScenarios.simulate(m, s, runs, 5, GATES, SEED);
                    assertTrue(r.exit0() <= 0.05, m.name() + ", " + s + ", " + runs + " runs: P(exit 0) = " + r);
                }
            }
        }
    }

    @Test
    void shouldPassIdenticalRunsThreeASideOnAQuietMachine() {
        Rates r = GateScenarios.simulate(GateScenarios.MACHINES.get(0), Scenario.AA, 3, 5, GATES, SEED);
        assertTrue(r.exit0() >= 0.80, "P(exit 0 | A/A, 3 runs a side, 5 forks) = " + r);
    }

    /**
     * On one level. Where the probe observes two levels with 10 % of forks switching while they run, 3 runs of 8 forks
     * find +20 % in 88.5 % of gates (DESIGN.md §8's table, seed 42): the level's effect is estimated beside the row's,
     * and the run-to-run spread has 8 degrees of freedom. Not met there; the table says so.
     */
    @Test
    void shouldCatchATwentyPercentSlowdownAtAutosForks() {
        for (Machine m : GateScenarios.MACHINES.subList(0, 2)) {
            Rates r = GateScenarios.simulate(m, Scenario.UNIFORM_20, 3, 8, GATES, SEED);
            assertTrue(r.exit1() >= 0.90, m.name() + ": P(exit 1 | +20 %, 3 runs a side, 8 forks) = " + r);
        }
    }

    @Test
    void shouldNeverPassAMissingHeadlineOrAFailureRise() {
        for (Machine m : GateScenarios.MACHINES) {
            assertTrue(GateScenarios.simulate(m, Scenario.MISSING, 1, 5, GATES, SEED).exit0() == 0, m.name());
            Rates f = GateScenarios.simulate(m, Scenario.FAILURES, 3, 8, GATES, SEED);
            assertTrue(f.exit0() <= 0.05, m.name() + ": P(exit 0 | failures 1 % → 30 %, 3 runs of 8) = " + f);
        }
    }
}
