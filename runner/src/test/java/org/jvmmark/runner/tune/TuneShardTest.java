package org.jvmmark.runner.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jvmmark.runner.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.fork.MachineReadings;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune} past one machine, as separate invocations: {@code --plan-only} records a round, two slices
 * ({@code --resume --shard I/2 --slice-out}) run it, {@code merge} joins the race's directory and the slices into the next
 * directory, and {@code --plan-only} on that judges and records the next round — until the race ends and names the
 * planted best ({@link PlantedOptimumWorkload}). Every trial of a round runs in exactly one slice; nothing measured is lost.
 */
class TuneShardTest {

    /**
     * The race's logic is under test, not the machine: on a host whose probe level flips (AMD EPYC, 2026-11-28) the
     * confirmation forks can land wholly on different levels, which the judge rightly cannot tell from the settings. A
     * probe double that never flips keeps the machine on one level for these races.
     */
    @BeforeAll
    static void oneLevelMachine() {
        System.setProperty(MachineReadings.PROPERTY, "flip:0");
    }

    @AfterAll
    static void realMachine() {
        System.clearProperty(MachineReadings.PROPERTY);
    }
    @TempDir
    Path tmp;

    @Test
    void shouldRaceRoundByRoundThroughPlanSlicesAndMergeToThePlantedBest() throws Exception {
        Path jar = PlantedOptimumWorkload.jar(tmp);
        Path dir = tmp.resolve("race-0");
        Cli.Result plan = Cli.run("tune", "planted", "--workload-jar", jar.toString(), "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--budget", "2m", "--out", dir.toString(), "--plan-only");
        assertEquals(0, plan.status(), plan.out() + plan.err());
        assertTrue(plan.out().contains("round 1: 7 points, 1 fresh fork each, 7 trials"), plan.out());
        assertTrue(plan.out().contains("7 trials to run, as slices"), plan.out());
        Cli.Result early = Cli.run("tune", "--resume", "--out", dir.toString(), "--plan-only");
        assertEquals(0, early.status(), early.err());
        assertTrue(early.out().contains("round 1: 7 points, 1 fork each, 7 trials still to run"), "planning again changes nothing: "
                + early.out());

        int rounds = 0;
        for (int step = 0; ; step++) {
            assertTrue(step < 8, "the race ended within 8 steps");
            JsonNode before = Cli.results(dir);
            List<String> planned = strings(before.path("tuneRound").path("trials"));
            if (planned.isEmpty()) {
                break;
            }
            rounds = before.path("tuneRace").path("jdks").get(0).path("rounds").size();
            Set<String> ran = new HashSet<>();
            List<String> inputs = new ArrayList<>(List.of(dir.toString()));
            for (int i = 1; i <= 2; i++) {
                Path slice = tmp.resolve("race-" + step + "-slice-" + i);
                Cli.Result s = Cli.run("tune", "--resume", "--out", dir.toString(), "--shard", i + "/2", "--slice-out", slice.toString());
                assertEquals(0, s.status(), s.out() + s.err());
                for (String id : strings(Cli.results(slice).path("trials"), "id")) {
                    assertTrue(ran.add(id), id + " ran in two slices");
                }
                inputs.add(slice.toString());
            }
            assertEquals(new HashSet<>(planned), ran, "every planned trial ran, once, across the slices");
            Path next = tmp.resolve("race-" + (step + 1));
            List<String> merge = new ArrayList<>(List.of("merge"));
            merge.addAll(inputs);
            merge.addAll(List.of("--out", next.toString()));
            Cli.Result m = Cli.run(merge.toArray(String[]::new));
            assertEquals(0, m.status(), m.out() + m.err()); // the 16 MiB heap's failed row is evidence, not a failed merge
            JsonNode merged = Cli.results(next);
            Set<String> kept = new HashSet<>(strings(merged.path("trials"), "id"));
            assertTrue(kept.containsAll(strings(before.path("trials"), "id")) && kept.containsAll(ran), "nothing measured is lost");
            assertEquals(before.path("tuneRace"), merged.path("tuneRace"), "the race's record goes on to the next directory");
            dir = next;
            plan = Cli.run("tune", "--resume", "--out", dir.toString(), "--plan-only");
            System.out.println(plan.out() + plan.err());
            assertEquals(0, plan.status(), plan.out() + plan.err());
        }
        assertTrue(rounds >= 2, "the race ran more than one round: " + rounds);
        String answer = plan.out().substring(plan.out().indexOf("Which settings ("));
        assertTrue(answer.contains(": use -XX:+UseParallelGC -Xmx256m: op time "), answer);
        assertTrue(answer.contains("faster than the default"), answer);

        Cli.Result ended = Cli.run("tune", "--resume", "--out", dir.toString(), "--shard", "1/2", "--slice-out",
                tmp.resolve("late").toString());
        assertEquals(2, ended.status());
        assertEquals(1, ended.errLines().size(), ended.err());
        assertTrue(ended.err().contains("has no round recorded") || ended.err().contains("has run"), ended.err());
    }

    @Test
    void shouldAskForAMissingSliceOnceMoreAndRefuseASliceOfAnotherRaceOrWithoutARecordedRound() throws Exception {
        Path jar = PlantedOptimumWorkload.jar(tmp);
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        for (Path d : List.of(a, b)) {
            Cli.Result r = Cli.run("tune", "planted", "--workload-jar", jar.toString(), "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                    "--space", "gc=Serial", "--space", "Xmx=64m", "--budget", "1m", "--out", d.toString(), "--plan-only");
            assertEquals(0, r.status(), r.out() + r.err());
        }
        Cli.Result s = Cli.run("tune", "--resume", "--out", b.toString(), "--shard", "1/2", "--slice-out", tmp.resolve("b-1").toString());
        assertEquals(0, s.status(), s.out() + s.err());
        assertTrue(s.out().contains("slice 1/2 of 2 trials: 1 to run"), s.out());
        Cli.Result part = Cli.run("merge", b.toString(), tmp.resolve("b-1").toString(), "--out", tmp.resolve("b+1").toString());
        assertEquals(0, part.status(), part.out() + part.err());
        assertTrue(part.err().contains("1 of the round's 2 trials are in no slice"), part.err());
        Cli.Result rest = Cli.run("tune", "--resume", "--out", tmp.resolve("b+1").toString(), "--plan-only");
        assertEquals(0, rest.status(), rest.out() + rest.err());
        assertTrue(rest.out().contains("round 1: 2 points, 1 fork each, 1 trials still to run"), rest.out());
        assertEquals(1, Cli.results(tmp.resolve("b+1")).path("tuneRound").path("again").size(), "asked for once more, not forever");
        Cli.Result other = Cli.run("merge", a.toString(), tmp.resolve("b-1").toString(), "--out", tmp.resolve("ab").toString());
        assertEquals(2, other.status(), other.out() + other.err());
        assertEquals(1, other.errLines().size(), other.err());
        assertTrue(other.err().contains("is not a slice of the round recorded in"), other.err());
        assertTrue(!Files.exists(tmp.resolve("ab").resolve("results.json")), "nothing written");

        Path c = tmp.resolve("c");
        Cli.Result whole = Cli.run("tune", "planted", "--workload-jar", jar.toString(), "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--space", "gc=Serial", "--space", "Xmx=64m", "--budget", "1s", "--out", c.toString());
        assertEquals(0, whole.status(), whole.out() + whole.err());
        assertTrue(whole.out().contains(": nothing ran: budget too small: 8 trials at the least (round one and the"
                + " confirmation), 0 fit"), "a budget too small for a race is said, and nothing runs: " + whole.out());
        assertTrue(!whole.err().contains("report not rendered"), "the report renders without trials: " + whole.err());
        Cli.Result none = Cli.run("tune", "--resume", "--out", c.toString(), "--shard", "1/2", "--slice-out", tmp.resolve("c-1").toString());
        assertEquals(2, none.status(), whole.out() + none.out() + none.err());
        assertEquals(1, none.errLines().size(), none.err());
        assertTrue(none.err().contains("has no round recorded to run as slices; record one with jvmmark tune --resume --plan-only"),
                none.err());
        Cli.Result bad = Cli.run("tune", "--resume", "--out", b.toString(), "--shard", "1/2");
        assertEquals(2, bad.status());
        assertEquals(1, bad.errLines().size(), bad.err());
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> strings(JsonNode array, String field) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }
}
