package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.report.Report;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.instruments.InstrumentSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.Main;
import org.jvmmark.runner.UserException;
import org.jvmmark.runner.jdk.GarbageCollector;
import org.jvmmark.runner.jdk.GcProbe;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.AdaptiveForks;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.BudgetPlan;
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DeclaredQuestions;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.ForkPolicy;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.Shard;
import org.jvmmark.runner.plan.Sweep;
import org.jvmmark.runner.plan.WorkloadCatalog;
import org.jvmmark.runner.fork.ChildProcess;
import org.jvmmark.runner.fork.ClientServerTrial;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.jdk.HostInfo;
import org.jvmmark.runner.jdk.JdkDiscovery;
import org.jvmmark.runner.jdk.JdkSelection;
import org.jvmmark.runner.output.HistoryRecorder;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.output.OutputLock;
import org.jvmmark.runner.plan.CpuList;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.ResumePlan;
import org.jvmmark.runner.plan.ResumeSpec;
import org.jvmmark.runner.Text;

/**
 * {@code jvmmark run}: plans the trials, runs each in a fresh JVM, rewrites {@code results.json}
 * after every one, and renders the report at the end.
 *
 * <p>Ctrl-C: the JVM's shutdown hook marks the run interrupted and kills the child; the run loop
 * notices, records nothing for the half-done trial (so {@code --resume} reruns it) and lets the hook
 * finish. The file on disk is always a complete earlier version, since every write is an atomic
 * rename. Not thread-safe: one instance per invocation.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run workloads on JDKs, a fresh JVM per trial, and write DIR/results.json and the report.")
public final class RunCommand implements Callable<Integer> {
    @ParentCommand
    private Main main;

    @Parameters(paramLabel = "WORKLOAD", arity = "0..*", description = "Workloads to run (default: all listed by 'jvmmark list').")
    private List<String> workloads = new ArrayList<>();

    @picocli.CommandLine.Mixin
    private ExternalWorkloads external = new ExternalWorkloads();

    @Option(names = "--jdk", paramLabel = "all|FEATURE|PATH[,...]", description = "JDKs to run on (default: all).")
    private List<String> jdks = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "smoke|quick|standard", defaultValue = "quick",
            description = "smoke: seconds (CI); quick: minutes (default); standard: the published sizes.")
    private String profile;

    @Option(names = {"--param", "-p"}, paramLabel = "KEY=VALUE[,...]",
            description = "Set a workload parameter (repeatable). Several values (a comma list for a numeric parameter, or the key repeated) sweep it: one set of trials per value.")
    private List<String> params = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "\"FLAGS\"", description = "JVM flags forming one variant (repeatable: one variant each).")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--gc", paramLabel = "G1,ZGC,...", split = ",",
            description = "Collectors to compare, each a variant: G1, Parallel, Serial, ZGC, GenZGC, Shenandoah, Epsilon.")
    private List<String> gcs = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "NAME,...", split = ",",
            description = "Only these of the workload's own variants (see 'jvmmark list'), e.g. --variant nio,virtual.")
    private List<String> variants = new ArrayList<>();

    @Option(names = "--all-variants", description = "Every variant of each workload, not only its default set (see 'jvmmark list').")
    private boolean allVariants;

    @Option(names = "--forks", paramLabel = "N|auto", description = "Fresh JVMs per combination: auto (default for quick and"
            + " standard) runs 3 a row, then more only where the row's question is still open; N: exactly N (smoke: 1).")
    private String forksOption;

    @Option(names = "--max-forks", paramLabel = "N", description = "With --forks auto: at most N forks a row (default 10).")
    private Integer maxForks;

    @Option(names = "--budget", paramLabel = "DURATION", description = "Plan within this time (e.g. 30m, 1h30m): cut connection"
            + " levels, variants, forks in the order each workload declares, and say what was left out.")
    private String budgetOption;

    @Option(names = "--threshold", defaultValue = Threshold.DEFAULT, paramLabel = Threshold.LABEL, converter = Threshold.class,
            description = Threshold.HELP)
    private double threshold;

    @Option(names = "--cpus", paramLabel = "LIST", description = "Pin the JVM under test to these CPUs (taskset -c syntax, e.g. 1 or 2-3).")
    private String cpus;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: runs/<date-time>).")
    private Path out;

    @Option(names = "--resume", description = "Continue DIR/results.json with its recorded command: keep its ok and unsupported trials, run failed and missing ones (with --dry-run: show which).")
    private boolean resume;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run slice I of N of the plan, counted from 1 (1/4 ... 4/4), or auto/N (the index from JOB_COMPLETION_INDEX, or SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN); join slices with 'jvmmark merge'.")
    private String shard;
    private Shard slice;

    @Option(names = "--dry-run", description = "Print the plan and its estimated duration; run nothing.")
    private boolean dryRun;

    @picocli.CommandLine.Mixin
    private HistoryOptions history = new HistoryOptions();

    @Mixin
    private InstrumentOptions instrumentOptions;
    private InstrumentSet instruments;

    @Spec
    private CommandSpec spec;

    /** With {@code --resume}: the results file being continued, opened before anything else. */
    private ResultsFile recorded;

    private ForkPolicy forkPolicy;
    private Budget budget;
    private DurationEstimates durations;
    /** What the default set and the budget left out of the plan, one line each. */
    private List<String> leftOut = List.of();

    @Override
    public Integer call() throws Exception {
        RunOptions options = resume ? recordedOptions() : given();
        String profile = options.profile();
        if (!WorkloadInfo.PROFILES.contains(profile)) {
            throw new UserException("unknown profile '" + profile + "'; valid: " + String.join(", ", WorkloadInfo.PROFILES));
        }
        forkPolicy = options.forkPolicy();
        int forks = forkPolicy.base();
        budget = options.budget() == null ? null : Budget.parse(options.budget());
        if (options.cpus() != null) {
            checkCpus(options.cpus());
        }
        instruments = instrumentOptions.toSet(w -> main.err.println("jvmmark: warning: " + w));
        WorkloadCatalog builtIn = WorkloadCatalog.load(WorkloadCatalog.distribution());
        builtIn.problems().forEach(p -> main.err.println("jvmmark: warning: " + p));
        ExternalWorkloads user = resume ? ExternalWorkloads.of(options.workloadJars(), options.workloadClasspath(), options.tasks()) : external;
        List<CatalogEntry> own = user.load(WorkloadCatalog.distribution());
        WorkloadCatalog catalog = builtIn.with(own);
        List<CatalogEntry> selected = new ArrayList<>(options.workloads().isEmpty() ? own : List.of());
        for (String name : options.workloads()) {
            selected.add(catalog.get(name));
        }
        if (selected.isEmpty()) {
            selected = catalog.visible();
            if (selected.isEmpty()) {
                throw new UserException("no workloads built in " + WorkloadCatalog.distribution());
            }
        }
        Sweep sweep = Sweep.parse(options.params()).withProfile(profile);
        slice = options.shard() == null ? null : Shard.parse(options.shard(), System.getenv());
        List<GarbageCollector> collectors = options.gc().stream().map(GarbageCollector::parse).distinct().toList();
        List<List<String>> argSets = new ArrayList<>();
        for (String a : options.jvmArgs()) {
            if (a.isBlank()) {
                throw new UserException("--jvm-args needs flags, e.g. --jvm-args \"-Xmx1g -XX:+AlwaysPreTouch\"");
            }
            argSets.add(Arrays.asList(a.trim().split("\\s+")));
        }
        List<CatalogEntry> chosen = selected;
        Planner planner = new Planner(new GcProbe(), options.variants(), options.allVariants());
        // parameters are checked before any JDK is started
        sweep.check(chosen, profile, options.variants());
        List<Jdk> jdkList = JdkSelection.select(options.jdkSelectors(), () -> new JdkDiscovery().discover());
                List<PlannedTrial> plan = sweep.plan(planner, chosen, jdkList, collectors, argSets, forks, profile, options.variants());
        if (slice != null) {
            java.util.Set<String> swept = sweep.sweptKeys(chosen);
            plan = slice.slice(plan, t -> Sweep.unitOf(t, swept));
        }
        durations = DurationEstimates.load(DurationEstimates.defaultFile(), DurationEstimates.machineOf(HostInfo.collect()));
        plan = durations.apply(plan);
        leftOut = new ArrayList<>(planner.leftOut().stream().map(l -> "default set: " + l).toList());
        if (options.budgetRows() != null && recorded != null) {
            // resume: the rows the budget kept when the run began, not a new cut from today's estimates
            java.util.Set<String> rows = new java.util.HashSet<>(options.budgetRows());
            plan = plan.stream().filter(t -> rows.contains(t.rowId())).toList();
        } else if (budget != null) {
            BudgetPlan fitted = BudgetPlan.fit(plan, budget);
            plan = fitted.plan();
            fitted.leftOut().forEach(l -> leftOut.add("budget " + budget.label() + ": " + l));
        }
        long planSeconds = Planner.estimatedSeconds(plan);
        List<String> budgetRows = budget == null ? null : plan.stream().map(PlannedTrial::rowId).distinct().toList();
        if (recorded != null) {
            ResumeSpec.refuseOtherHost(recorded.path(), recorded.results().hostValues(), HostInfo.collect());
            ResumeSpec.refuseMovedJdks(recorded.path(), recorded.trials(), jdkList);
        }
        if (dryRun) {
            if (recorded == null && out != null) {
                OutputDirectory.checkNewRun(out.toAbsolutePath().normalize());
            }
            printPlan(plan, profile);
            return 0;
        }
        Long adaptiveSeconds = options.adaptiveBudgetSeconds() != null ? options.adaptiveBudgetSeconds()
                : forkPolicy.adaptive() ? adaptiveBudget(planSeconds).seconds() : null;
        RunOptions run = options.resolved(jdkList.stream().map(j -> j.home().toString()).toList(), forkPolicy,
                slice == null ? null : slice.label(), adaptiveSeconds, budgetRows).withInstruments(instruments.instruments().stream().map(i -> i.title()).toList());
        return execute(plan, run);
    }

    /** The options as given on this command line. */
    private RunOptions given() {
        return new RunOptions(workloads, jdks, List.of(), profile, params, gcs, jvmArgs, variants, forksOption, maxForks,
                budgetOption == null ? null : Budget.parse(budgetOption).label(), allVariants, cpus, shard,
                external.jarNames(), external.classpathEntries(), external.taskNames(), List.of(), null, null);
    }

    /**
     * {@code --resume}: the run's options are the recorded command's, read from the file as they were
     * recorded. An option given again must repeat its recorded value; anything else would mix two settings
     * in one result set.
     */
    private RunOptions recordedOptions() {
        if (out == null) {
            throw new UserException("--resume needs --out DIR, the directory of the run to continue");
        }
        Path dir = out.toAbsolutePath().normalize();
        OutputDirectory.forResume(dir);
        recorded = ResultsFile.open(dir);
        RunOptions r = RunOptions.recorded(recorded.results());
        ParseResult given = spec.commandLine().getParseResult();
        Path file = recorded.path();
        refuseOther(given, file, "WORKLOAD", workloads, r.workloads());
        refuseOther(given, file, "--jdk", jdks, r.jdk());
        refuseOther(given, file, "--profile", profile, r.profile());
        refuseOther(given, file, "--param", params, r.params());
        refuseOther(given, file, "--gc", gcs, r.gc());
        refuseOther(given, file, "--jvm-args", jvmArgs, r.jvmArgs());
        refuseOther(given, file, "--variant", variants, r.variants());
        refuseOther(given, file, "--forks", forksOption, r.forks());
        refuseOther(given, file, "--max-forks", maxForks, r.maxForks());
        refuseOther(given, file, "--budget", budgetOption == null ? null : Budget.parse(budgetOption).label(), r.budget());
        refuseOther(given, file, "--all-variants", allVariants, r.allVariants());
        refuseOther(given, file, "--cpus", cpus, r.cpus());
        if (given.hasMatchedOption("--shard")) {
            ResumeSpec.refuseOther(file, "--shard", Shard.parse(shard, System.getenv()).label(), r.shard());
        }
        refuseOther(given, file, "--workload-jar", external.jarNames(), r.workloadJars());
        refuseOther(given, file, "--workload-classpath", external.classpathEntries(), r.workloadClasspath());
        refuseOther(given, file, "--task", external.taskNames(), r.tasks());
        return r;
    }

    /** An option given on this command line (not defaulted) must repeat the recorded value. */
    private static void refuseOther(ParseResult given, Path file, String option, Object now, Object recordedValue) {
        if (option.equals("WORKLOAD") ? given.hasMatchedPositional(0) : given.hasMatchedOption(option)) {
            ResumeSpec.refuseOther(file, option, now, recordedValue);
        }
    }

    /** Pinning must be possible here: {@code taskset} present, every CPU asked for online. */
    private static void checkCpus(String list) {
        List<Integer> wanted = CpuList.parse(list);
        List<Integer> online = CpuList.parse(ClientServerTrial.onlineCpus());
        List<Integer> missing = wanted.stream().filter(c -> !online.contains(c)).toList();
        if (wanted.isEmpty() || !missing.isEmpty()) {
            throw new UserException("--cpus " + list + ": CPU " + (wanted.isEmpty() ? "list empty" : missing.get(0) + " is not online")
                    + "; online: " + CpuList.format(online));
        }
        if (!Files.isExecutable(Path.of("/usr/bin/taskset")) && !Files.isExecutable(Path.of("/bin/taskset"))) {
            throw new UserException("--cpus needs taskset (util-linux), which is not installed");
        }
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
        Tables.print(main.out, rows);
        long runnable = plan.stream().filter(PlannedTrial::runnable).count();
        leftOut.forEach(l -> main.out.println("left out: " + l));
        main.out.printf("%d trials (%d to run, %d unsupported), profile %s; estimated duration %s%n", plan.size(), runnable,
                plan.size() - runnable, profile, Text.seconds(Planner.estimatedSeconds(plan)));
        printForkPolicy(Planner.estimatedSeconds(plan));
    }

    /** Says how forks are planned: fixed, or adaptive within which cap and budget. */
    private void printForkPolicy(long planSeconds) {
        if (forkPolicy.adaptive()) {
            Budget b = adaptiveBudget(planSeconds);
            main.out.printf("forks auto: %d a row, then one more at a time where the row's question is still open, up to %d a row"
                    + " and %s in all (%s)%n", forkPolicy.base(), forkPolicy.maxForks(), Text.seconds(b.seconds()),
                    b.given() ? "--budget" : "the default budget; --budget sets it");
        }
    }

    /** The budget adaptive forks stop at: the given one, else the default for a plan of this estimate. */
    private Budget adaptiveBudget(long planSeconds) {
        return budget != null ? budget : Budget.defaultFor(planSeconds);
    }

    /** What {@code --resume} would do with each planned trial: keep its record, run it again, or run it. */
    private void printResumePlan(List<PlannedTrial> plan, String profile) {
        ResumePlan resumed = ResumePlan.of(plan, recorded.trials(), recorded.path());
        java.util.Map<String, String> statusById = new java.util.HashMap<>();
        recorded.trials().forEach(t -> statusById.put(t.id(), t.outcome().status()));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"trial", "resume", "estimate"});
        for (PlannedTrial t : plan) {
            String status = statusById.get(t.id());
            boolean runs = resumed.todo().contains(t);
            rows.add(new String[] {t.id(), status == null ? "run (not recorded)" : runs ? "run again (was " + status + ")"
                    : "keep (" + status + ")", runs && t.runnable() ? Text.seconds(t.estimatedSeconds()) : "-"});
        }
        Tables.print(main.out, rows);
        main.out.printf("resume %s (profile %s): %d of %d trials kept, %d to run (%d again); estimated duration %s%n",
                recorded.path().getParent(), profile, resumed.done(), plan.size(), resumed.todo().size(), resumed.rerun(),
                Text.seconds(Planner.estimatedSeconds(resumed.todo())));
    }

    private int execute(List<PlannedTrial> plan, RunOptions options) throws IOException {
        Path dir = out != null ? out.toAbsolutePath().normalize()
                : OutputDirectory.createFresh(Path.of("runs").toAbsolutePath().normalize(),
                        LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (recorded == null) {
            OutputDirectory.forNewRun(dir);
        }
        // held until the run ends: one process per results directory
        try (OutputLock lock = OutputLock.acquire(dir, recorded != null ? "run --resume" : "run")) {
            return execute(plan, options, dir);
        }
    }

    private int execute(List<PlannedTrial> plan, RunOptions options, Path dir) throws IOException {
        ResultsFile results;
        OutputDirectory output;
        if (recorded != null) {
            output = OutputDirectory.forResume(dir);
            results = ResultsFile.open(dir); // read again under the lock: another run may have added trials meanwhile
        } else {
            output = OutputDirectory.forNewRun(dir);
            results = ResultsFile.create(dir, options.profile(), HostInfo.collect(), options.command(), DeclaredQuestions.of(plan));
            results.write();
        }
        ResumePlan resumed = ResumePlan.of(plan, results.trials(), results.path());
        List<PlannedTrial> todo = resumed.todo();
        if (resumed.done() > 0 || resumed.rerun() > 0) {
            main.out.printf("resuming %s: %d of %d trials already recorded%s%n", dir, resumed.done(), plan.size(),
                    resumed.rerun() == 0 ? "" : "; " + resumed.rerun() + " failed or timed out, run again");
        }
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch loopDone = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            interrupted.set(true);
            ChildProcess.killAll();
            try {
                loopDone.await(15, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jvmmark-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        TrialExecutor executor = new TrialExecutor(dir, options.cpus(), interrupted::get, instruments);
        HistoryRecorder recorder = HistoryRecorder.start(history, results.results(), dir, main.err);
        long started = System.nanoTime();
        long estimated = Planner.estimatedSeconds(todo);
        leftOut.forEach(l -> main.out.println("left out: " + l));
        main.out.printf("%d trials to run; estimated %s%n", todo.size(), Text.seconds(estimated));
        AdaptiveForks adaptive = forkPolicy.adaptive() ? new AdaptiveForks(forkPolicy.maxForks(), threshold) : null;
        long adaptiveBudget = options.adaptiveBudgetSeconds() != null ? options.adaptiveBudgetSeconds()
                : adaptiveBudget(Planner.estimatedSeconds(plan)).seconds();
        int extra = 0;
        try {
            boolean more = runTrials(todo, "", executor, results, recorder, interrupted, dir);
            while (more && adaptive != null && !interrupted.get()) {
                List<PlannedTrial> round = withinBudget(adaptive.nextRound(plan, results.trials()), results.trials(), plan, adaptiveBudget);
                if (round.isEmpty()) {
                    break;
                }
                extra += round.size();
                more = runTrials(round, "more forks where the question is open: ", executor, results, recorder, interrupted, dir);
                plan = new ArrayList<>(plan);
                plan.addAll(round);
            }
            if (adaptive != null) {
                results.putMore(AdaptiveForks.KEY, AdaptiveForks.toJson(adaptive.states(plan, results.trials()),
                        adaptiveBudget, budgetReached(adaptive, plan, results.trials(), adaptiveBudget)));
            }
        } finally {
            String warning = durations.save();
            if (warning != null) {
                main.err.println("jvmmark: warning: " + warning);
            }
            output.removeWork();
            if (interrupted.get()) {
                main.err.println("jvmmark: interrupted; " + results.recordedIds().size() + " trials kept in " + results.path()
                        + " (continue with --resume)");
            }
            loopDone.countDown();
        }
        if (interrupted.get()) {
            return Main.INTERRUPTED;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutdown already under way
        }
        List<Trial> trials = results.trials();
        main.out.println();
        SummaryTable.print(main.out, trials);
        main.out.printf("estimated %s, took %s%s%n", Text.seconds(estimated), Text.seconds((System.nanoTime() - started) / 1e9),
                extra == 0 ? "" : " (" + extra + " more forks where a question was still open)");
        if (forkPolicy.adaptive()) {
            java.util.Map<String, AdaptiveForks.RowState> states = new AdaptiveForks(forkPolicy.maxForks(), threshold).states(plan, trials);
            java.util.IntSummaryStatistics n = states.values().stream().mapToInt(AdaptiveForks.RowState::forks).summaryStatistics();
            if (n.getCount() > 0) {
                main.out.printf("forks per row: %d to %d (the report says why, row by row)%n", n.getMin(), n.getMax());
            }
        }
        renderReport(main, dir, threshold);
        main.out.println("results: " + results.path());
        return exitStatus(trials);
    }

    /**
     * Runs {@code trials} in order, recording each; false when the run was interrupted.
     *
     * @param title printed before the trials when not empty (an adaptive round)
     */
    private boolean runTrials(List<PlannedTrial> trials, String title, TrialExecutor executor, ResultsFile results,
                              HistoryRecorder recorder, AtomicBoolean interrupted, Path dir) throws IOException {
        if (!title.isEmpty()) {
            main.out.println(title + trials.size() + (trials.size() == 1 ? " trial" : " trials"));
        }
        int index = 0;
        try (Progress progress = Progress.create(main.out, trials.size(), Planner.estimatedSeconds(trials), Progress.isTerminal())) {
            for (PlannedTrial t : trials) {
                if (interrupted.get()) {
                    return false;
                }
                progress.starting(++index, t);
                Trial record = executor.run(t);
                if (record == null || interrupted.get()) {
                    return false;
                }
                results.add(record);
                recorder.record(record);
                if (record.ok()) {
                    durations.record(t, record.outcome().process().wallSeconds());
                }
                progress.finished(index, t, record.outcome().status(), record.outcome().process().wallSeconds());
                if (!record.ok() && t.runnable()) {
                    progress.problem(t, record.outcome().error() == null ? "" : record.outcome().error(), record.provenance().logs() != null ? dir.resolve(record.provenance().logs()) : null);
                }
            }
        }
        return true;
    }

    /**
     * The round's trials that fit the adaptive budget: the wall seconds the plan's recorded trials
     * took (from {@code results.json}, so a resumed run counts the same) plus each trial's estimate.
     */
    private static List<PlannedTrial> withinBudget(List<PlannedTrial> round, List<Trial> recorded, List<PlannedTrial> plan,
                                                   long budgetSeconds) {
        double spent = spentSeconds(recorded, plan);
        List<PlannedTrial> fits = new ArrayList<>();
        for (PlannedTrial t : round) {
            if (spent + t.estimatedSeconds() <= budgetSeconds) {
                fits.add(t);
                spent += t.estimatedSeconds();
            }
        }
        return fits;
    }

    private static double spentSeconds(List<Trial> recorded, List<PlannedTrial> plan) {
        java.util.Set<String> rows = new java.util.HashSet<>();
        plan.forEach(t -> rows.add(t.rowId()));
        return recorded.stream().filter(t -> rows.contains(PlannedTrial.rowOf(t.id()))).mapToDouble(t -> t.outcome().process().wallSeconds()).sum();
    }

    /** Whether open rows were left open because the budget ran out. */
    private static boolean budgetReached(AdaptiveForks adaptive, List<PlannedTrial> plan, List<Trial> recorded, long budgetSeconds) {
        return !adaptive.nextRound(plan, recorded).isEmpty();
    }

    /** Renders the report of {@code dir}; a failure is a warning, the results stay. */
    static void renderReport(Main main, Path dir, double threshold) {
        try {
            // The verdict comes last, where a reader's eyes land when the run ends.
            main.out.println();
            main.out.print(Report.verdictText(Report.render(dir, threshold)));
            main.out.println("report: " + dir.resolve("report.html"));
        } catch (IOException | RuntimeException e) {
            main.err.println("jvmmark: warning: report not rendered: " + Text.firstLine(String.valueOf(e.getMessage())));
        }
    }

    /** 1 when any trial failed or timed out; unsupported trials are an answer, not a failure. */
    static int exitStatus(Iterable<Trial> trials) {
        for (Trial t : trials) {
            String s = t.outcome().status();
            if (s.equals("failed") || s.equals("timeout")) {
                return 1;
            }
        }
        return 0;
    }
}
