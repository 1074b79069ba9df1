package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The race {@code tune} runs ({@link EliteRace} with {@link EliteRace.Settings#standard}) against the 3-fork grid over
 * 1,000 seeded races a scenario ({@link RaceSimulation}; the table is in docs/tuning.md). Holds what the race achieves;
 * issue 42's target of picking the best in 90 % of races is met only for gains of 4–6 % on this model (the race picks
 * right in 79.9–90.2 %, the grid itself in 82.0–90.1 %; no setting of keep, neighbours, rounds tried reached 90 % over
 * 4–10 %), and the test holds the race to within 5 points of the grid's rate and above 78 %.
 */
class RaceSimulationTest {
    @Test
    void shouldPickAsWellAsTheGridOnAtMostSixtyPercentOfItsTrialsAndCallNoFalseWinner() {
        List<RaceSimulation.Row> table = RaceSimulation.table(1000);
        for (RaceSimulation.Row r : table) {
            assertTrue(r.trials() <= 0.6 * r.gridTrials(), "at most 60 % of the grid's trials: " + r);
            assertTrue(r.falseWinner() <= 5, "a false winner over the default in at most 5 % of races: " + r);
            assertTrue(r.picked() >= r.gridPicked() - 5, "picks the best (or within the threshold) about as often as the grid: " + r);
            assertTrue(r.picked() >= 78, "picks the best (or within the threshold) in at least 78 % of races: " + r);
        }
    }
}
