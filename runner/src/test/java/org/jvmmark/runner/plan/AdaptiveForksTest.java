package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.results.Disturbance;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Metric;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.runner.jdk.Jdk;

/**
 * Adaptive forks on a known-truth fork generator: each row's forks are drawn from a distribution the
 * test chooses (tight, two-level, noisy), and the rows are "run" by appending the generated records
 * round after round, as the run loop does.
 */
class AdaptiveForksTest {
    @Name("known")
    @Summary("a workload whose fork values the test draws")
    public static final class Known implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    /** Declares a headline figure its forks may not measure, as queue-large's past-limit figures on a large machine. */
    @Name("known")
    @Summary("a workload whose headline figure is measured only sometimes")
    @org.jvmmark.api.Question(name = "q", text = "Which JVM is fastest past the limit?", figures = {"pastLimitMillis"})
    public static final class Sometimes implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    private static final CatalogEntry KNOWN = new CatalogEntry(WorkloadInfo.of(Known.class), "k", Path.of("/w/k"), false);
    private static final double THRESHOLD = 0.05;

    private static Jdk jdk(int feature) {
        return new Jdk(Path.of("/jdk" + feature), "Vendor", feature + ".0.1", feature, "VM", "v-" + feature);
    }

    private static PlannedTrial planned(Jdk jdk, int fork) {
        return new PlannedTrial("known/" + jdk.label() + "/default/fork" + fork, KNOWN, jdk, "default", null, null, List.of(),
                Map.of(), fork, "quick", 60, 10, null);
    }

    /** The record of one fork: a score (lower is better, like a latency), or a failure. */
    private static Trial record(PlannedTrial t, double score, String status) {
        TrialBuilder r = new TrialBuilder(t.id(), "known").status(status, null).fork(t.fork())
                .process(new ProcessFacts(null, 10.0, null, null)).jvm(NO_JVM);
        if (status.equals("ok")) {
            r.metric("latencyMicros", Metric.of(score, "us", Better.LOWER));
        }
        return r.build();
    }

    /** What a record says of its JVM when the JVM said nothing. */
    private static final JvmInfo NO_JVM = new JvmInfo("", "", 0, "", "", List.of(), List.of());

    /** Runs the plan and then adaptive rounds until none is left; returns the final row states. */
    private static Map<String, AdaptiveForks.RowState> run(List<PlannedTrial> plan, Map<String, IntFunction<Double>> truth,
                                                           List<Trial> recorded, int maxForks) {
        AdaptiveForks adaptive = new AdaptiveForks(maxForks, THRESHOLD);
        List<PlannedTrial> all = new ArrayList<>(plan);
        for (PlannedTrial t : plan) {
            if (recorded.stream().noneMatch(r -> r.id().equals(t.id()))) {
                recorded.add(record(t, truth.get(t.rowId()).apply(t.fork()), "ok"));
            }
        }
        for (int round = 0; round < 50; round++) {
            List<PlannedTrial> next = adaptive.nextRound(all, recorded);
            if (next.isEmpty()) {
                break;
            }
            for (PlannedTrial t : next) {
                recorded.add(record(t, truth.get(t.rowId()).apply(t.fork()), "ok"));
            }
            all.addAll(next);
        }
        return adaptive.states(all, recorded);
    }

    private static List<PlannedTrial> plan(Jdk... jdks) {
        List<PlannedTrial> plan = new ArrayList<>();
        for (int fork = 1; fork <= 3; fork++) {
            for (Jdk j : jdks) {
                plan.add(planned(j, fork));
            }
        }
        return plan;
    }

    private static IntFunction<Double> normal(long seed, double center, double spread) {
        Random r = new Random(seed);
        return fork -> center * Math.exp(spread * r.nextGaussian());
    }

    @Test
    void shouldFallBackAsWhoWonDoesWhenNoForkMeasuredTheDeclaredFigure() {
        CatalogEntry sometimes = new CatalogEntry(WorkloadInfo.of(Sometimes.class), "s", Path.of("/w/s"), false);
        List<PlannedTrial> plan = new ArrayList<>();
        List<Trial> recorded = new ArrayList<>();
        for (Jdk j : List.of(jdk(17), jdk(25))) {
            // one fork a row, as a budget cut leaves a long workload; ok, with every figure but the declared one
            PlannedTrial t = new PlannedTrial("known/" + j.label() + "/default/fork1", sometimes, j, "default", null, null, List.of(),
                    Map.of(), 1, "quick", 60, 10, null);
            plan.add(t);
            recorded.add(record(t, 100, "ok"));
        }
        AdaptiveForks adaptive = new AdaptiveForks(10, THRESHOLD);
        Map<String, AdaptiveForks.RowState> states = adaptive.states(plan, recorded);
        assertEquals(2, states.size());
        states.values().forEach(s -> {
            assertEquals(1, s.forks(), s.toString());
            assertFalse(s.open());
            // Who won ranks on the default figure where the declared one was not measured; so are the forks counted
            assertEquals("1 — fewer than 3 forks measured latency micros a side, cannot tell", s.words());
        });
    }

    @Test
    void shouldCountTheOneForkOfARowThatMeasuredItsHeadline() {
        List<PlannedTrial> plan = List.of(planned(jdk(17), 1), planned(jdk(25), 1));
        List<Trial> recorded = plan.stream().map(t -> record(t, 100, "ok")).toList();
        new AdaptiveForks(10, THRESHOLD).states(plan, recorded).values()
                .forEach(s -> assertEquals("1 — fewer than 3 forks measured latency micros a side, cannot tell", s.words()));
    }

    @Test
    void shouldSayARowWhoseForksMeasuredNoneOfTheHeadlineNotMeasured() {
        List<PlannedTrial> plan = List.of(planned(jdk(17), 1), planned(jdk(25), 1));
        // the JDK 25 fork ran ok and measured nothing (as a workload whose figure needs a condition the fork never met)
        List<Trial> recorded = List.of(record(plan.get(0), 100, "ok"), new TrialBuilder(plan.get(1).id(), "known")
                .status("ok", null).fork(1).process(new ProcessFacts(null, 10.0, null, null)).jvm(NO_JVM).build());
        Map<String, AdaptiveForks.RowState> states = new AdaptiveForks(10, THRESHOLD).states(plan, recorded);
        assertEquals("1 — latency micros not measured, cannot tell", states.get(plan.get(1).rowId()).words());
    }

    @Test
    void shouldWaitForTheReRunsOfARowWhoseEveryForkWasDisturbed() {
        // a busy machine (aa-answers beside five builds, 2026-11-28): every fork so far was disturbed, the re-runs not yet
        // run; the plan was asked about the rows and threw (no evidence for the group) instead of waiting
        List<PlannedTrial> plan = plan(jdk(17), jdk(25));
        Disturbance busy = new Disturbance(3, 4.8, 0, null, 0.25, "other processes used 1.6 CPUs", null, null);
        List<Trial> recorded = plan.stream().map(t -> new TrialBuilder(t.id(), "known").status("ok", null).fork(t.fork())
                        .process(new ProcessFacts(null, 10.0, null, null, null, null, null, null, busy, Map.of()))
                        .jvm(NO_JVM).metric("latencyMicros", Metric.of(100, "us", Better.LOWER)).build()).toList();
        new AdaptiveForks(10, THRESHOLD).states(plan, recorded).values()
                .forEach(s -> assertEquals("0 — no undisturbed fork yet", s.words()));
    }

    @Test
    void shouldSayHowManyForksMeasuredTheHeadlineWhenFewerThanTheOkForks() {
        CatalogEntry sometimes = new CatalogEntry(WorkloadInfo.of(Sometimes.class), "s", Path.of("/w/s"), false);
        List<PlannedTrial> plan = new ArrayList<>();
        List<Trial> recorded = new ArrayList<>();
        for (int fork = 1; fork <= 3; fork++) {
            for (Jdk j : List.of(jdk(17), jdk(25))) {
                PlannedTrial t = new PlannedTrial("known/" + j.label() + "/default/fork" + fork, sometimes, j, "default", null, null,
                        List.of(), Map.of(), fork, "quick", 60, 10, null);
                plan.add(t);
                Trial r = record(t, 100, "ok");
                if (fork == 1) {
                    // the one fork whose bursts went past the machine's RAM
                    r = TrialBuilder.from(r).metric("pastLimitMillis", Metric.of(40.0 + j.feature(), "ms", Better.LOWER)).build();
                }
                recorded.add(r);
            }
        }
        AdaptiveForks adaptive = new AdaptiveForks(10, THRESHOLD);
        Map<String, AdaptiveForks.RowState> states = adaptive.states(plan, recorded);
        assertEquals(2, states.size());
        states.values().forEach(s -> {
            assertFalse(s.open());
            assertEquals("3 — fewer than 3 forks measured past limit time a side, cannot tell", s.words());
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldSayWhyAnOpenRowStoppedInTheAccount() {
        Map<String, AdaptiveForks.RowState> states = Map.of("known/temurin-25/default",
                new AdaptiveForks.RowState("known/temurin-25/default", 4, true, "open, two levels"));
        java.util.function.Function<AdaptiveForks.OpenRows, Object> reason = why ->
                AdaptiveForks.account(states, 600, why).rows().get("known/temurin-25/default").reason();
        assertEquals("interrupted, cannot tell, two levels", reason.apply(AdaptiveForks.OpenRows.INTERRUPTED));
        assertEquals("budget reached, cannot tell, two levels", reason.apply(AdaptiveForks.OpenRows.BUDGET_REACHED));
        assertEquals("open, two levels", reason.apply(AdaptiveForks.OpenRows.OPEN));
    }

    @Test
    void shouldStopTightRowsAtThreeForks() {
        Jdk a = jdk(17);
        Jdk b = jdk(21);
        Map<String, IntFunction<Double>> truth = Map.of("known/v-17/default", normal(1, 100, 0.004),
                "known/v-21/default", normal(2, 103, 0.004));
        Map<String, AdaptiveForks.RowState> states = run(plan(a, b), truth, new ArrayList<>(), 10);
        states.values().forEach(s -> {
            assertEquals(3, s.forks(), s.toString());
            assertEquals("3 — decided", s.words());
        });
    }

    @Test
    void shouldGrowOnlyTheUndecidedRowAndItsReference() {
        Jdk a = jdk(17);
        Jdk b = jdk(21);
        Jdk c = jdk(25);
        // a: the best, tight; b: tight and clearly slower; c: forks on two levels 2x apart
        int[] calls = {0};
        Map<String, IntFunction<Double>> truth = Map.of("known/v-17/default", normal(3, 100, 0.003),
                "known/v-21/default", normal(4, 130, 0.003),
                "known/v-25/default", fork -> (calls[0]++ % 2 == 0) ? 104.0 : 210.0);
        List<Trial> recorded = new ArrayList<>();
        AdaptiveForks adaptive = new AdaptiveForks(10, THRESHOLD);
        List<PlannedTrial> plan = plan(a, b, c);
        plan.forEach(t -> recorded.add(record(t, truth.get(t.rowId()).apply(t.fork()), "ok")));
        List<PlannedTrial> round = adaptive.nextRound(plan, recorded);
        assertEquals(List.of("known/v-17/default/fork4", "known/v-25/default/fork4"), round.stream().map(PlannedTrial::id).toList(),
                "the decided row (b) gets no fork; the row whose forks disagree and the best it is judged against do");
        Map<String, AdaptiveForks.RowState> states = run(plan, truth, recorded, 10);
        assertEquals(3, states.get("known/v-21/default").forks());
        assertTrue(states.get("known/v-25/default").forks() > 3, states.toString());
    }

    @Test
    void shouldGrowTheBestRowForItsMostAnswerablePairNotItsLeast() {
        Jdk a = jdk(17);
        Jdk b = jdk(21);
        Jdk c = jdk(25);
        // a, the best and repeatable, is 4 % from b at 1 % fork spread (a few more forks a side tell) and 5.2 % from c
        // (more than 60 forks a side to call): a pair needs forks on both sides, so a grows with b.
        double[][] forks = {{100, 101, 99}, {104, 105, 103}, {105.2, 106.2, 104.2}};
        Jdk[] jdks = {a, b, c};
        List<PlannedTrial> plan = plan(a, b, c);
        List<Trial> recorded = new ArrayList<>();
        for (PlannedTrial t : plan) {
            int i = java.util.Arrays.asList(jdks).indexOf(t.jdk());
            recorded.add(record(t, forks[i][t.fork() - 1], "ok"));
        }
        List<String> round = new AdaptiveForks(10, THRESHOLD).nextRound(plan, recorded).stream().map(PlannedTrial::id).toList();
        assertTrue(round.contains("known/v-17/default/fork4") && round.contains("known/v-21/default/fork4"), round.toString());
    }

    @Test
    void shouldStopAnUndecidableRowAtTheCapAndSaySo() {
        Jdk a = jdk(17);
        Jdk b = jdk(21);
        Map<String, IntFunction<Double>> truth = Map.of("known/v-17/default", normal(5, 100, 0.08),
                "known/v-21/default", normal(6, 100, 0.08));
        Map<String, AdaptiveForks.RowState> states = run(plan(a, b), truth, new ArrayList<>(), 7);
        // 6 % apart at 8 % fork noise: a call needs the interval wholly past 5 %, which more than 60 forks a side would
        // buy; forks go where they buy an answer (issue 43), so these rows stop short of the cap and say why.
        states.values().forEach(s -> {
            assertTrue(s.forks() <= 7, s.toString());
            assertFalse(s.open());
            assertTrue(s.words().contains("cannot tell"), s.words());
        });
    }

    @Test
    void shouldNotGrowARowWithAFailedFork() {
        Jdk a = jdk(17);
        Jdk b = jdk(21);
        List<PlannedTrial> plan = plan(a, b);
        List<Trial> recorded = new ArrayList<>();
        Random r = new Random(7);
        for (PlannedTrial t : plan) {
            boolean fails = t.jdk() == b && t.fork() == 2;
            recorded.add(record(t, 100 * Math.exp(0.08 * r.nextGaussian()), fails ? "failed" : "ok"));
        }
        Map<String, AdaptiveForks.RowState> states = new AdaptiveForks(10, THRESHOLD).states(plan, recorded);
        assertEquals("a fork failed, not grown", states.get("known/v-21/default").reason());
        assertFalse(states.get("known/v-17/default").open(), "nothing testable to compare with: not grown either");
    }

    @Test
    void shouldContinueTheAdaptivePlanFromTheRecordedTrials() {
        // resume: the file holds the three planned forks and two adaptive ones of each row
        Jdk a = jdk(17);
        Jdk b = jdk(21);
        Map<String, IntFunction<Double>> truth = Map.of("known/v-17/default", normal(8, 100, 0.08),
                "known/v-21/default", normal(9, 100, 0.08));
        List<PlannedTrial> plan = plan(a, b);
        List<Trial> recorded = new ArrayList<>();
        plan.forEach(t -> recorded.add(record(t, truth.get(t.rowId()).apply(t.fork()), "ok")));
        for (int fork = 4; fork <= 5; fork++) {
            for (Jdk j : List.of(a, b)) {
                PlannedTrial t = planned(j, 1).asFork(fork);
                recorded.add(record(t, truth.get(t.rowId()).apply(fork), "ok"));
            }
        }
        List<PlannedTrial> next = new AdaptiveForks(10, THRESHOLD).nextRound(plan, recorded);
        assertEquals(List.of("known/v-17/default/fork6", "known/v-21/default/fork6"), next.stream().map(PlannedTrial::id).toList(),
                "the next forks follow the recorded ones, not the plan's three");
        Map<String, AdaptiveForks.RowState> states = run(plan, truth, recorded, 10);
        assertEquals(10, states.get("known/v-17/default").forks());
    }

    /**
     * The calibration simulation: A/A pairs (both rows drawn from one distribution, fixed seed), each
     * judged at its adaptive stopping point and, on the same draws, with every row run to the cap. If
     * stopping on the interval's width added false alarms, the adaptive rate would exceed the
     * fixed-design rate; it must not, and it must stay within the verdicts' 5 % (with Monte-Carlo slack).
     * (A fixed 3 forks calls fewer differences than 10 at wide spreads — Welch's test is conservative
     * at 3 a side — so the fair comparison is the fixed design with the forks adaptive may reach.)
     */
    @Test
    void shouldLeaveTheFalseAlarmRateUnchanged() {
        AdaptiveForks adaptive = new AdaptiveForks(10, THRESHOLD);
        Random r = new Random(20261124);
        int pairs = 4000;
        for (double spread : new double[] {0.005, 0.01, 0.02, 0.03, 0.08}) {
            int fixedCalls = 0;
            int adaptiveCalls = 0;
            for (int i = 0; i < pairs; i++) {
                double[] x = new double[adaptive.maxForks()];
                double[] y = new double[adaptive.maxForks()];
                for (int k = 0; k < x.length; k++) {
                    x[k] = Math.exp(spread * r.nextGaussian());
                    y[k] = Math.exp(spread * r.nextGaussian());
                }
                fixedCalls += judge(x, y, x.length).called() ? 1 : 0;
                // Stop as --forks auto does: when the judge no longer says "cannot tell" and the row is repeatable.
                int n = Judge.MIN_FORKS;
                while (n < x.length && open(x, y, n)) {
                    n++;
                }
                adaptiveCalls += judge(x, y, n).called() ? 1 : 0;
            }
            double fixedRate = fixedCalls / (double) pairs;
            double adaptiveRate = adaptiveCalls / (double) pairs;
            assertTrue(adaptiveRate <= fixedRate + 0.02, "spread " + spread + ": false alarms " + adaptiveRate
                    + " with adaptive forks against " + fixedRate + " with " + adaptive.maxForks());
            assertTrue(adaptiveRate <= Judge.ALPHA + 0.01, "spread " + spread + ": false alarms " + adaptiveRate);
        }
    }

    private static Evidence evidence(double[] x, double[] y, int n) {
        return new Evidence("endToEnd/50", "ns", false, List.of(RowForks.of("x", java.util.Arrays.copyOf(x, n)),
                RowForks.of("y", java.util.Arrays.copyOf(y, n))));
    }

    private static Judgement judge(double[] x, double[] y, int n) {
        return Judge.judge(new Contrast(evidence(x, y, n), "x", "y"), THRESHOLD);
    }

    private static boolean open(double[] x, double[] y, int n) {
        return judge(x, y, n).answer() == Judgement.Answer.CANNOT_TELL || !Judge.repeatable(evidence(x, y, n), "x", THRESHOLD);
    }

    private static double[] array(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Three rows at fixed fork values: 17 and 21 alike, 25 about 4 % slower in 3 % noise — open, cannot tell yet. */
    private static List<Trial> fixedForks(List<PlannedTrial> plan) {
        Map<Integer, double[]> values = Map.of(17, new double[] {100, 103, 97}, 21, new double[] {101, 98, 102},
                25, new double[] {104, 107, 101});
        List<Trial> recorded = new ArrayList<>();
        for (PlannedTrial t : plan) {
            recorded.add(record(t, values.get(t.jdk().feature())[t.fork() - 1], "ok"));
        }
        return recorded;
    }

    @Test
    void shouldSpendTheBudgetOnTheMostAnswerPerSecondFirst() {
        List<PlannedTrial> plan = plan(jdk(17), jdk(21), jdk(25));
        List<Trial> recorded = fixedForks(plan);
        AdaptiveForks adaptive = new AdaptiveForks(10, THRESHOLD);
        Map<String, AdaptiveForks.RowState> states = adaptive.states(plan, recorded);
        List<String> open = states.values().stream().filter(AdaptiveForks.RowState::open).map(AdaptiveForks.RowState::row).toList();
        assertFalse(open.isEmpty(), states.toString());

        // the same chance everywhere, but JDK 25's forks cost a tenth: they go first
        AdaptiveForks.Round round = adaptive.nextRound(plan, recorded, 10_000,
                t -> t.jdk().feature() == 25 ? 1 : 10);
        assertFalse(round.trials().isEmpty(), round.toString());
        if (open.contains("known/v-25/default")) {
            assertEquals("known/v-25/default", round.trials().get(0).rowId(), round.toString());
        }
        for (int i = 1; i < round.trials().size(); i++) {
            assertTrue(round.offers().get(round.trials().get(i - 1).rowId()).perSecond()
                    >= round.offers().get(round.trials().get(i).rowId()).perSecond(), round.toString());
        }
        round.trials().forEach(t -> assertEquals(4, t.fork()));
    }

    @Test
    void shouldGrowNothingWhoseRemainingForksTheBudgetCannotHold() {
        List<PlannedTrial> plan = plan(jdk(17), jdk(21), jdk(25));
        List<Trial> recorded = fixedForks(plan);
        AdaptiveForks.Round round = new AdaptiveForks(10, THRESHOLD).nextRound(plan, recorded, 5, t -> 10);
        assertTrue(round.trials().isEmpty(), round.toString());
        assertFalse(round.notGrown().isEmpty());
        round.notGrown().values().forEach(why -> assertTrue(why.matches("(the next \\d+ forks? would answer with \\d+ % chance"
                + "|\\d+ more forks? would be needed \\(.*\\), more than the 5\\.0 s left)"), why));
    }
}
