package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/tuning.md's table of {@link SpaceSimulation} (5,000 races a scenario) held by its first {@value #RACES} races a
 * scenario, on the same seeds: each rate within three of its Monte Carlo standard errors at that count, and the rates
 * pooled over the scenarios within three of theirs (about 3 points), so that a change to the race that loses or wins
 * right answers on spaces like the real ones shows here, and the table is then printed again. The race before issue
 * 51's strategy ({@link RaceStrategy#BEFORE}: 82.9, 79.2, 81.1 % with a best 3–15 % better at 2 % spread, 58.7 % at
 * 7–11 % and 5 %) fails it: on these 250 races it falls more than three standard errors under the table. 250 races,
 * not 5,000, to keep the suite short: the pooled check is the one with the power.
 */
class SpaceSimulationTest {
    static final int RACES = 250;
    /** Per scenario of {@link SpaceSimulation#SCENARIOS}: the table's race right, grid right, race false winners (%). */
    static final double[][] PUBLISHED = {
        {95.7, 92.1, 0.1}, {90.0, 89.9, 0.7}, {88.6, 90.3, 0.1}, {89.9, 89.7, 0.0},
        {85.4, 69.3, 0.7}, {71.0, 63.6, 1.8}, {65.6, 63.9, 0.5}, {68.6, 62.9, 0.1}, {56.7, 50.7, 1.6}};

    @Test
    void shouldHoldThePublishedTablesRatesWithinTheirMonteCarloError() {
        assertEquals(SpaceSimulation.SCENARIOS.size(), PUBLISHED.length);
        List<SpaceSimulation.Row> rows = new ArrayList<>();
        double race = 0;
        double grid = 0;
        double raceWas = 0;
        double gridWas = 0;
        for (int i = 0; i < PUBLISHED.length; i++) {
            SpaceSimulation.Row r = SpaceSimulation.run(SpaceSimulation.SCENARIOS.get(i), RACES);
            rows.add(r);
            assertTrue(Math.abs(r.raceRight() - PUBLISHED[i][0]) <= 3 * r.error(PUBLISHED[i][0]), "race right: " + r);
            assertTrue(Math.abs(r.gridRight() - PUBLISHED[i][1]) <= 3 * r.error(PUBLISHED[i][1]), "grid right: " + r);
            assertTrue(r.falseWinner() <= PUBLISHED[i][2] + 3 * r.error(Math.max(1, PUBLISHED[i][2])), "false winners: " + r);
            assertTrue(r.raceTrials() <= SpaceSimulation.CAP_SHARE * r.gridTrials(), "at most 60 % of the grid's trials: " + r);
            race += r.raceRight();
            grid += r.gridRight();
            raceWas += PUBLISHED[i][0];
            gridWas += PUBLISHED[i][1];
        }
        int n = PUBLISHED.length;
        double pooled = Math.sqrt(raceWas / n * (100 - raceWas / n) / (RACES * n));
        assertTrue(Math.abs(race / n - raceWas / n) <= 3 * pooled, "race right over all scenarios: " + race / n + " " + rows);
        double pooledGrid = Math.sqrt(gridWas / n * (100 - gridWas / n) / (RACES * n));
        assertTrue(Math.abs(grid / n - gridWas / n) <= 3 * pooledGrid, "grid right over all scenarios: " + grid / n + " " + rows);
    }
}
