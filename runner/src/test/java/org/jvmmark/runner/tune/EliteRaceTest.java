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
import org.jvmmark.report.tune.Confirmation;

/**
 * {@link EliteRace} as {@code tune} drives it, on a fake machine (seeded lognormal forks, no levels): round one gives
 * each point one fresh fork, every later round at least 2; the baseline races every round and is confirmed; a point
 * taken out never comes back, not even as a neighbour of the leader; the answer's gain rests on the confirmation's
 * forks alone.
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
            assertEquals(r.number() == 1 ? 1 : 2, Math.min(2, r.forksEach()), "one fresh fork a point in round one, at least 2 after: " + r);
            assertTrue(r.points().contains("mine") || race.dropped().contains("mine") && !r.confirmation(),
                    "the baseline races until the judge calls it worse, and is confirmed: " + r);
            assertEquals(r.number() == 1 || r.confirmation(), r.points().contains("0"),
                    "the default races in round one and the final stage, not in the racing rounds between: " + r);
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
        assertTrue(a.confirmation().confirmed().contains(race.leader()), "the racing rounds' leader is confirmed");
        assertTrue(List.of("4", "5").contains(a.pick()), "found the far end through neighbours, and the final stage picked it: "
                + a.pick() + ", leader " + race.leader());
        assertTrue(a.beatsDefault(), a.confirmation().vsDefault().toString());
        assertEquals(3, a.confirmation().vsDefault().forksCandidate(), "the confirmation's forks only");
        assertNotNull(a.confirmation().vsBaseline(), "the pick against the baseline, on the same forks");
        assertTrue(race.excluded().contains("2"));
        assertEquals(a.trials(), race.trials());
    }

    /** Runs {@code race} to its end on {@code truth}, 2 % noise; {@code fails} lists points all of whose forks fail. */
    private static EliteRace run(EliteRace race, Map<String, Double> truth, List<String> fails) {
        return run(race, truth, fails, new ArrayList<>());
    }

    /** As {@link #run(EliteRace, Map, List)}, adding each round run to {@code rounds}. */
    private static EliteRace run(EliteRace race, Map<String, Double> truth, List<String> fails, List<EliteRace.Round> rounds) {
        Random rnd = new Random(11);
        for (EliteRace.Round r = race.next(); r != null; r = race.next()) {
            rounds.add(r);
            for (int f = 0; f < r.forksEach(); f++) {
                for (String p : r.points()) {
                    if (fails.contains(p)) {
                        race.fail(p, r.number());
                    } else {
                        race.record(p, new EliteRace.Fork(r.number(), truth.get(p) * Math.exp(0.02 * rnd.nextGaussian()),
                                Double.NaN, false));
                    }
                }
            }
        }
        return race;
    }

    @Test
    void shouldNotReturnAFailedDefaultAsThePick() {
        EliteRace race = run(new EliteRace("0", null, List.of("1", "3"), EliteRaceTest::line,
                EliteRace.Settings.standard(40, 0.05, false)), TRUTH, List.of("0"));
        EliteRace.Answer a = race.answer();
        assertEquals(null, a.pick(), "nothing was measured against the default: no pick");
        assertEquals(Confirmation.Form.CANNOT_TELL, a.form());
    }

    @Test
    void shouldKeepAPointAfterOneFailedForkAndTakeItOutAfterTwo() {
        EliteRace race = new EliteRace("0", null, List.of("3"), EliteRaceTest::line, EliteRace.Settings.standard(60, 0.05, false));
        EliteRace.Round r = race.next();
        race.fail("3", r.number());
        race.record("3", new EliteRace.Fork(1, 900, Double.NaN, false));
        assertFalse(race.excluded().contains("3"), "one failed fork may be the host's");
        race.fail("3", r.number());
        assertTrue(race.excluded().contains("3"), "two are the point's");
    }

    @Test
    void shouldFitTheConfirmationItLeadsToInsideTheTrialCap() {
        // a flat space: the runner-up is within the threshold, so the confirmation is of four points (12 trials)
        Map<String, Double> flat = Map.of("0", 1000.0, "1", 1000.0, "2", 1000.0, "mine", 1000.0, "3", 1000.0);
        EliteRace race = run(new EliteRace("0", "mine", List.of("1", "2"), EliteRaceTest::line,
                EliteRace.Settings.standard(17, 0.05, false)), flat, List.of());
        assertTrue(race.trials() <= 17, "the race kept its cap: " + race.trials());
        assertNotNull(race.answer());
    }

    @Test
    void shouldNotLetAChallengerLeadOnFewerForksThanTheLeader() {
        EliteRace race = new EliteRace("0", null, List.of("4"), EliteRaceTest::line, EliteRace.Settings.standard(80, 0.05, false));
        Random rnd = new Random(3);
        for (int round = 1; round <= 2; round++) {
            EliteRace.Round r = race.next();
            for (int f = 0; f < r.forksEach(); f++) {
                for (String p : r.points()) {
                    race.record(p, new EliteRace.Fork(r.number(), TRUTH.get(p) * Math.exp(0.01 * rnd.nextGaussian()), Double.NaN,
                            false));
                }
            }
        }
        EliteRace.Round third = race.next();
        assertEquals("4", race.leader(), "\"5\" is better on its 2 forks, \"4\" leads on 4");
        assertTrue(third.points().contains("5"), "the challenger races on: " + third);
    }

    @Test
    void shouldConfirmASettingBesideALeadingDefaultSoThatKeepingItIsBounded() {
        Map<String, Double> worse = Map.of("0", 1000.0, "1", 1100.0, "2", 1100.0, "3", 1100.0);
        EliteRace race = run(new EliteRace("0", null, List.of("1", "3"), EliteRaceTest::line,
                EliteRace.Settings.standard(30, 0.05, false)), worse, List.of());
        Confirmation c = race.answer().confirmation();
        assertTrue(c.confirmed().size() >= 2, "a setting beside the default: " + c.confirmed());
        assertEquals(Confirmation.Form.KEEP_DEFAULT, c.form(), "bound " + c.bound());
        assertEquals("0", race.answer().pick());
    }

    @Test
    void shouldGrowTheFinalStageWhileTheAnswerIsOpenWithinTheCap() {
        // "4" and "5" are 3.5 % better than the default, inside the 5 % threshold: three forks a side decide nothing
        Map<String, Double> close = Map.of("0", 1000.0, "1", 990.0, "2", 980.0, "3", 975.0, "4", 965.0, "5", 965.0);
        List<EliteRace.Round> rounds = new ArrayList<>();
        // a cap the 6 racing rounds of an elite of 4 leave room in (about 50 trials and the confirmation's 9)
        EliteRace race = run(new EliteRace("0", null, List.of("1", "3"), EliteRaceTest::line,
                EliteRace.Settings.standard(90, 0.05, false)), close, List.of(), rounds);
        List<EliteRace.Round> stage = rounds.stream().filter(EliteRace.Round::confirmation).toList();
        assertTrue(stage.size() >= 2, "the confirmation grew while the answer was open: " + rounds);
        assertEquals(rounds.subList(rounds.size() - stage.size(), rounds.size()), stage, "the stage ends the race");
        for (EliteRace.Round r : stage) {
            assertTrue(r.points().contains("0") && r.points().size() >= 2, "the default beside a setting, every round: " + r);
        }
        assertTrue(race.trials() <= 90, "inside the cap: " + race.trials());
        int forks = stage.stream().mapToInt(EliteRace.Round::forksEach).sum();
        assertEquals(forks, race.answer().confirmation().vsDefault().forksReference(), "judged on all of the stage's forks");
    }

    @Test
    void shouldAddThePointTheModelPredictsBestBeforeTheNeighbours() {
        // "5" neighbours neither the leader nor the runner-up after round one: only the model proposes it
        EliteRace race = new EliteRace("0", null, List.of("1", "3"), EliteRaceTest::line, EliteRace.Settings.standard(60, 0.05, false))
                .proposing(centres -> List.of("5", "4"));
        EliteRace.Round first = race.next();
        Random rnd = new Random(5);
        for (int f = 0; f < first.forksEach(); f++) {
            for (String p : first.points()) {
                race.record(p, new EliteRace.Fork(1, TRUTH.get(p) * Math.exp(0.01 * rnd.nextGaussian()), Double.NaN, false));
            }
        }
        EliteRace.Round second = race.next();
        assertTrue(second.points().contains("5"), "the model's best guess races in round two: " + second);
    }

    @Test
    void shouldRunOneMoreConfirmationRoundWhenAskedAndJudgeOnBoth() {
        EliteRace race = run(new EliteRace("0", null, List.of("1", "3"), EliteRaceTest::line,
                EliteRace.Settings.standard(40, 0.05, false)), TRUTH, List.of());
        int confirmed = race.answer().confirmation().vsDefault().forksReference();
        race.confirmMore(5);
        EliteRace.Round more = race.next();
        assertTrue(more.confirmation() && more.forksEach() == 5, "one more confirmation round: " + more);
        for (int f = 0; f < 5; f++) {
            for (String p : more.points()) {
                race.record(p, new EliteRace.Fork(more.number(), TRUTH.get(p), Double.NaN, false));
            }
        }
        assertEquals(null, race.next(), "then the race ends again");
        assertEquals(confirmed + 5, race.answer().confirmation().vsDefault().forksReference(), "judged on both rounds' forks");
    }
}
