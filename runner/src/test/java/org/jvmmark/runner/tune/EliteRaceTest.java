package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link EliteRace} as {@code tune} drives it, on a fake machine (seeded lognormal forks, no levels): every round gives
 * each point at least 2 fresh forks; the baseline races every round and is confirmed; a point taken out never comes
 * back, not even as a neighbour of the leader; the answer's gain rests on the confirmation's forks alone.
 */
class EliteRaceTest {
    /** Points "0" … "5" on a line, "0" the default; the true values fall from 1000 ns to 700 ns at "5". */
    private static final Map<String, Double> TRUTH = Map.of("0", 1000.0, "1", 980.0, "2", 950.0, "3", 900.0, "4", 800.0,
            "5", 700.0, "mine", 990.0);

    private static List<String> line(String p) {
        if (p.equals("mine")) {
            return List.of();
        }
        int i = Integer.parseInt(p);
        List<String> out = new ArrayList<>();
        if (i > 0) {
            out.add(String.valueOf(i - 1));
        }
        if (i < 5) {
            out.add(String.valueOf(i + 1));
        }
        return out;
    }

    @Test
    void shouldRaceTheBaselineEveryRoundKeepAnExcludedPointOutAndConfirmOnFreshForks() {
        EliteRace race = new EliteRace("0", "mine", List.of("1", "3"), EliteRaceTest::line,
                EliteRace.Settings.standard(60, 0.05, false));
        Random rnd = new Random(7);
        List<EliteRace.Round> rounds = new ArrayList<>();
        for (EliteRace.Round r = race.next(); r != null; r = race.next()) {
            rounds.add(r);
            assertTrue(r.forksEach() >= 2, "at least 2 fresh forks a point a round: " + r);
            assertTrue(r.points().contains("mine") && r.points().contains("0"), "the default and the baseline race: " + r);
            assertFalse(r.points().contains("2"), "a point taken out never comes back: " + r);
            for (int f = 0; f < r.forksEach(); f++) {
                for (String p : r.points()) {
                    race.record(p, new EliteRace.Fork(r.number(), TRUTH.get(p) * Math.exp(0.02 * rnd.nextGaussian()), Double.NaN,
                            false));
                }
            }
            if (r.number() == 1) {
                race.exclude("2"); // say its fork failed: the leader "3" neighbours it, and it stays out
            }
        }
        EliteRace.Round last = rounds.get(rounds.size() - 1);
        assertTrue(last.confirmation(), "the race ends with its confirmation");
        assertEquals(3, last.forksEach());
        assertTrue(rounds.size() >= 3, "it raced past round one through neighbours: " + rounds);
        EliteRace.Answer a = race.answer();
        assertNotNull(a.confirmation());
        assertEquals(a.confirmation().pick(), race.leader(), "the confirmed pick is the race's leader here");
        assertTrue(List.of("4", "5").contains(a.pick()), "found the far end through neighbours: " + a.pick());
        assertTrue(a.beatsDefault(), a.confirmation().vsDefault().toString());
        assertEquals(3, a.confirmation().vsDefault().forksCandidate(), "the confirmation's forks only");
        assertNotNull(a.confirmation().vsBaseline(), "the pick against the baseline, on the same forks");
        assertTrue(race.excluded().contains("2"));
        assertEquals(a.trials(), race.trials());
    }
}
