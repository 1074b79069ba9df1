package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The race {@code tune} runs ({@link EliteRace} with {@link EliteRace.Settings#standard}) over 1,000 seeded races a
 * scenario ({@link RaceSimulation}; the table is in docs/tuning.md), at the simulation's cap of 45 trials (60 % of the
 * 3-fork grid's 75). Holds the rates the race reached on 2026-11-28 with its round-adjusted ranking, a point or two
 * below each so that a change that loses correct picks fails here. Issue 42's target of 90 % over 4–10 % is not met on
 * this model (docs/tuning.md says why): the test holds what is reached, never less.
 */
class RaceSimulationTest {
    @Test
    void shouldPickTheBestAsOftenAsOnTheTwentyEighthOnSixtyPercentOfTheGridsTrials() {
        List<RaceSimulation.Row> table = RaceSimulation.table(1000, 45);
        double[] floor = {83.5, 89.5, 80.0, 99.0}; // reached: 84.9, 90.9, 81.5, 100.0
        for (int i = 0; i < table.size(); i++) {
            RaceSimulation.Row r = table.get(i);
            assertTrue(r.trials() <= 0.6 * 75, "at most 60 % of the 3-fork grid's trials: " + r);
            assertTrue(r.falseWinner() <= 5, "a false winner over the default in at most 5 % of races: " + r);
            assertTrue(r.picked() >= floor[i], "picks the best (or within the threshold) in at least " + floor[i] + " %: " + r);
            assertTrue(r.picked() >= r.gridPicked()[0] - 3, "within 3 points of the 3-fork grid's rate: " + r);
        }
    }
}
