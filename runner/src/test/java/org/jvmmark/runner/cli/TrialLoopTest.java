package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.results.Command;
import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.results.Disturbance;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.RunBudget;

/**
 * The one trial loop of run and tune, on forks the test answers itself (no JVM starts): each trial recorded as it
 * ends, its time learned only when it is ok and undisturbed, the budget on every progress line when there is one, a
 * disturbed fork re-run after the others under a new number (within a bound) or left to the caller with its words,
 * and an interruption that records nothing of the half-done trial.
 */
class TrialLoopTest {
    @Name("looped")
    @Summary("a workload whose forks the test answers")
    public static final class Looped implements Workload {
        @Override
        public void run(TrialContext context) {
        }
    }

    private static final CatalogEntry LOOPED = new CatalogEntry(WorkloadInfo.of(Looped.class), "l", Path.of("/w/l"), false);
    private static final Jdk JDK = new Jdk(Path.of("/jdk25"), "Vendor", "25.0.1", 25, "VM", "v-25");
    private static final JvmInfo NO_JVM = new JvmInfo("", "", 0, "", "", List.of(), List.of());

    @TempDir
    Path dir;

    private ResultsFile results;
    private DurationEstimates durations;
    private HistoryRecorder noHistory;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
    /** The ids of the trials the loop asked to run, in order. */
    private final List<String> ran = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        results = ResultsFile.create(dir, "smoke", Map.of("cpus", 2), Command.NONE, Map.of());
        results.write();
        durations = DurationEstimates.load(dir.resolve("durations.json"), "test machine");
        HistoryOptions off = new HistoryOptions();
        off.history = "off";
        noHistory = HistoryRecorder.start(off, results.results(), dir, out);
    }

    private static PlannedTrial planned(int fork) {
        return new PlannedTrial("looped/v-25/default/fork" + fork, LOOPED, JDK, "default", null, null, List.of(), Map.of(),
                fork, "smoke", 60, 5, null);
    }

    /** A fork that ran 10 s: ok or failed, disturbed by other processes or not. */
    private Trial answer(PlannedTrial t, boolean ok, boolean disturbed) {
        ran.add(t.id());
        // the runner measures what else ran beside every fork; a disturbed one has a reason
        ProcessFacts p = new ProcessFacts(null, 10.0, null, 0).withDisturbance(disturbed
                ? new Disturbance(10, 15, 0, null, 1.0, "other processes used 1.5 CPUs", null, null)
                : new Disturbance(10, 1, 0, null, 1.0, null, null, null));
        return new TrialBuilder(t.id(), "looped").fork(t.fork()).status(ok ? "ok" : "failed", ok ? null : "it broke").process(p)
                .jvm(NO_JVM).logs("trials/" + t.fork()).build();
    }

    private TrialLoop loop(TrialLoop.Fork fork, AtomicBoolean interrupted, RunBudget budget) {
        return new TrialLoop(out, dir, fork, results, noHistory, interrupted::get, durations, budget, null);
    }

    private static RunBudget budget(long seconds) {
        return new RunBudget(new Budget(seconds, Budget.Kind.GIVEN), 0, 0, System::nanoTime, System.nanoTime());
    }

    @Test
    void shouldRecordEveryTrialAsItEndsAndLearnTheTimeOfOkUndisturbedForksOnly() throws Exception {
        boolean whole = loop(t -> answer(t, t.fork() != 2, t.fork() == 3), new AtomicBoolean(), null)
                .run(List.of(planned(1), planned(2), planned(3)), "", TrialLoop.Disturbed.notHere(t -> "left to the caller"));

        assertTrue(whole);
        assertEquals(List.of("looped/v-25/default/fork1", "looped/v-25/default/fork2", "looped/v-25/default/fork3"),
                ResultsFile.open(dir).trials().stream().map(Trial::id).toList(), "each trial written to results.json");
        assertEquals(10.0, durations.measuredSeconds(planned(1)), "the ok fork's time is learned, the failed and disturbed not");
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("[2/3] looped/v-25/default/fork2: failed (10.0 s)"), text);
        assertTrue(text.contains("    it broke; logs: " + dir.resolve("trials/2")), "a failure's reason and its logs: " + text);
        assertFalse(text.contains("budget:"), "no budget, none said: " + text);
    }

    @Test
    void shouldRerunADisturbedForkOnceAfterTheOthersUnderANewNumberAndLinkTheTwo() throws Exception {
        boolean whole = loop(t -> answer(t, true, t.fork() != 2), new AtomicBoolean(), budget(3600))
                .run(List.of(planned(1), planned(2)), "", TrialLoop.Disturbed.rerunHere(null));

        assertTrue(whole);
        assertEquals(List.of("looped/v-25/default/fork1", "looped/v-25/default/fork2", "looped/v-25/default/fork3"), ran,
                "the re-run comes after the others, under the next fork number");
        List<Trial> trials = ResultsFile.open(dir).trials();
        assertEquals(3, trials.get(0).outcome().process().disturbance().rerunAs(), "the disturbed fork names its re-run");
        assertEquals(1, trials.get(2).outcome().process().disturbance().rerunOf(), "the re-run names the fork it re-ran");
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("fork 1 disturbed: other processes used 1.5 CPUs; re-run as fork 3 after the others"), text);
        assertTrue(text.contains("re-run of disturbed forks: 1 trial"), text);
        assertTrue(text.contains("fork 3 disturbed") && text.contains("a re-run, not re-run again"),
                "a re-run disturbed again is not re-run: " + text);
        assertTrue(text.contains(" · budget: "), "the budget on every line: " + text);
    }

    @Test
    void shouldLeaveOutReRunsThatTheBudgetCannotHoldAndSaySo() throws Exception {
        loop(t -> answer(t, true, true), new AtomicBoolean(), null)
                .run(List.of(planned(1)), "", TrialLoop.Disturbed.rerunHere(budget(RunBudget.END_SECONDS + 2)));

        assertEquals(List.of("looped/v-25/default/fork1"), ran, "a 5 s re-run does not fit 2 s");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("not re-run: 1 disturbed forks, past the budget"),
                console.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldNotRerunWhenTheCallerPlansItsOwnReRunsAndSayWhatItSaid() throws Exception {
        loop(t -> answer(t, true, true), new AtomicBoolean(), null)
                .run(List.of(planned(1)), "", TrialLoop.Disturbed.notHere(t -> "the caller's words for fork " + t.fork()));

        assertEquals(List.of("looped/v-25/default/fork1"), ran);
        assertNull(ResultsFile.open(dir).trials().get(0).outcome().process().disturbance().rerunAs());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("fork 1 disturbed: other processes used 1.5 CPUs;"
                + " the caller's words for fork 1"), console.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldStopAtAnInterruptionAndRecordNothingOfTheHalfDoneTrial() throws Exception {
        AtomicBoolean interrupted = new AtomicBoolean();
        boolean whole = loop(t -> {
            Trial r = answer(t, true, false);
            interrupted.set(t.fork() == 2); // Ctrl-C while fork 2 ran
            return r;
        }, interrupted, null).run(List.of(planned(1), planned(2), planned(3)), "", TrialLoop.Disturbed.rerunHere(null));

        assertFalse(whole);
        assertEquals(Set.of("looped/v-25/default/fork1"), ResultsFile.open(dir).recordedIds());
        assertEquals(2, ran.size(), "nothing runs after the interruption");
    }
}
