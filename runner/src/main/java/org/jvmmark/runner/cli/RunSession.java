package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.Text;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.Container;
import org.jvmmark.runner.fork.DisturbancePolicy;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.instruments.InstrumentSet;
import org.jvmmark.runner.jdk.GarbageCollector;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.HostInfo;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.jdk.JdkDiscovery;
import org.jvmmark.runner.jdk.JdkSelection;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.output.OutputLock;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.AdaptiveForks;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.BudgetPlan;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DeclaredQuestions;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.ForkPolicy;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.RunBudget;
import org.jvmmark.runner.plan.ForkSpending;
import org.jvmmark.runner.plan.MoreForks;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.ResumePlan;
import org.jvmmark.runner.plan.ResumeSpec;
import org.jvmmark.runner.plan.Shard;
import org.jvmmark.runner.plan.Sweep;
import org.jvmmark.runner.plan.WorkloadCatalog;

/**
 * One {@code jvmmark run}, from validated {@link RunOptions} to {@code results.json} and the report: plans
 * the trials (catalog, sweep, shard, duration estimates, budget), prints the plan on {@code --dry-run},
 * else takes the results directory's lock, runs the trials through the {@link TrialLoop} (which shares
 * it with {@code tune}: each trial in a fresh JVM, {@link ResultsFile} rewritten after every trial, the
 * history, disturbed forks re-run within the budget), runs the adaptive rounds of {@code --forks auto}
 * within their budget, and renders the report at the end ({@link RunEnd}). What it writes has one owner, the
 * {@link RunRecord} (the directory, the file, the plan so far and the fork account), which the loop and the end
 * ask rather than being handed the directory and the file. The command
 * line ({@link RunCommand}) only parses and validates into {@link RunOptions} and hands over here.
 *
 * <p>Ctrl-C: the JVM's shutdown hook marks the run interrupted and kills the child; the run loop
 * notices, records nothing for the half-done trial (so {@code --resume} reruns it) and lets the hook
 * finish. The file on disk is always a complete earlier version, since every write is an atomic
 * rename. Not thread-safe: one instance per run.
 */
final class RunSession {
    private final PrintStream out;
    private final PrintStream err;
    private final RunOptions options;
    private final ResultsFile recorded;
    private final Path outDir;
    private final boolean dryRun;
    private final double threshold;
    private final HistoryOptions history;
    private final InstrumentSet instruments;
    private final ExternalWorkloads external;
    private final ForkPolicy forkPolicy;
    private final Budget budget;
    private final DisturbancePolicy disturbance;
    /** Prepared before the results directory and the Ctrl-C hook: a refusal leaves nothing to resume, nothing to wait for. */
    private final Container container;

    /** {@code --more}/{@code --more-forks}: forks to add where a question is still open; null when not asked. */
    private MoreForks more;

    private DurationEstimates durations;
    /** The whole run's budget against its clock (the build included), set when the plan is made. */
    private RunBudget runBudget;
    /** What the default set and the budget left out of the plan, one line each. */
    private List<String> leftOut = List.of();
    /** The caller's JAVA_TOOL_OPTIONS and the like, as this launch found them (empty when none was set). */
    private Map<String, String> javaEnv = Map.of();

    /**
     * @param options validated: a known profile, fork policy, budget and CPU list
     * @param recorded with {@code --resume}, the results file being continued (opened before anything else); else {@code null}
     * @param outDir {@code --out}, or {@code null} for a fresh {@code runs/<date-time>}
     * @param threshold the smallest difference the verdicts treat as real, as a fraction
     * @param instruments attached to every trial's JVM under test
     * @param external the user's own workloads (from the command line, or from the recorded command)
     * @param disturbance what to do with a fork other processes disturbed
     * @param container the container the JVM under test runs inside, prepared already
     */
    RunSession(PrintStream out, PrintStream err, RunOptions options, ResultsFile recorded, Path outDir, boolean dryRun,
                      double threshold, HistoryOptions history, InstrumentSet instruments, ExternalWorkloads external,
                      DisturbancePolicy disturbance, Container container) {
        this.disturbance = disturbance;
        this.container = container;
        this.out = out;
        this.err = err;
        this.options = options;
        this.recorded = recorded;
        this.outDir = outDir;
        this.dryRun = dryRun;
        this.threshold = threshold;
        this.history = history;
        this.instruments = instruments;
        this.external = external;
        this.forkPolicy = options.forkPolicy();
        this.budget = options.budget() != null ? Budget.parse(options.budget()) : options.mainJob() ? Budget.mainJob() : null;
    }

    /** This session, adding forks where a question is still open once the recorded plan is done ({@code more} may be null). */
    RunSession withMore(MoreForks top) {
        this.more = top;
        return this;
    }

    /** Plans, then prints the plan ({@code --dry-run}) or runs it; the process's exit status. */
    int run() throws IOException {
        // before any JDK is started: the probes describe the JVMs as the trials will run them
        javaEnv = JavaEnvOption.apply(options.shared().inheritJavaEnv(), System.getenv(), err);
        String profile = options.profile();
        int forks = forkPolicy.base();
        WorkloadCatalog builtIn = WorkloadCatalog.load(WorkloadCatalog.distribution());
        builtIn.problems().forEach(p -> err.println("jvmmark: warning: " + p));
        List<CatalogEntry> own = external.load(WorkloadCatalog.distribution());
        WorkloadCatalog catalog = builtIn.with(own);
        List<CatalogEntry> selected = new ArrayList<>(options.shared().workloads().isEmpty() ? own : List.of());
        for (String name : options.shared().workloads()) {
            selected.add(catalog.get(name));
        }
        if (selected.isEmpty()) {
            selected = catalog.visible();
            if (selected.isEmpty()) {
                throw new UserException("no workloads built in " + WorkloadCatalog.distribution());
            }
        }
        Sweep sweep = Sweep.parse(options.shared().params()).withProfile(profile);
        Shard slice = options.shared().shard() == null ? null : Shard.parse(options.shared().shard(), System.getenv());
        List<GarbageCollector> collectors = options.gc().stream().map(GarbageCollector::parse).distinct().toList();
        List<List<String>> argSets = new ArrayList<>();
        for (String a : options.jvmArgs()) {
            if (a.isBlank()) {
                throw new UserException("--jvm-args needs flags, e.g. --jvm-args \"-Xmx1g -XX:+AlwaysPreTouch\"");
            }
            argSets.add(Arrays.asList(a.trim().split("\\s+")));
        }
        List<CatalogEntry> chosen = selected;
        Planner planner = new Planner(new GcProbe(), options.shared().variants(), options.allVariants());
        // parameters are checked before any JDK is started
        sweep.check(chosen, profile, options.shared().variants());
        List<Jdk> jdkList = JdkSelection.select(options.jdkSelectors(), () -> new JdkDiscovery().discover());
        List<PlannedTrial> plan = sweep.plan(planner, chosen, jdkList, collectors, argSets, forks, profile, options.shared().variants());
        if (slice != null) {
            Set<String> swept = sweep.sweptKeys(chosen);
            plan = slice.slice(plan, t -> Sweep.unitOf(t, swept));
        }
        durations = DurationEstimates.load(DurationEstimates.defaultFile(), DurationEstimates.machineOf(HostInfo.collect()));
        plan = durations.apply(plan);
        leftOut = new ArrayList<>(planner.leftOut().stream().map(l -> "default set: " + l).toList());
        if (options.budgetRows() != null && recorded != null) {
            // resume: the rows the budget kept when the run began, not a new cut from today's estimates
            Set<String> rows = new HashSet<>(options.budgetRows());
            plan = plan.stream().filter(t -> rows.contains(t.rowId())).toList();
        }
        long planned = Planner.estimatedSeconds(plan);
        double earlier = recorded == null ? 0 : RunEnd.spentSeconds(recorded.trials(), plan);
        runBudget = RunBudget.ofThisProcess(budget != null ? budget : Budget.defaultFor(planned), earlier);
        if (budget == null) { // the adaptive forks' default, counted from now as the build and planning have taken
            runBudget = RunBudget.ofThisProcess(Budget.defaultFor(planned + Math.round(runBudget.spentSeconds())), earlier);
        } else if (budget.cutsPlan() && (options.budgetRows() == null || recorded == null)) {
            plan = fit(plan);
        }
        long planSeconds = Planner.estimatedSeconds(plan);
        List<String> budgetRows = budget == null ? null : plan.stream().map(PlannedTrial::rowId).distinct().toList();
        if (recorded != null) {
            ResumeSpec.refuseOtherHost(recorded.path(), recorded.results().hostValues(), HostInfo.collect());
            ResumeSpec.refuseMovedJdks(recorded.path(), recorded.trials(), jdkList);
        }
        if (dryRun) {
            if (recorded == null && outDir != null) {
                OutputDirectory.checkNewRun(outDir.toAbsolutePath().normalize());
            }
            printPlan(plan, profile);
            return 0;
        }
        if (options.adaptiveBudgetSeconds() != null) { // resume: the budget the run began with
            runBudget = RunBudget.ofThisProcess(runBudget.budget().withSeconds(options.adaptiveBudgetSeconds()), earlier);
        }
        Long adaptiveSeconds = forkPolicy.adaptive() || budget != null ? runBudget.budget().seconds() : null;
        RunOptions run = options.resolved(jdkList.stream().map(j -> j.home().toString()).toList(), forkPolicy,
                slice == null ? null : slice.label(), adaptiveSeconds, budgetRows)
                .withInstruments(instruments.instruments().stream().map(i -> i.title()).toList());
        return execute(plan, run);
    }

    private void printPlan(List<PlannedTrial> plan, String profile) {
        if (recorded != null) {
            printResumePlan(plan, profile);
            return;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"trial", "estimate", "JVM flags / note"});
        for (PlannedTrial t : plan) {
            rows.add(new String[] {t.id(), t.runnable() ? Text.seconds(t.estimatedSeconds()) : "-",
                t.runnable() ? String.join(" ", t.jvmArgs()) : "unsupported: " + t.unsupportedReason()});
        }
        Tables.print(out, rows);
        long runnable = plan.stream().filter(PlannedTrial::runnable).count();
        leftOut.forEach(l -> out.println("left out: " + l));
        out.printf("%d trials (%d to run, %d unsupported), profile %s; estimated duration %s%n", plan.size(), runnable,
                plan.size() - runnable, profile, Text.seconds(Planner.estimatedSeconds(plan)));
        printForkPolicy(Planner.estimatedSeconds(plan));
    }

    /**
     * Says how forks are planned (fixed, or adaptive within which cap) and the budget of the whole run: what the build
     * took of it, what the plan takes, and what is left for adaptive forks.
     */
    private void printForkPolicy(long planSeconds) {
        Budget b = runBudget.budget();
        String parts = "build " + Text.seconds(runBudget.buildSeconds()) + (runBudget.buildSeconds() > 0 ? " (this launch built jvmmark)"
                : " (built before this launch)") + ", the plan " + Text.seconds(planSeconds) + ", up to "
                + Text.seconds(Math.max(0, runBudget.leftSeconds() - planSeconds - RunBudget.END_SECONDS))
                + (forkPolicy.adaptive() ? " for more forks" : " to spare") + ", " + RunBudget.END_SECONDS + " s for the report";
        if (forkPolicy.adaptive()) {
            out.printf("forks auto: %d a row, then more where a row's question is still open, the most answer per second first,"
                    + " up to %s and %s in all (%s): %s%n", forkPolicy.base(), forkPolicy.budgetCapped()
                    ? "what the budget holds (at most " + forkPolicy.maxForks() + " a row)" : forkPolicy.maxForks() + " a row",
                    Text.seconds(b.seconds()), b.origin(), parts);
        } else if (budget != null) {
            out.printf("budget: %s in all (%s): %s%n", Text.seconds(b.seconds()), b.origin(), parts);
        }
    }

    /**
     * The plan cut to fit what the budget leaves of the run after the build ({@link RunBudget#planSeconds}). A given
     * budget the cuts cannot meet is the user's mistake; the main job's is said and the plan run whole.
     */
    private List<PlannedTrial> fit(List<PlannedTrial> plan) {
        Budget room = budget.withSeconds(runBudget.planSeconds());
        try {
            BudgetPlan fitted = BudgetPlan.fit(plan, room);
            fitted.leftOut().forEach(l -> leftOut.add("budget " + budget.label() + ": " + l));
            return fitted.plan();
        } catch (UserException e) {
            if (budget.given()) {
                throw e;
            }
            err.println("jvmmark: warning: the main job's plan needs " + Text.seconds(Planner.estimatedSeconds(plan))
                    + ", more than the " + Text.seconds(room.seconds()) + " its " + budget.label() + " budget leaves it after "
                    + Text.seconds(runBudget.spentSeconds()) + " of build and planning; it runs whole, without more forks");
            return plan;
        }
    }

    /** What {@code --resume} would do with each planned trial: keep its record, run it again, or run it. */
    private void printResumePlan(List<PlannedTrial> plan, String profile) {
        ResumePlan resumed = ResumePlan.of(plan, recorded.trials(), recorded.path());
        Map<String, String> statusById = new HashMap<>();
        recorded.trials().forEach(t -> statusById.put(t.id(), t.outcome().trialStatus().json()));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"trial", "resume", "estimate"});
        for (PlannedTrial t : plan) {
            String status = statusById.get(t.id());
            boolean runs = resumed.todo().contains(t);
            rows.add(new String[] {t.id(), status == null ? "run (not recorded)" : runs ? "run again (was " + status + ")"
                    : "keep (" + status + ")", runs && t.runnable() ? Text.seconds(t.estimatedSeconds()) : "-"});
        }
        Tables.print(out, rows);
        out.printf("resume %s (profile %s): %d of %d trials kept, %d to run (%d again); estimated duration %s%n",
                recorded.path().getParent(), profile, resumed.done(), plan.size(), resumed.todo().size(), resumed.rerun(),
                Text.seconds(Planner.estimatedSeconds(resumed.todo())));
    }

    private int execute(List<PlannedTrial> plan, RunOptions run) throws IOException {
        Path dir = OutputDirectory.givenOrFresh(outDir);
        if (recorded == null) {
            OutputDirectory.forNewRun(dir);
        }
        // held until the run ends: one process per results directory
        try (OutputLock lock = OutputLock.acquire(dir, recorded != null ? "run --resume" : "run")) {
            return execute(plan, run, dir);
        }
    }

    private int execute(List<PlannedTrial> plan, RunOptions run, Path dir) throws IOException {
        OutputDirectory output = recorded != null ? OutputDirectory.forResume(dir) : OutputDirectory.forNewRun(dir);
        // resumed: read again under the lock, since another run may have added trials meanwhile
        RunRecord record = new RunRecord(dir, recorded != null ? output.openResults()
                : output.newResults(run.profile(), HostInfo.collect(), run.command(), DeclaredQuestions.of(plan)), plan);
        // a new run's first write, which makes it resumable, carries its JDKs' facts: one write, not two
        record.start(options.shared().inheritJavaEnv(), javaEnv, plan, recorded == null);
        ResumePlan resumed = ResumePlan.of(plan, record.trials(), record.results().path());
        List<PlannedTrial> todo = resumed.todo();
        if (resumed.done() > 0 || resumed.rerun() > 0) {
            out.printf("resuming %s: %d of %d trials already recorded%s%n", dir, resumed.done(), plan.size(),
                    resumed.rerun() == 0 ? "" : "; " + resumed.rerun() + " failed or timed out, run again");
        }
        record.forks(forkPolicy.adaptive() ? new AdaptiveForks(forkPolicy.maxForks(), threshold) : null, more, threshold,
                runBudget.budget().seconds());
        if (more != null && todo.isEmpty() && !record.topUpOpen()) {
            out.println("nothing to add in " + dir + ": no question is still open (each is answered, or more forks would not"
                    + " tell); the report stands");
            return 0;
        }
        InterruptHook hook = InterruptHook.install();
        AtomicBoolean interrupted = hook.flag();
        TrialExecutor executor = new TrialExecutor(dir, container, interrupted::get, instruments, disturbance);
        if (container.limiting()) {
            out.println(container.line());
        }
        HistoryRecorder recorder = HistoryRecorder.start(history, record.results().results(), dir, err);
        long estimated = Planner.estimatedSeconds(todo);
        leftOut.forEach(l -> out.println("left out: " + l));
        out.printf("%d trials to run; estimated %s%s%n", todo.size(), Text.seconds(estimated),
                budget != null || forkPolicy.adaptive() ? "; budget " + runBudget.words() : "");
        ForkSpending spending = new ForkSpending(ForkSpending::workloadOf);
        int extra = 0;
        TrialLoop loop = new TrialLoop(out, record, executor::run, recorder, interrupted::get, durations,
                budget != null || forkPolicy.adaptive() ? runBudget : null);
        RunEnd end = new RunEnd(out, err, output, record, threshold);
        // the budget bounds the whole run, re-runs included, when one was given (or is the main job's)
        TrialLoop.Disturbed disturbed = disturbance == DisturbancePolicy.RERUN
                ? TrialLoop.Disturbed.rerunHere(budget != null ? runBudget : null)
                : TrialLoop.Disturbed.notHere(t -> "not re-run (--disturbed mark)");
        try {
            boolean whole = loop.run(todo, "", disturbed);
            boolean budgetReached = false;
            AdaptiveForks.Round next = null;
            while (whole && forkPolicy.adaptive() && !interrupted.get()) {
                next = record.nextRound(runBudget.leftSeconds() - RunBudget.END_SECONDS, durations::estimate);
                spending.round(next);
                List<PlannedTrial> round = durations.apply(next.trials());
                if (round.isEmpty()) {
                    budgetReached = !next.pastBudget().isEmpty();
                    break;
                }
                extra += round.size();
                record.grow(round);
                whole = loop.run(round, "more forks where the question is open, the most answer per second first: ", disturbed);
            }
            if (more != null && !interrupted.get()) {
                extra += moreForks(record, loop, disturbed, interrupted);
            }
            // an interruption or the budget changes what open rows say; else the last trial wrote this already
            record.closeAccount(interrupted.get(), !whole, budgetReached, next);
        } catch (IOException | RuntimeException | Error e) {
            if (interrupted.get() || e instanceof UserException || ExitStatus.noSpace(e) != null) {
                throw e;
            }
            end.endOfTrials(durations);
            hook.release();
            return end.internalError(e);
        } finally {
            if (hook.running()) {
                end.endOfTrials(durations);
                if (interrupted.get()) {
                    err.println("jvmmark: interrupted; " + record.results().recordedIds().size() + " trials kept in "
                            + record.results().path() + " (continue with --resume)");
                }
                hook.stopped();
            }
        }
        if (interrupted.get()) {
            return ExitStatus.INTERRUPTED;
        }
        hook.release();
        end.summary();
        out.printf("estimated %s for the plan's %d trials, took %s%s%n", Text.seconds(estimated), todo.size(),
                budget != null || forkPolicy.adaptive() ? runBudget.endWords() : Text.seconds(runBudget.spentSeconds()) + " in all",
                extra == 0 ? "" : "; " + extra + " more forks where a question was still open");
        if (forkPolicy.adaptive()) {
            printForksPerRow(record, spending);
        }
        int report = end.report();
        return report != 0 ? report : end.exitStatus();
    }

    /** With {@code --forks auto}: how many forks the rows took, and where the budget went. */
    private void printForksPerRow(RunRecord record, ForkSpending spending) {
        Map<String, AdaptiveForks.RowState> states = record.states();
        IntSummaryStatistics n = states.values().stream().mapToInt(AdaptiveForks.RowState::forks).summaryStatistics();
        if (n.getCount() > 0) {
            out.printf("forks per row: %d to %d (the report says why, row by row); where the budget went:%n", n.getMin(), n.getMax());
            Map<String, PlannedTrial> rows = new HashMap<>();
            record.plan().forEach(t -> rows.putIfAbsent(t.rowId(), t));
            spending.lines(states, r -> rows.containsKey(r) ? durations.estimate(rows.get(r)) : 0).forEach(l -> out.println("  " + l));
        }
    }

    /**
     * {@code --more}: rounds of one more fork for each row whose question is still open under the top-up's cap, the
     * most answer per second first, within the top-up's time and rounds; the plan grows in {@code record}.
     *
     * @return the forks added
     */
    private int moreForks(RunRecord record, TrialLoop loop, TrialLoop.Disturbed disturbed, AtomicBoolean interrupted)
            throws IOException {
        long start = System.nanoTime();
        int added = 0;
        for (int round = 0; round < more.rounds() && !interrupted.get(); round++) {
            AdaptiveForks.Round next = record.nextTopUp(more.secondsLeft((System.nanoTime() - start) / 1e9), durations::estimate);
            List<PlannedTrial> trials = durations.apply(next.trials());
            if (trials.isEmpty()) {
                break;
            }
            added += trials.size();
            record.grow(trials);
            if (!loop.run(trials, "more forks (--more) where the question is still open, the most answer per second first: ",
                    disturbed)) {
                break;
            }
        }
        return added;
    }
}
