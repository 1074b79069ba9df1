package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The race {@code tune} runs ({@link EliteRace} with {@link EliteRace.Settings#standard}) over 1,000 seeded races a
 * scenario ({@link RaceSimulation}, the race's own model; docs/tuning.md), at the simulation's cap of 45 trials (60 % of
 * the 3-fork grid's 75). Holds the rates the race reaches with issue 51's answer rule, a point or two below each.
 *
 * <p>Why they are lower than the 84.9 / 90.9 / 81.5 % held before issue 51: the answer now names a setting only when it
 * leads the default on the confirmation's fresh forks (a leader that trails there is no pick, and "cannot tell yet" says
 * so); before, a setting that led on all its forks together was the pick even when the fresh forks had it behind. On this
 * model's 3 confirmation forks a side that costs 6–7 points: the same seeds with the old pick rule and everything else of
 * issue 51 read 85.1 / 91.1 / 79.9 %, with the new rule 78.9 / 87.5 / 73.7 % (measured 2026-11-28; docs/tuning.md). The
 * 3-fork grid, which names its best centre whatever the evidence, reads 86.9 / 91.5 / 81.4 %. {@link SpaceSimulationTest}
 * holds the race against the 4-fork grid on spaces made apart from this model.
 *
 * <p>With issue 51's {@link RaceStrategy#STANDARD} (the default raced in round one and the final stage only, a strict
 * challenger rule, the best 2 confirmed; this model's two ordered dimensions give the model's proposals and the
 * categorical steps nothing to do: its race is not given {@link EliteRace#proposing}) the same seeds read 79.4 / 86.3 /
 * 71.9 / 100 %, within the noise of 1,000 races (about ±1.3 points) of the rates before it. With the ranking without
 * far-worse forks ({@link SlowForks}) and the final stage's replacements of forks lost to the machine: 80.0 / 86.6 / 73.2
 * / 100 %, on 48.8–49.0 trials (this model's host changes level during 10 % of forks; the cap is 45). With round one
 * on one fork a point and an elite of 4 (issue 51's second table of 2026-11-29): 80.7 / 84.1 / 73.6 / 100 %, on
 * 47.6–48.1 trials; this model's round one is a fixed 6 points, so one fork a point only halves what it measures, and
 * 4–6 % lost 2.5 points. With the room for the final stage's replacements reserved within the cap besides
 * ({@link FinalStage#reserve}): 78.3 / 84.4 / 70.9 / 100 % on 43.6 trials, none past the cap (the floors follow).
 */
class RaceSimulationTest {
    @Test
    void shouldPickTheBestAsOftenAsWithIssue51sRuleOnSixtyPercentOfTheGridsTrials() {
        List<RaceSimulation.Row> table = RaceSimulation.table(1000, 45);
        double[] floor = {76.5, 82.5, 69.0, 99.0}; // reached: 78.3, 84.4, 70.9, 100.0 (80.7, 84.1, 73.6 past the cap)
        for (int i = 0; i < table.size(); i++) {
            RaceSimulation.Row r = table.get(i);
            // this model's host changes level during 10 % of forks; the final stage runs again those the judge leaves
            // out (FinalStage#replace) within the cap, which the racing rounds left room for (FinalStage#reserve)
            assertTrue(r.trials() <= 0.6 * 75, "within the cap: " + r);
            assertTrue(r.falseWinner() <= 2, "a false winner over the default in at most 2 % of races: " + r);
            assertTrue(r.picked() >= floor[i], "picks the best (or within the threshold) in at least " + floor[i] + " %: " + r);
        }
    }
}
