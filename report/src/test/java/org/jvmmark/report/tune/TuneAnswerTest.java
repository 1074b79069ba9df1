package org.jvmmark.report.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.render.FrontierTable;
import org.jvmmark.report.render.TextTable;
import org.jvmmark.report.words.VerdictTable;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.results.Instruments;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.MachineState;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;

/**
 * The answer of a tuning run is the confirmation round's: the pick's gain is judged on that round's fresh forks alone,
 * whatever the racing rounds' forks said (they chose the pick, and the best of many is lucky on the forks that chose
 * it); a race that has not confirmed states no gain; the baseline is judged on the same forks; every fork's round is
 * read from the rounds' first fork numbers.
 */
class TuneAnswerTest {
    private static final String DEFAULT = "w/jdk-17/default";
    private static final String FAST = "w/jdk-17/Parallel";
    private static final String MINE = "w/jdk-17/-Xmx2g";

    private static final JvmInfo JVM = new JvmInfo("/jdk", "17.0.1", 17, "Vendor", "VM", List.of(), List.of("G1 Young Generation"));

    private static Trial fork(String row, int n, double opNanos) {
        JvmInfo jvm = JVM;
        // every fork logs its collections, as tune's do: the default pauses 40 times a fork, the others 4
        boolean isDefault = row.equals(DEFAULT);
        Instruments gc = new Instruments(Map.of("gcLog", Instruments.Instrument.on("gcLog", "GC log")
                .figure("pauses", isDefault ? 40 : 4).figure("totalMillis", isDefault ? 120 : 9)
                .figure("allocationMiBPerSecond", 300).figure("heapAfterGcMiB.mean", isDefault ? 20 : 35).build()), null);
        return new TrialBuilder(row + "/fork" + n, "w").fork(n).jvm(jvm).status("ok", null).flags(List.of())
                .metric("opNanos", new Metric(opNanos, "ns", false, new double[] {opNanos})).instruments(gc).build();
    }

    /**
     * A race of the default, "Parallel" and, when {@code baseline}, "-Xmx2g": two racing rounds of 2 forks a point, where
     * Parallel looks 30 % faster, then a confirmation of 3 forks a point where Parallel is {@code confirmedRatio} of the
     * default and the baseline as the default.
     */
    private static Results race(double confirmedRatio, boolean baseline, boolean confirmed) {
        return race(confirmedRatio, baseline, confirmed, 1, false);
    }

    /**
     * As above, each fork's deviation from 1 multiplied by {@code spread} (independently for each point: the default's
     * deviations run backwards), and the baseline's confirmation forks failed when {@code baselineFails}.
     */
    private static Results race(double confirmedRatio, boolean baseline, boolean confirmed, double spread, boolean baselineFails) {
        List<String> labels = new ArrayList<>(List.of("default", "-XX:+UseParallelGC"));
        List<TuneRecord.PointRow> points = new ArrayList<>(List.of(new TuneRecord.PointRow("default", DEFAULT, List.of()),
                new TuneRecord.PointRow("-XX:+UseParallelGC", FAST, List.of("-XX:+UseParallelGC"))));
        if (baseline) {
            labels.add("baseline -Xmx2g");
            points.add(new TuneRecord.PointRow("baseline -Xmx2g", MINE, List.of("-Xmx2g")));
        }
        List<Integer> one = labels.stream().map(l -> 1).toList();
        List<Integer> three = labels.stream().map(l -> 3).toList();
        List<Integer> five = labels.stream().map(l -> 5).toList();
        List<TuneRecord.Round> rounds = new ArrayList<>(List.of(new TuneRecord.Round(2, labels, one, false),
                new TuneRecord.Round(2, labels, three, false)));
        if (confirmed) {
            rounds.add(new TuneRecord.Round(3, labels, five, true));
        }
        TuneRecord rec = new TuneRecord("w", "opNanos", List.of(), 0.05, List.of(new TuneRecord.JdkRace("jdk-17", DEFAULT,
                baseline ? MINE : "", points, rounds, confirmed ? "confirmed" : "", 40, List.of(), List.of(), List.of())));
        List<Trial> trials = new ArrayList<>();
        double[] noise = {1.00, 1.01, 0.99, 1.005, 0.995, 1.002, 0.998};
        for (int f = 1; f <= (confirmed ? 7 : 4); f++) {
            double n = 1 + (noise[f - 1] - 1) * spread;
            double m = 1 + (noise[noise.length - f] - 1) * spread;
            boolean confirmation = f >= 5;
            trials.add(fork(DEFAULT, f, 1000 * (spread == 1 ? n : m)));
            trials.add(fork(FAST, f, (confirmation ? confirmedRatio : 0.7) * 1000 * n));
            if (baseline && baselineFails && confirmation) {
                trials.add(new TrialBuilder(MINE + "/fork" + f, "w").fork(f).jvm(JVM).status("failed", "boom").flags(List.of()).build());
            } else if (baseline) {
                trials.add(fork(MINE, f, 1000 * n * 1.001));
            }
        }
        return Results.started("2026-11-28T00:00:00Z", "smoke", Map.of(), Map.of()).withTrials(trials, "2026-11-28T00:10:00Z")
                .withTopLevel(TuneRecord.KEY, rec.toJson());
    }

    @Test
    void shouldReadEachForksRoundFromTheRoundsFirstForks() {
        TuneRecord.JdkRace r = TuneRecord.of(race(1.0, false, true)).jdks().get(0);
        assertEquals(List.of(1, 1, 2, 2, 3, 3, 3), List.of(1, 2, 3, 4, 5, 6, 7).stream().map(f -> r.roundOf("default", f)).toList());
        assertEquals(0, r.roundOf("nowhere", 1));
    }

    @Test
    void shouldJudgeTheGainOnTheConfirmationForksAloneNotOnTheForksThatChoseThePick() {
        TuneAnswer a = TuneAnswer.of(race(1.0, false, true));
        Confirmation c = a.jdks().get(0).confirmation();
        assertNotNull(c);
        assertEquals(FAST, c.candidate());
        assertEquals(3, c.vsDefault().forksCandidate(), "the confirmation's forks only");
        assertEquals(3, c.vsDefault().forksReference());
        assertTrue(c.vsDefault().answer() != Judgement.Answer.BETTER, "the racing rounds' 30 % is not claimed: " + c.vsDefault());
        String lines = String.join("\n", a.lines());
        assertTrue(!lines.contains("faster than the default (") && !lines.contains("JVMMARK_JVM_ARGS"), lines);
        assertTrue(lines.contains("on the confirmation forks"), lines);
    }

    @Test
    void shouldCallTheConfirmedGainWithItsIntervalAndTheLineToPaste() {
        TuneAnswer a = TuneAnswer.of(race(0.7, false, true));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(FAST, c.pick());
        assertEquals(Judgement.Answer.BETTER, c.vsDefault().answer());
        assertTrue(c.vsDefault().effect().low() > 0.6 && c.vsDefault().effect().high() < 0.8, c.vsDefault().effect().toString());
        String lines = String.join("\n", a.lines());
        assertTrue(lines.startsWith("jdk-17: use -XX:+UseParallelGC: ") && lines.contains(" 30 % faster than the default ("), lines);
        assertEquals(Confirmation.Form.WINNER, c.form());
        assertTrue(lines.contains("3 forks each, on the confirmation round's fresh forks"), lines);
        assertTrue(lines.contains("\n  JVMMARK_JVM_ARGS=\"-XX:+UseParallelGC\""), lines);
        assertTrue(lines.contains("3 rounds (the last the confirmation: 3 fresh forks each for default, -XX:+UseParallelGC)"), lines);
    }

    @Test
    void shouldSayTheFinalStageEndedNotThatItConfirmedWhenItCannotTellYet() {
        // the races of 2026-11-29 printed "cannot tell yet: …" and, below it, "…; stopped: confirmed"
        String lines = String.join("\n", TuneAnswer.of(race(0.99, false, true, 40, false)).lines());
        assertTrue(lines.contains("cannot tell yet"), lines);
        assertTrue(lines.contains("; stopped: its final stage has ended") && !lines.contains("stopped: confirmed"), lines);
    }

    @Test
    void shouldNameEveryRoundOfTheFinalStageNotOnlyItsLast() {
        List<String> three = List.of("a", "default", "b");
        List<String> two = List.of("a", "default");
        TuneRecord.JdkRace grown = new TuneRecord.JdkRace("jdk-17", "r0", "", List.of(), List.of(
                new TuneRecord.Round(2, List.of("a", "b", "c", "default"), List.of(1, 1, 1, 1), false),
                new TuneRecord.Round(3, three, List.of(3, 3, 3), true), new TuneRecord.Round(2, two, List.of(6, 6), true),
                new TuneRecord.Round(1, two, List.of(8, 8), true)), "confirmed", 40, List.of(), List.of(), List.of());
        assertEquals("the last 3 the final stage: the confirmation, 3 fresh forks each for a, default, b; then 2 each for a,"
                + " default; then 1 each for a, default", TuneWords.stage(grown));
    }

    @Test
    void shouldSayWhyThePickWinsFromTheConfirmationForksGcLogs() {
        String lines = String.join("\n", TuneAnswer.of(race(0.7, true, true)).lines());
        assertTrue(lines.contains("\n  why, per confirmation fork (GC log): the pick 4 GC pauses, 9 ms paused, 300 MiB/s"
                + " allocated, heap after GC 35 MiB; the default 40 GC pauses, 120 ms paused, 300 MiB/s allocated, heap after"
                + " GC 20 MiB; your baseline 4 GC pauses"), lines);
        String unconfirmed = String.join("\n", TuneAnswer.of(race(0.7, false, false)).lines());
        assertTrue(!unconfirmed.contains("why,"), "no confirmation round, no why: " + unconfirmed);
    }

    @Test
    void shouldNeverCallTheDefaultThePickWhenItLeadsARaceThatCannotTell() {
        // http's race of 2026-11-29: "cannot tell yet: the default leads …" (now: "… trails the default …") and below it "why, per confirmation fork (GC
        // log): the pick 24 GC pauses, …", the pick being the default
        TuneAnswer a = TuneAnswer.of(race(1.5, false, true, 40, false));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(c.defaultPoint(), c.pick(), "the default leads");
        String lines = String.join("\n", a.lines());
        assertTrue(lines.contains("\n  per confirmation fork (GC log): the best setting confirmed ")
                && lines.contains("; the default ") && !lines.contains("the pick ") && !lines.contains("why,"), lines);
    }

    @Test
    void shouldShowEachPointsCentreOnTheFinalStageBesideItsCentreOnAllForks() {
        // http's race of 2026-11-29: the table had the default at 66.0 k on all its forks and a setting at 66.6 k, while
        // the answer, on the stage's forks alone, said the default led; the table showed nothing the answer rested on
        TuneAnswer a = TuneAnswer.of(race(1.2, false, true));
        TuneAnswer.PointFigures fast = a.jdks().get(0).points().stream().filter(p -> p.label().equals("-XX:+UseParallelGC"))
                .findFirst().orElseThrow();
        assertEquals(3, fast.stageForks());
        assertTrue(fast.objective() < 1000 && fast.stage() > 1150, "all forks " + fast.objective() + ", stage " + fast.stage());
        TextTable t = FrontierTable.of(a);
        assertEquals(List.of("final stage", "its forks"), t.header().subList(t.header().size() - 2, t.header().size()));
        List<String> row = t.rows().stream().filter(r -> r.get(1).equals("-XX:+UseParallelGC")).findFirst().orElseThrow();
        assertEquals("3", row.get(row.size() - 1));
        assertTrue(t.title().contains("final stage: the centre of its forks alone, on which the answer is judged"), t.title());
    }

    @Test
    void shouldSayTheDefaultHadNoForkInTheFinalStageNotThatTheStageNeverRan() {
        // a race on a busy machine (2026-11-29): every confirmation fork of the default disturbed; the answer said "the
        // race stopped (confirmed) before its confirmation round"
        Results ran = race(0.9, false, true);
        List<Trial> trials = ran.trials().stream().map(t -> t.id().startsWith(DEFAULT + "/fork") && t.identity().fork() >= 5
                ? new TrialBuilder(t.id(), "w").fork(t.identity().fork()).jvm(JVM).status("failed", "boom").flags(List.of()).build()
                : t).toList();
        String first = TuneAnswer.of(ran.withTrials(trials, "2026-11-28T00:11:00Z")).lines().get(0);
        assertTrue(first.startsWith("jdk-17: no confirmed answer: none of the default's forks in the final stage is evidence")
                && !first.contains("before its confirmation round"), first);
    }

    @Test
    void shouldStateTheConfirmedPickAgainstTheBaselineToo() {
        TuneAnswer a = TuneAnswer.of(race(0.7, true, true));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(MINE, c.baseline());
        assertNotNull(c.vsBaseline());
        assertEquals(Judgement.Answer.BETTER, c.vsBaseline().answer());
        String lines = String.join("\n", a.lines());
        assertTrue(lines.contains("-XX:+UseParallelGC against your baseline (baseline -Xmx2g): better, "), lines);
    }

    @Test
    void shouldWarnThatTheLinesCollectorCollidesWithOneTheLaunchMayName() {
        String lines = String.join("\n", TuneAnswer.of(race(0.7, false, true)).lines());
        assertTrue(lines.contains("\n  warning: if your launch already names a collector (-XX:+Use…GC), replace it with"
                + " -XX:+UseParallelGC: a second collector stops the JVM (\"multiple garbage collectors selected\")"), lines);
    }

    @Test
    void shouldKeepTheDefaultWithASimultaneousBoundWhenNothingTriedBeatsIt() {
        TuneAnswer a = TuneAnswer.of(race(1.0, true, true));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(Confirmation.Form.KEEP_DEFAULT, c.form());
        assertTrue(c.bound() < 0.05, "the bound: " + c.bound());
        String first = a.lines().get(0);
        assertTrue(first.startsWith("jdk-17: keep the default: no setting confirmed is more than ")
                && first.contains(" % better on ") && first.contains("95 % simultaneous bound (Dunnett), 2 settings against"
                + " the default on the confirmation forks"), first);
        assertTrue(!String.join("\n", a.lines()).contains("JAVA_TOOL_OPTIONS"), a.lines().toString());
    }

    @Test
    void shouldNotKeepTheDefaultWhenTheMachinesLevelTookTheCandidatesForksAway() {
        // synthetic on the flipping AMD host (2026-11-29): "keep the default: no setting confirmed is more than 0.1 %
        // better" beside "2 forks on a side, 3 a side needed; 2 forks left out: the machine changed level"
        Results ran = race(1.0, true, true);
        MachineState.Reading low = new MachineState.Reading(80.0, 1.1, "0,1", null, 9.5);
        MachineState.Reading high = new MachineState.Reading(320.0, 1.1, "0,1", null, 9.5);
        List<Trial> trials = ran.trials().stream().map(t -> TrialBuilder.from(t).machineState(
                t.id().startsWith(FAST + "/fork") && t.identity().fork() >= 6 ? new MachineState(low, high) : new MachineState(low, low))
                .build()).toList();
        TuneAnswer a = TuneAnswer.of(ran.withTrials(trials, "2026-11-28T00:11:00Z"));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(2, c.vsDefault().leftOut(), c.vsDefault().toString());
        assertEquals(Confirmation.Form.CANNOT_TELL, c.form(), "a bound over forks the judge left out: " + a.lines().get(0));
        assertTrue(a.lines().get(0).startsWith("jdk-17: cannot tell yet: "), a.lines().get(0));
        // the race as it was: keep the default, and "Who won" says so in its cells too (it said "no difference")
        TuneAnswer kept = TuneAnswer.of(ran);
        VerdictTable.Line line = TuneVerdicts.lines(kept, "w", List.of()).get(0);
        assertEquals("keep the default", line.winner());
        assertTrue(line.runnerUp().startsWith("keep the default: no setting confirmed is more than "), line.runnerUp());
    }

    @Test
    void shouldSayCannotTellYetWithTheBoundAndNoBestGuess() {
        TuneAnswer a = TuneAnswer.of(race(0.97, false, true, 8, false));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(Confirmation.Form.CANNOT_TELL, c.form(), c.vsDefault() + " bound " + c.bound());
        String first = a.lines().get(0);
        assertTrue(first.startsWith("jdk-17: cannot tell yet: -XX:+UseParallelGC leads the default on the confirmation forks, ")
                && first.contains("a setting confirmed may be up to ") && first.contains("forks a side would tell"), first);
        assertTrue(!first.contains("best guess"), first);
    }

    @Test
    void shouldNotNameALeaderThatTrailsOnTheConfirmationForks() {
        // it led the racing rounds by 30 %, on all its forks together it still leads; on the fresh forks it trails by 2 %
        TuneAnswer a = TuneAnswer.of(race(1.02, false, true, 8, false));
        Confirmation c = a.jdks().get(0).confirmation();
        assertEquals(DEFAULT, c.pick(), "the pick must lead on the confirmation forks");
        String first = a.lines().get(0);
        // not "the default leads on the confirmation forks": http's race of 2026-11-29 said so while another setting
        // confirmed beside them led the default there; the words say which two were compared
        assertTrue(first.startsWith("jdk-17: cannot tell yet: the best setting confirmed, -XX:+UseParallelGC, trails the"
                + " default on the confirmation forks: "), first);
    }

    @Test
    void shouldNotSayNothingBeatsAFailedBaseline() {
        TuneAnswer a = TuneAnswer.of(race(0.7, true, true, 1, true));
        String lines = String.join("\n", a.lines());
        assertTrue(!lines.contains("nothing the race tried beats it"), lines);
        assertTrue(lines.contains("your baseline (baseline -Xmx2g) has no confirmation forks"), lines);
    }

    @Test
    void shouldNotTakeAPointOutForAConstraintOnTheCentreOfTwoForks() {
        Results r = race(0.7, false, true);
        TuneRecord rec = TuneRecord.of(r);
        TuneRecord bounded = new TuneRecord(rec.workload(), rec.objective(), List.of("opNanos >= 900"), rec.threshold(), rec.jdks());
        TuneRecord.JdkRace race = bounded.jdks().get(0);
        List<Trial> roundOne = r.trials().stream().filter(t -> t.identity().fork() <= 2).toList();
        assertEquals(List.of(FAST), List.copyOf(TuneAnswer.breaks(bounded, race, roundOne).keySet()), "its centre breaks it");
        assertTrue(TuneAnswer.breaks(bounded, race, roundOne, 3).isEmpty(), "on 2 forks, not for good");
        assertEquals(List.of(FAST), List.copyOf(TuneAnswer.breaks(bounded, race, r.trials(), 3).keySet()));
    }

    @Test
    void shouldStateNoGainBeforeTheConfirmation() {
        TuneAnswer a = TuneAnswer.of(race(0.7, false, false));
        assertNull(a.jdks().get(0).confirmation());
        String first = a.lines().get(0);
        assertTrue(first.startsWith("jdk-17: no confirmed answer: the race is under way before its confirmation round"
                + " (-XX:+UseParallelGC leads so far"), first);
        assertTrue(!String.join("\n", a.lines()).contains("faster than the default"), a.lines().toString());
    }

    @Test
    void shouldKeepPointsWithTooFewForksOffTheFrontierAndUnableToPushOthersOff() {
        // lower is better; b's 2 forks of one round look best on both figures, but two forks do not place a point
        TuneAnswer.PointFigures a = new TuneAnswer.PointFigures("a", "w/j/a", 100, 200e6, Double.NaN, 5, false, Double.NaN, 0);
        TuneAnswer.PointFigures b = new TuneAnswer.PointFigures("b", "w/j/b", 95, 150e6, Double.NaN, 2, false, Double.NaN, 0);
        TuneAnswer.PointFigures c = new TuneAnswer.PointFigures("c", "w/j/c", 110, 250e6, Double.NaN, 3, false, Double.NaN, 0);
        List<TuneAnswer.PointFigures> marked = TuneAnswer.frontier(List.of(a, b, c), false);
        assertEquals(List.of("b", "a", "c"), marked.stream().map(TuneAnswer.PointFigures::label).toList());
        assertEquals(List.of(false, true, false), marked.stream().map(TuneAnswer.PointFigures::onFrontier).toList(),
                "a stays on the frontier (b has 2 forks); c is worse than a on both");
    }
}
