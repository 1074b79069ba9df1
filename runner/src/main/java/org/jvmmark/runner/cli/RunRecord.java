package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.AdaptiveForks;
import org.jvmmark.runner.plan.MoreForks;
import org.jvmmark.runner.plan.PlannedTrial;

/**
 * A session's record as it is written, in one owner: the results directory, its {@code results.json}, the plan as
 * adaptive rounds grow it, and with {@code --forks auto} or {@code --more} the account of forks (which rows are still
 * open and why). {@link RunSession}, {@link TrialLoop} and {@link RunEnd} ask it instead of being handed the
 * directory, the file and the plan and handing them on; {@code tune} keeps its record in one too, without an account.
 *
 * <p>Not thread-safe: one per session, used by its thread (the file it holds is thread-safe itself).
 */
final class RunRecord {
    private final Path dir;
    private final ResultsFile results;
    /** The plan so far: the planned trials and every adaptive round added to them. */
    private List<PlannedTrial> plan;
    /** With each trial's write, the fork account as the recorded trials make it; null for none. */
    private Function<List<Trial>, Object> accountOf;
    /** {@code --forks auto}'s rounds, or null. */
    private AdaptiveForks adaptive;
    /** {@code --more}'s rounds, at the top-up's cap, or null. */
    private AdaptiveForks wider;
    private long budgetSeconds;
    /** The fork account last written, so that the session's end writes it only when it says something new. */
    private Object writtenAccount;

    /**
     * @param dir the results directory, against which a trial's log path is resolved
     * @param results its results file, opened or created already
     * @param plan the planned trials
     */
    RunRecord(Path dir, ResultsFile results, List<PlannedTrial> plan) {
        this.dir = dir;
        this.results = results;
        this.plan = plan;
    }

    /** A record with an account of its own making, or none ({@code accountOf} null): a trial loop's alone. */
    static RunRecord of(Path dir, ResultsFile results, Function<List<Trial>, Object> accountOf) {
        RunRecord r = new RunRecord(dir, results, List.of());
        r.accountOf = accountOf;
        return r;
    }

    Path dir() {
        return dir;
    }

    ResultsFile results() {
        return results;
    }

    List<Trial> trials() {
        return results.trials();
    }

    List<PlannedTrial> plan() {
        return plan;
    }

    /**
     * The first write of a session, which makes a new one resumable: what the caller's Java environment was
     * ({@link JavaEnvOption}) and the facts of the JDKs {@code described} runs ({@link #recordJvmFacts}), in one
     * write; a resumed file is written only when there is something new to say.
     */
    void start(boolean inherit, Map<String, String> javaEnv, List<PlannedTrial> described, boolean fresh) throws IOException {
        JavaEnvOption.record(results, inherit, javaEnv);
        if (recordJvmFacts(results, described) || fresh || !javaEnv.isEmpty()) {
            results.write();
        }
    }

    /**
     * Records, once per session, what each JDK of the plan chose by itself when it was described (the top-level
     * {@value JvmFacts#KEY} object): facts of JDKs a resumed file already has and this plan lacks are kept.
     * Sets them in {@code results} without writing the file.
     *
     * @return whether there were any to set
     */
    static boolean recordJvmFacts(ResultsFile results, List<PlannedTrial> plan) {
        Map<String, Object> all = new LinkedHashMap<>();
        results.results().jvmFacts().forEach((label, f) -> all.put(label, f.toJson()));
        plan.stream().map(PlannedTrial::jdk).filter(j -> j.facts() != null).distinct()
                .forEach(j -> all.put(j.label(), j.facts().toJson()));
        if (all.isEmpty()) {
            return false;
        }
        results.setMore(JvmFacts.KEY, all);
        return true;
    }

    /**
     * The run's adaptive forks: {@code adaptive} ({@code --forks auto}, or null), whose account goes with each trial's
     * write, and {@code more}'s top-up (or null) at its cap over the rows recorded so far.
     *
     * @param budgetSeconds the budget the account states
     */
    void forks(AdaptiveForks adaptive, MoreForks more, double threshold, long budgetSeconds) {
        this.adaptive = adaptive;
        this.budgetSeconds = budgetSeconds;
        if (adaptive != null) {
            accountOf = trials -> AdaptiveForks.account(adaptive.states(plan, trials), budgetSeconds, AdaptiveForks.OpenRows.OPEN);
        }
        if (more != null) {
            wider = more.adaptive(new AdaptiveForks(AdaptiveForks.DEFAULT_MAX_FORKS, threshold).states(plan, trials()), threshold);
        }
    }

    /** Whether {@code --more} has a question still open to add forks to (none without {@code --more}). */
    boolean topUpOpen() {
        return wider != null && wider.states(plan, trials()).values().stream().anyMatch(AdaptiveForks.RowState::open);
    }

    /** {@code --forks auto}'s next round over the plan so far, within {@code secondsLeft}. */
    AdaptiveForks.Round nextRound(double secondsLeft, ToDoubleFunction<PlannedTrial> secondsOf) {
        return adaptive.nextRound(plan, trials(), secondsLeft, secondsOf);
    }

    /** {@code --more}'s next round over the plan so far, within {@code secondsLeft}. */
    AdaptiveForks.Round nextTopUp(double secondsLeft, ToDoubleFunction<PlannedTrial> secondsOf) {
        return wider.nextRound(plan, trials(), secondsLeft, secondsOf);
    }

    /** Adds a round's trials to the plan so far. */
    void grow(List<PlannedTrial> round) {
        List<PlannedTrial> grown = new ArrayList<>(plan);
        grown.addAll(round);
        plan = grown;
    }

    /** Where {@code --forks auto}'s rows stand on the trials recorded so far; null without it. */
    Map<String, AdaptiveForks.RowState> states() {
        return adaptive == null ? null : adaptive.states(plan, trials());
    }

    /**
     * Appends trials in one write (each replacing one with the same id) that carries the fork account when the
     * record keeps one.
     */
    void add(List<Trial> trials) throws IOException {
        if (accountOf == null) {
            results.add(trials, null, null);
        } else {
            results.add(trials, AdaptiveForks.KEY, all -> writtenAccount = accountOf.apply(all));
        }
    }

    /**
     * The fork account as the run ends, written when it says something the last trial's write did not: {@code --more}'s
     * open rows stopped by an interruption or its budget, else {@code --forks auto}'s stopped by an interruption (or a
     * round cut short), the budget, or no answer in reach in {@code last}.
     */
    void closeAccount(boolean interrupted, boolean cutShort, boolean budgetReached, AdaptiveForks.Round last) throws IOException {
        Object account;
        if (wider != null) {
            account = AdaptiveForks.account(wider.states(plan, trials()), budgetSeconds,
                    interrupted ? AdaptiveForks.OpenRows.INTERRUPTED : AdaptiveForks.OpenRows.BUDGET_REACHED);
        } else if (adaptive != null) {
            account = AdaptiveForks.account(adaptive.states(plan, trials()), budgetSeconds,
                    RunEnd.openRows(cutShort || interrupted, budgetReached), last);
        } else {
            return;
        }
        if (!account.equals(writtenAccount)) {
            results.putMore(AdaptiveForks.KEY, account);
        }
    }
}
