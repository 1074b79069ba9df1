package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.AdaptiveForks;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.RunBudget;

/**
 * The one trial loop of {@code run} and {@code tune}: runs planned trials one after another, each in a fresh JVM,
 * and after each records it — one atomic write of {@code results.json} through the session's {@link RunRecord} (with
 * the fork account, when the record keeps one), the history, the trial's time for the duration estimates — and shows
 * it ({@link Progress}: a line or the bar, with the budget when there is one; a trial that was not ok with its reason
 * and its logs; a disturbed fork with what becomes of it). Stops at an interruption, recording nothing of the
 * half-done trial.
 *
 * <p>What differs between the sessions is passed in: the title of a batch, the record (with a fork account or none),
 * the budget shown or none, and what becomes of a disturbed fork ({@link Disturbed}): re-run here once, under a new
 * fork number after the others (run), or left to the caller, which plans its own re-runs and says so (tune's rounds).
 * Not thread-safe: one per session.
 */
final class TrialLoop {
    /** Runs one planned trial in a fresh JVM ({@code TrialExecutor::run}); null when it was cancelled. */
    @FunctionalInterface
    interface Fork {
        Trial run(PlannedTrial trial) throws IOException;
    }

    /**
     * What becomes of a fork another process disturbed ({@link Trial#disturbed()}).
     *
     * @param rerunHere whether the loop re-runs it once, under a new fork number, after the batch's other trials
     * @param bound with {@code rerunHere}, the budget the re-runs must fit (with room for the run's end), or null for none
     * @param fate without {@code rerunHere}, what becomes of it, in words after "fork N disturbed: why; "
     */
    record Disturbed(boolean rerunHere, RunBudget bound, Function<PlannedTrial, String> fate) {
        /** Re-run here once, after the others, within {@code bound} when it is not null. */
        static Disturbed rerunHere(RunBudget bound) {
            return new Disturbed(true, bound, null);
        }

        /** Not re-run here: {@code fate} says what becomes of it. */
        static Disturbed notHere(Function<PlannedTrial, String> fate) {
            return new Disturbed(false, null, fate);
        }
    }

    private final PrintStream out;
    private final RunRecord runRecord;
    private final Fork fork;
    private final HistoryRecorder recorder;
    private final BooleanSupplier interrupted;
    private final DurationEstimates durations;
    private final RunBudget budget;

    /**
     * @param record the session's record, which writes each trial (with the fork account when it keeps one)
     * @param budget the whole session's budget, which each progress line states (used and left), or null for none
     */
    TrialLoop(PrintStream out, RunRecord record, Fork fork, HistoryRecorder recorder, BooleanSupplier interrupted,
              DurationEstimates durations, RunBudget budget) {
        this.out = out;
        this.runRecord = record;
        this.fork = fork;
        this.recorder = recorder;
        this.interrupted = interrupted;
        this.durations = durations;
        this.budget = budget;
    }

    /**
     * A loop over {@code results} alone ({@link RunRecord#of}).
     *
     * @param dir the results directory, against which a trial's log path is resolved
     * @param forkAccount the fork account ({@value AdaptiveForks#KEY}) as the recorded trials make it, written with each
     *     trial; or null for none
     */
    TrialLoop(PrintStream out, Path dir, Fork fork, ResultsFile results, HistoryRecorder recorder, BooleanSupplier interrupted,
              DurationEstimates durations, RunBudget budget, Function<List<Trial>, Object> forkAccount) {
        this(out, RunRecord.of(dir, results, forkAccount), fork, recorder, interrupted, durations, budget);
    }

    /**
     * Runs {@code trials} in order, recording each; with {@link Disturbed#rerunHere}, then re-runs once, under new fork
     * numbers, the forks another process disturbed (those that fit the bound). False when the run was interrupted.
     *
     * @param title printed before the trials when not empty (an adaptive round)
     */
    boolean run(List<PlannedTrial> trials, String title, Disturbed disturbed) throws IOException {
        List<Rerun> reruns = new ArrayList<>();
        if (!runEach(trials, title, Map.of(), disturbed.rerunHere() ? reruns : null, disturbed)) {
            return false;
        }
        if (reruns.isEmpty()) {
            return true;
        }
        List<PlannedTrial> again = new ArrayList<>();
        Map<String, Integer> rerunOf = new HashMap<>();
        for (Rerun r : reruns) {
            again.add(r.trial());
            rerunOf.put(r.trial().id(), r.disturbedFork());
        }
        RunBudget bound = disturbed.bound();
        if (bound != null) { // the budget bounds the whole run, re-runs included
            List<PlannedTrial> fits = new ArrayList<>();
            double seconds = 0;
            for (PlannedTrial t : again) {
                if (bound.holds(seconds + t.estimatedSeconds())) {
                    fits.add(t);
                    seconds += t.estimatedSeconds();
                }
            }
            if (fits.size() < again.size()) {
                out.printf("not re-run: %d disturbed forks, past the budget (%s)%n", again.size() - fits.size(), bound.words());
            }
            again = fits;
        }
        // at the end of the list, not at once: a disturbance that lasts a while has then had time to pass
        return again.isEmpty() || runEach(again, "re-run of disturbed forks: ", rerunOf, null, disturbed);
    }

    /** A disturbed fork's re-run: the same trial as a new fork of its row. */
    private record Rerun(PlannedTrial trial, int disturbedFork) {
    }

    /**
     * Runs and records {@code trials}; a disturbed one is named on the console and, when {@code reruns} is not null,
     * its re-run is added there (a re-run that is disturbed again stays marked and is not re-run).
     *
     * @param rerunOf for re-runs, the disturbed fork each re-runs, by the re-run's id
     */
    private boolean runEach(List<PlannedTrial> trials, String title, Map<String, Integer> rerunOf, List<Rerun> reruns,
                            Disturbed disturbed) throws IOException {
        if (!title.isEmpty()) {
            out.println(title + trials.size() + (trials.size() == 1 ? " trial" : " trials"));
        }
        int index = 0;
        try (Progress progress = Progress.create(out, trials.size(), Planner.estimatedSeconds(trials), budget,
                Progress.isTerminal())) {
            for (PlannedTrial t : trials) {
                if (interrupted.getAsBoolean()) {
                    return false;
                }
                progress.starting(++index, t);
                Trial record = fork.run(t);
                if (record == null || interrupted.getAsBoolean()) {
                    return false;
                }
                record = record(t, record, rerunOf.get(t.id()));
                progress.finished(index, t, record.outcome().trialStatus(), record.outcome().process().wallSeconds());
                if (!record.ok() && t.runnable()) {
                    progress.problem(t, record.outcome().error() == null ? "" : record.outcome().error(),
                            record.provenance().logs() != null ? runRecord.dir().resolve(record.provenance().logs()) : null);
                }
                if (record.disturbed()) {
                    String why = "fork " + t.fork() + " disturbed: " + record.outcome().process().disturbance().reason();
                    if (reruns != null) {
                        PlannedTrial again = t.asFork(Reruns.nextFork(t.rowId(), runRecord.trials(), trials,
                                reruns.stream().map(Rerun::trial).toList()));
                        reruns.add(new Rerun(again, t.fork()));
                        why += "; re-run as fork " + again.fork() + " after the others";
                    } else {
                        why += "; " + (disturbed.rerunHere() ? "a re-run, not re-run again" : disturbed.fate().apply(t));
                    }
                    progress.problem(t, why, null);
                }
            }
        }
        return true;
    }

    /**
     * Records one trial: one write, carrying a re-run's link to the disturbed fork (when {@code of}, the fork it re-runs,
     * is not null) and the fork account; then the history and, for an ok undisturbed fork, its time.
     *
     * @return the trial as recorded
     */
    private Trial record(PlannedTrial t, Trial record, Integer of) throws IOException {
        List<Trial> recorded = new ArrayList<>();
        if (of != null) {
            record = Reruns.linked(record, of);
            Trial disturbed = Reruns.find(runRecord.trials(), t.rowId(), of);
            if (disturbed != null) {
                recorded.add(Reruns.rerunAs(disturbed, t.fork()));
            }
        }
        recorded.add(record);
        runRecord.add(recorded);
        recorder.record(record);
        if (record.ok() && !record.disturbed()) {
            durations.record(t, record.outcome().process().wallSeconds());
        }
        return record;
    }
}
