package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/tuning.md's table of {@link SpaceSimulation} (5,000 races a scenario) held by its first {@value #RACES} races a
 * scenario, on the same seeds: each rate within three of its Monte Carlo standard errors at that count, and the rates
 * pooled over the scenarios within three of theirs (about 2.4 points), so that a change to the race that loses or wins
 * right answers on spaces like the real ones shows here, and the table is then printed again. The race before round
 * one screened on one fork a point ({@link RaceStrategy#TWO_FORK_FIRST_ROUND} with an elite of 2: 90.0, 88.6, 89.9 %
 * with a best 3–15 % better at 2 % spread, 65.6 % at 7–11 % and 5 %; 79.1 % pooled over the 5,000-race table against
 * 82.1 %) fails it on these 250 races (7–11 % at 2 % spread: 88.4 %, more than three standard errors under 93.2 %).
 * 250 races, not 5,000, to keep the suite short: the pooled check is the one with the power.
 */
class SpaceSimulationTest {
    static final int RACES = 250;
    /** Per scenario of {@link SpaceSimulation#SCENARIOS}: the table's race right, grid right, race false winners (%). */
    static final double[][] PUBLISHED = {
        {97.2, 92.1, 0.0}, {93.3, 89.9, 0.8}, {93.2, 90.3, 0.0}, {93.3, 89.7, 0.0},
        {87.5, 69.3, 0.7}, {74.4, 63.6, 1.5}, {69.4, 63.9, 0.5}, {71.8, 62.9, 0.0}, {59.1, 50.7, 1.5}};

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
