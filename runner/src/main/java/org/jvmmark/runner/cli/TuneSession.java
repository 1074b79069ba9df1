package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.Container;
import org.jvmmark.runner.fork.TrialExecutor;
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
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DeclaredQuestions;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.Shard;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.RunBudget;
import org.jvmmark.runner.plan.Sweep;
import org.jvmmark.runner.plan.WorkloadCatalog;
import org.jvmmark.runner.tune.PlannedRound;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.ColumnTrust;
import org.jvmmark.report.tune.TuneFigure;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.fork.DisturbancePolicy;

/**
 * One {@code jvmmark tune}: per JDK, asks the JDK which settings of the space it accepts (a refused one becomes an
 * {@code unsupported} row with the JVM's reason), then races the valid points (and the user's {@code --baseline})
 * round by round ({@link org.jvmmark.runner.tune.EliteRace}, replayed from the record by {@link TuneRounds}) within the
 * budget — every fork an ordinary trial, recorded in {@code results.json} as it ends, the race's rounds in its
 * {@value TuneRecord#KEY} block before each round runs, so {@code --resume} continues it — and ends with the report and
 * the answer ({@link TuneAnswer}). A point whose trial fails is a failed row; the race goes on.
 *
 * <p>This class sets a tune up and runs the race loop on one machine; the roles around it have files of their own:
 * {@link TuneTrials} plans forks as ordinary trials, which {@code run}'s {@link TrialLoop} runs and records (its
 * progress line with the budget, the history), {@link TuneRounds} chooses each
 * round's points and keeps the race's record, {@link TuneRoundPlanner} plans each step of every JDK's race, the JDKs'
 * trials interleaved (which the loop runs, and {@code --plan-only} records for slices past one machine: {@link Mode},
 * {@link PlannedRound}), and {@link TunePrinter} prints the dry run and the progress.
 * Not thread-safe.
 */
final class TuneSession {
    private final PrintStream out;
    private final PrintStream err;
    private final TuneOptions given;
    private final ResultsFile recorded;
    private final Path outDir;
    private final boolean dryRun;
    private final ExternalWorkloads external;
    private final GcProbe probe = new GcProbe();

    /** What one invocation does. */
    enum Mode {
        /** Race round after round until the race stops ({@code tune}, {@code tune --resume}). */
        RACE,
        /** Record the round to run next and stop ({@code --plan-only}). */
        PLAN,
        /** Run one slice of the recorded round into a directory of its own ({@code --shard I/N --slice-out S}). */
        SLICE
    }
    private final DisturbancePolicy disturbance;
    private final Mode mode;
    private final Shard shard;
    private final Path sliceDir;
    private final HistoryOptions history;

    private TuneOptions options;
    private SearchSpace space;
    private TuneTrials trials;
    private TuneRounds rounds;
    private int moreForks;

    /**
     * @param history where the forks are recorded as they end, as {@code run}'s trials are
     * @param mode what to do: race, plan the next round only, or run one slice of the recorded round
     * @param shard the slice ({@link Mode#SLICE}), else null
     * @param sliceDir where the slice's results go ({@link Mode#SLICE}), else null
     */
    /** {@code tune --resume --more-forks N} ({@link TuneRoundPlanner#moreForks}). */
    TuneSession moreForks(int forks) {
        this.moreForks = forks;
        return this;
    }

    TuneSession(PrintStream out, PrintStream err, TuneOptions options, ResultsFile recorded, Path outDir, boolean dryRun,
                ExternalWorkloads external, DisturbancePolicy disturbance, HistoryOptions history,
                Mode mode, Shard shard, Path sliceDir) {
        this.history = history;
        this.mode = mode;
        this.shard = shard;
        this.sliceDir = sliceDir;
        this.disturbance = disturbance;
        this.out = out;
        this.err = err;
        this.given = options;
        this.recorded = recorded;
        this.outDir = outDir;
        this.dryRun = dryRun;
        this.external = external;
    }

    int run() throws IOException {
        // before any JDK is started: the probes describe the JVMs as the trials will run them
        Map<String, String> javaEnv = JavaEnvOption.apply(given.shared().inheritJavaEnv(), System.getenv(), err);
        WorkloadCatalog builtIn = WorkloadCatalog.load(WorkloadCatalog.distribution());
        List<CatalogEntry> own = external.load(WorkloadCatalog.distribution());
        WorkloadCatalog catalog = builtIn.with(own);
        if (given.workload() == null && own.size() != 1) {
            throw new UserException("tune needs one WORKLOAD, e.g. jvmmark tune queue-latency (see jvmmark list)");
        }
        CatalogEntry entry = given.workload() == null ? own.get(0) : catalog.get(given.workload());
        Sweep sweep = Sweep.parse(given.shared().params()).withProfile(given.profile());
        List<String> variants = given.variant() == null ? List.of() : List.of(given.variant());
        sweep.check(List.of(entry), given.profile(), variants);
        Planner planner = new Planner(probe, variants, false);
        space = SearchSpace.of(entry.info().tuneSpace(), given.space());
        List<Jdk> jdks = JdkSelection.select(given.jdkSelectors(), () -> new JdkDiscovery().discover());
        options = given.resolved(jdks.stream().map(j -> j.home().toString()).toList(), entry.info(),
                AdaptiveForks.headlineFigure(entry.info())).withWorkload(entry.info().name());
        String objective = options.objective();
        DurationEstimates durations = DurationEstimates.load(DurationEstimates.defaultFile(),
                DurationEstimates.machineOf(HostInfo.collect()));
        trials = new TuneTrials(out, entry, sweep, planner, durations, options, space, probe);
        Map<Jdk, List<Point>> valid = new LinkedHashMap<>();
        Map<Jdk, List<PlannedTrial>> refused = new LinkedHashMap<>();
        Point baseline = options.baseline() == null ? null : Point.baseline(options.baseline());
        for (Jdk jdk : jdks) {
            List<PlannedTrial> no = new ArrayList<>();
            List<Point> points = new ArrayList<>(trials.validPoints(jdk, no));
            if (baseline != null) {
                String why = probe.refusal(jdk, baseline.flags());
                if (why != null) {
                    throw new UserException("--baseline \"" + options.baseline() + "\": " + jdk.label() + " refuses it: " + why);
                }
                // a grid point with the baseline's very flags is the baseline: it races once, as the baseline
                points.removeIf(p -> p.sameFlags(baseline));
                points.add(baseline);
            }
            valid.put(jdk, points);
            refused.put(jdk, no);
        }
        if (dryRun) {
            TunePrinter.dryRun(out, entry, options, space, trials, jdks, valid, refused);
            return 0;
        }
        TuneRoundPlanner slices = new TuneRoundPlanner(out, err, options, trials, space, disturbance, recorded, outDir,
                baseline).moreForks(moreForks);
        if (mode == Mode.SLICE) {
            return slices.runSlice(jdks, valid, shard, sliceDir, history);
        }
        // before the results directory and the Ctrl-C hook: a refusal leaves nothing to resume, nothing to wait for
        Container container = Container.prepare(options.container());
        Path dir = OutputDirectory.givenOrFresh(outDir);
        OutputDirectory output = recorded != null ? OutputDirectory.forResume(dir) : OutputDirectory.forNewRun(dir);
        try (OutputLock lock = OutputLock.acquire(dir, recorded != null ? "tune --resume" : "tune")) {
            RunRecord kept = new RunRecord(dir, recorded != null ? output.openResults() : output.newResults(options.profile(),
                    HostInfo.collect(), options.command(), DeclaredQuestions.of(List.of(trials.plan(jdks.get(0), Point.DEFAULT, 1)))),
                    List.of());
            kept.start(options.shared().inheritJavaEnv(), javaEnv, jdks.stream().map(j -> trials.plan(j, Point.DEFAULT, 1)).toList(),
                    recorded == null);
            ResultsFile results = kept.results();
            TuneRecord record = TuneRecord.of(results.results());
            if (record == null) {
                record = new TuneRecord(options.workload(), objective, options.constraints(), options.threshold(), List.of());
            }
            rounds = new TuneRounds(out, trials, space, record);
            return mode == Mode.PLAN ? slices.planRound(dir, results, rounds, jdks, valid, refused)
                    : race(kept, output, jdks, valid, refused, slices, container);
        }
    }

    /**
     * The race on one machine: plans the next step of every JDK's race ({@link TuneRoundPlanner#plan}, the JDKs' trials
     * interleaved), runs it, and plans again until every race has ended — the same steps {@code --plan-only} records
     * for slices.
     */
    private int race(RunRecord kept, OutputDirectory output, List<Jdk> jdks, Map<Jdk, List<Point>> valid,
                     Map<Jdk, List<PlannedTrial>> refused, TuneRoundPlanner planner, Container container) throws IOException {
        Path dir = kept.dir();
        ResultsFile results = kept.results();
        InterruptHook hook = InterruptHook.install();
        AtomicBoolean interrupted = hook.flag();
        if (container.limiting()) {
            out.println(container.line());
        }
        TrialExecutor executor = new TrialExecutor(dir, container, interrupted::get, TuneRoundPlanner.gcLogs(), disturbance);
        boolean rerun = disturbance == DisturbancePolicy.RERUN;
        // the budget against the clock, as run's: this launch's build, this process and the trials recorded before it
        RunBudget budget = RunBudget.ofThisProcess(Budget.parse(options.budget()),
                recorded == null ? 0 : results.trials().stream().mapToDouble(t -> t.outcome().process().wallSeconds()).sum());
        HistoryRecorder recorder = HistoryRecorder.start(history, results.results(), dir, err);
        // an objective this machine cannot support stops the race after the first fork that shows it, not after a round
        TrialLoop loop = new TrialLoop(out, kept, executor::run, recorder,
                () -> interrupted.get() || distrust(results) != null, trials.durations(), budget);
        RunEnd end = new RunEnd(out, err, output, kept, options.threshold());
        try {
            PlannedRound before = null;
            while (!interrupted.get()) {
                List<String> again = new ArrayList<>();
                List<PlannedTrial> todo = planner.plan(results, rounds, jdks, valid, refused, before, again, executor, rerun);
                // the race plans its own re-runs of disturbed forks (a round's missing forks, asked for once more)
                boolean ran = !todo.isEmpty() && loop.run(todo, "", planner.disturbed(rounds, again, rerun, false));
                String distrust = todo.isEmpty() ? null : distrust(results);
                if (distrust != null) {
                    hook.release();
                    err.println("jvmmark: tune: " + options.objective() + " is not trusted on this machine (" + distrust
                            + "): a race on it would rank the scheduler; race a figure it supports, e.g. --objective \"endToEnd"
                            + " p50\" (" + results.recordedIds().size() + " trials kept in " + results.path() + ")");
                    return ExitStatus.USAGE;
                }
                if (!ran) {
                    break;
                }
                before = new PlannedRound(results.results().created(), todo.stream().map(PlannedTrial::id).toList(), again);
            }
        } finally {
            end.endOfTrials(trials.durations());
        }
        if (interrupted.get()) {
            err.println("jvmmark: interrupted; " + results.recordedIds().size() + " trials kept in " + results.path()
                    + " (continue with jvmmark tune --resume --out " + dir + ")");
            hook.stopped();
            return ExitStatus.INTERRUPTED;
        }
        hook.release();
        int status = end.report();
        TunePrinter.untried(out, rounds.record(), valid);
        TunePrinter.moreForks(out, TuneAnswer.of(results.results()), dir, trials::secondsEach, jdks);
        return status;
    }

    /**
     * Why the objective, a latency percentile, is not trusted on the trials run so far (the report's rule: the samples
     * beyond it, and a CPU for each spinning thread besides the OS's), or null: queue-latency's p99 on 2 CPUs with 2
     * spinning threads records the scheduler, and a race on it would pick by chance.
     */
    private String distrust(ResultsFile results) {
        List<Trial> all = results.trials();
        Column col = TuneFigure.parse(options.objective()).column(all);
        return col == null ? null : ColumnTrust.distrust(all, col);
    }
}
