package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.report.Format;
import org.jvmmark.report.ReportModel;
import org.jvmmark.report.Words;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.Main;
import org.jvmmark.runner.Text;
import org.jvmmark.runner.UserException;
import org.jvmmark.runner.fork.ChildProcess;
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
import org.jvmmark.runner.plan.CatalogEntry;
import org.jvmmark.runner.plan.DeclaredQuestions;
import org.jvmmark.runner.plan.DurationEstimates;
import org.jvmmark.runner.plan.ExternalWorkloads;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.Shard;
import org.jvmmark.runner.plan.Planner;
import org.jvmmark.runner.plan.Sweep;
import org.jvmmark.runner.plan.WorkloadCatalog;
import org.jvmmark.runner.tune.Dimension;
import org.jvmmark.runner.tune.PlannedRound;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.Race;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;

/**
 * One {@code jvmmark tune}: per JDK, asks the JDK which settings of the space it accepts (a refused one becomes an
 * {@code unsupported} row with the JVM's reason), then races the valid points round by round ({@link Race}) within the
 * budget — every fork an ordinary trial, recorded in {@code results.json} as it ends, the race's rounds in its
 * {@value TuneRecord#KEY} block before each round runs, so {@code --resume} continues it — and ends with the report and
 * the answer ({@link TuneAnswer}). A point whose trial fails is a failed row; the race goes on.
 *
 * <p>Past one machine ({@link Mode}): {@code --plan-only} does the judging and planning between rounds and records the
 * round's trials ({@link PlannedRound}) instead of running them; {@code --shard I/N} runs one slice of them into a
 * directory of its own; {@code merge} joins the race's directory and the slices into the next round's. Not thread-safe.
 */
final class TuneSession {
    /** Fewest and most points of round one. */
    static final int MIN_FIRST_ROUND = 4;
    static final int MAX_FIRST_ROUND = 24;

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
    private final org.jvmmark.runner.fork.DisturbancePolicy disturbance;
    private final Mode mode;
    private final Shard shard;
    private final Path sliceDir;

    private CatalogEntry entry;
    private Sweep sweep;
    private Planner planner;
    private DurationEstimates durations;
    private SearchSpace space;
    private TuneOptions options;
    private TuneRecord record;
    private long started;

    TuneSession(PrintStream out, PrintStream err, TuneOptions options, ResultsFile recorded, Path outDir, boolean dryRun,
                ExternalWorkloads external, org.jvmmark.runner.fork.DisturbancePolicy disturbance) {
        this(out, err, options, recorded, outDir, dryRun, external, disturbance, Mode.RACE, null, null);
    }

    /**
     * @param mode what to do: race, plan the next round only, or run one slice of the recorded round
     * @param shard the slice ({@link Mode#SLICE}), else null
     * @param sliceDir where the slice's results go ({@link Mode#SLICE}), else null
     */
    TuneSession(PrintStream out, PrintStream err, TuneOptions options, ResultsFile recorded, Path outDir, boolean dryRun,
                ExternalWorkloads external, org.jvmmark.runner.fork.DisturbancePolicy disturbance, Mode mode, Shard shard,
                Path sliceDir) {
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
        WorkloadCatalog builtIn = WorkloadCatalog.load(WorkloadCatalog.distribution());
        List<CatalogEntry> own = external.load(WorkloadCatalog.distribution());
        WorkloadCatalog catalog = builtIn.with(own);
        if (given.workload() == null && own.size() != 1) {
            throw new UserException("tune needs one WORKLOAD, e.g. jvmmark tune queue-latency (see jvmmark list)");
        }
        entry = given.workload() == null ? own.get(0) : catalog.get(given.workload());
        sweep = Sweep.parse(given.params()).withProfile(given.profile());
        List<String> variants = given.variant() == null ? List.of() : List.of(given.variant());
        sweep.check(List.of(entry), given.profile(), variants);
        planner = new Planner(probe, variants, false);
        space = SearchSpace.of(entry.info().tuneSpace(), given.space());
        String objective = given.objective() != null ? given.objective() : AdaptiveForks.headlineFigure(entry.info());
        List<Jdk> jdks = JdkSelection.select(given.jdkSelectors(), () -> new JdkDiscovery().discover());
        options = given.resolved(jdks.stream().map(j -> j.home().toString()).toList(), objective)
                .withWorkload(entry.info().name());
        durations = DurationEstimates.load(DurationEstimates.defaultFile(), DurationEstimates.machineOf(HostInfo.collect()));
        Map<Jdk, List<Point>> valid = new LinkedHashMap<>();
        Map<Jdk, List<PlannedTrial>> refused = new LinkedHashMap<>();
        for (Jdk jdk : jdks) {
            List<PlannedTrial> no = new ArrayList<>();
            valid.put(jdk, validPoints(jdk, no));
            refused.put(jdk, no);
        }
        if (dryRun) {
            printDryRun(jdks, valid, refused);
            return 0;
        }
        if (mode == Mode.SLICE) {
            return runSlice(jdks, valid);
        }
        Path dir = outDir != null ? outDir.toAbsolutePath().normalize()
                : OutputDirectory.createFresh(Path.of("runs").toAbsolutePath().normalize(),
                        LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        OutputDirectory output = recorded != null ? OutputDirectory.forResume(dir) : OutputDirectory.forNewRun(dir);
        try (OutputLock lock = OutputLock.acquire(dir, recorded != null ? "tune --resume" : "tune")) {
            ResultsFile results = recorded != null ? ResultsFile.open(dir) : ResultsFile.create(dir, options.profile(),
                    HostInfo.collect(), options.command(), DeclaredQuestions.of(List.of(plan(jdks.get(0), Point.DEFAULT, 1))));
            if (RunSession.recordJvmFacts(results, jdks.stream().map(j -> plan(j, Point.DEFAULT, 1)).toList()) || recorded == null) {
                results.write();
            }
            record = TuneRecord.of(results.results());
            if (record == null) {
                record = new TuneRecord(options.workload(), objective, options.constraints(), options.threshold(), List.of());
            }
            return mode == Mode.PLAN ? planRound(dir, results, jdks, valid, refused) : race(dir, output, results, jdks, valid, refused);
        }
    }

    /** Ctrl-C sets {@code interrupted} and kills the running children; the caller removes the returned hook when done. */
    private static Thread killChildrenOnInterrupt(AtomicBoolean interrupted) {
        Thread hook = new Thread(() -> {
            interrupted.set(true);
            ChildProcess.killAll();
        }, "jvmmark-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private int race(Path dir, OutputDirectory output, ResultsFile results, List<Jdk> jdks, Map<Jdk, List<Point>> valid,
                     Map<Jdk, List<PlannedTrial>> refused) throws IOException {
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread hook = killChildrenOnInterrupt(interrupted);
        TrialExecutor executor = new TrialExecutor(dir, null, interrupted::get, InstrumentSet.none(), disturbance);
        long budget = Budget.parse(options.budget()).seconds();
        started = System.nanoTime();
        try {
            for (int i = 0; i < jdks.size() && !interrupted.get(); i++) {
                Jdk jdk = jdks.get(i);
                double spentBefore = spent(results);
                long share = Math.round((budget - spentBefore) / (jdks.size() - i));
                raceOne(jdk, valid.get(jdk), refused.get(jdk), results, executor, interrupted, spentBefore + share);
            }
        } finally {
            RunEnd.endOfTrials(durations, output, err);
        }
        if (interrupted.get()) {
            err.println("jvmmark: interrupted; " + results.recordedIds().size() + " trials kept in " + results.path()
                    + " (continue with jvmmark tune --resume --out " + dir + ")");
            return Main.INTERRUPTED;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutdown under way
        }
        return answer(dir, results);
    }

    /** Renders the report, which ends with the answer (judged once, in the report's model); the report's exit status. */
    private int answer(Path dir, ResultsFile results) throws IOException {
        int report = RunEnd.renderReport(out, err, dir, options.threshold());
        out.println("results: " + results.path());
        return report;
    }

    /** One JDK's race, from its recorded rounds (if resumed) on, until it stops or reaches {@code until} seconds spent. */
    private void raceOne(Jdk jdk, List<Point> points, List<PlannedTrial> refused, ResultsFile results, TrialExecutor executor,
                         AtomicBoolean interrupted, double until) throws IOException {
        TuneRecord.JdkRace race = raceOf(jdk);
        if (!race.stopped().isEmpty()) {
            out.println(jdk.label() + ": race already ended (" + race.stopped() + ")");
            return;
        }
        recordRefused(jdk, refused, results, executor);
        Map<String, Point> byLabel = new LinkedHashMap<>();
        points.forEach(p -> byLabel.put(p.label(), p));
        List<Point> round;
        int forks;
        if (race.rounds().isEmpty()) {
            long each = Math.max(1, plan(jdk, Point.DEFAULT, 1).estimatedSeconds());
            int n = (int) Math.max(MIN_FIRST_ROUND, Math.min(MAX_FIRST_ROUND, (until - spent(results)) / 3 / each));
            round = space.sample(points, n);
            forks = Race.forksOfRound(1);
        } else {
            TuneRecord.Round last = race.rounds().get(race.rounds().size() - 1);
            round = last.points().stream().map(byLabel::get).filter(java.util.Objects::nonNull).toList();
            forks = last.forks();
        }
        int number = Math.max(1, race.rounds().size());
        boolean resumingRound = !race.rounds().isEmpty();
        while (!interrupted.get()) {
            List<PlannedTrial> needed = trialsFor(jdk, round, forks, results.trials());
            List<PlannedTrial> todo = withinBudget(needed, results, until);
            if (todo.isEmpty() && !needed.isEmpty() && !resumingRound) {
                race = stop(race, "budget reached", results);
                break;
            }
            if (!resumingRound) {
                race = withRound(race, jdk, round, forks);
                update(race, results);
            }
            resumingRound = false;
            out.printf("%s round %d: %d points, %d forks each, %d trials%n", jdk.label(), number, round.size(), forks, todo.size());
            if (!runAll(todo, executor, results, interrupted)) {
                return;
            }
            if (disturbance == org.jvmmark.runner.fork.DisturbancePolicy.RERUN) {
                // a disturbed fork is no evidence: run the missing forks once more, after the others
                List<PlannedTrial> again = withinBudget(trialsFor(jdk, round, forks, results.trials()), results, until);
                if (!again.isEmpty()) {
                    out.printf("%s round %d: %d disturbed forks run again%n", jdk.label(), number, again.size());
                }
                if (!runAll(again, executor, results, interrupted)) {
                    return;
                }
            }
            TuneAnswer.Evaluation e = TuneAnswer.evaluate(record, race, TuneAnswer.trialsOf(race, results.trials()));
            Map<String, Point> rows = new LinkedHashMap<>();
            for (TuneRecord.PointRow p : race.points()) {
                if (byLabel.containsKey(p.label())) {
                    rows.put(p.row(), byLabel.get(p.label()));
                }
            }
            progress(jdk, number, e, race, results, until);
            if (e == null) {
                race = stop(race, "no point measured " + record.objective(), results);
                break;
            }
            Set<String> last = new LinkedHashSet<>();
            round.forEach(p -> last.add(rowOf(jdk, p)));
            Set<Point> tried = new LinkedHashSet<>(rows.values());
            Race.Next next = Race.next(number, e.standings(), rows, last, space, p -> points.contains(p) && !tried.contains(p));
            if (!next.stopped().isEmpty()) {
                race = stop(race, next.stopped(), results);
                break;
            }
            round = next.points();
            forks = next.forks();
            number++;
        }
    }

    /**
     * {@code tune --plan-only}: judges what the run holds and records, per JDK, the round to run next — the round under way
     * while it still has trials to run, else the next one the race asks for — with its trials' ids ({@link PlannedRound}),
     * and stops. Each JDK gets an equal share of the budget, spent on its own trials, wherever they ran. When every
     * race has ended, renders the report and prints the answer as the race's end does.
     */
    private int planRound(Path dir, ResultsFile results, List<Jdk> jdks, Map<Jdk, List<Point>> valid,
                          Map<Jdk, List<PlannedTrial>> refused) throws IOException {
        TrialExecutor executor = new TrialExecutor(dir, null, () -> false, InstrumentSet.none(), disturbance);
        double share = (double) Budget.parse(options.budget()).seconds() / jdks.size();
        PlannedRound before = PlannedRound.of(results.results());
        List<String> again = new ArrayList<>();
        List<PlannedTrial> todo = new ArrayList<>();
        for (Jdk jdk : jdks) {
            recordRefused(jdk, refused.get(jdk), results, executor);
            String prefix = options.workload() + "/" + jdk.label() + "/";
            double others = results.trials().stream().filter(t -> !t.id().startsWith(prefix))
                    .mapToDouble(t -> t.outcome().process().wallSeconds()).sum();
            todo.addAll(planOne(jdk, valid.get(jdk), results, others + share, before, again));
        }
        PlannedRound round = new PlannedRound(results.results().created(), todo.stream().map(PlannedTrial::id).toList(), again);
        results.putMore(PlannedRound.KEY, round.toJson());
        if (todo.isEmpty()) {
            return answer(dir, results);
        }
        out.printf("%d trials to run, as slices: jvmmark tune --resume --out %s --shard I/N --slice-out SLICE_I (I = 1 … N);%n",
                todo.size(), dir);
        out.printf("then: jvmmark merge %s SLICE_1 … SLICE_N --out NEXT and jvmmark tune --resume --plan-only --out NEXT%n", dir);
        return 0;
    }

    /**
     * One JDK's step of {@link #planRound}: the trials still to run of its recorded round (asked for twice at most: a
     * round's forks that were disturbed or in no slice once more, as a race re-runs disturbed forks once; named in
     * {@code again}); or, when there are none (or none fits the budget, or they were asked for again already), the
     * judgement of that round and the trials of the next, which it records — or none, when the race stops (recorded
     * with why).
     *
     * @param before what the last plan asked for, or null
     * @param again receives this round's name when its trials are asked for a second time
     */
    private List<PlannedTrial> planOne(Jdk jdk, List<Point> points, ResultsFile results, double until, PlannedRound before,
                                       List<String> again) throws IOException {
        TuneRecord.JdkRace race = raceOf(jdk);
        if (!race.stopped().isEmpty()) {
            out.println(jdk.label() + ": race already ended (" + race.stopped() + ")");
            return List.of();
        }
        Map<String, Point> byLabel = new LinkedHashMap<>();
        points.forEach(p -> byLabel.put(p.label(), p));
        List<Point> round;
        int forks;
        int number = race.rounds().size();
        if (number == 0) {
            long each = Math.max(1, plan(jdk, Point.DEFAULT, 1).estimatedSeconds());
            int n = (int) Math.max(MIN_FIRST_ROUND, Math.min(MAX_FIRST_ROUND, (until - spent(results)) / 3 / each));
            round = space.sample(points, n);
            forks = Race.forksOfRound(1);
            number = 1;
        } else {
            TuneRecord.Round last = race.rounds().get(number - 1);
            round = last.points().stream().map(byLabel::get).filter(java.util.Objects::nonNull).toList();
            List<PlannedTrial> left = withinBudget(trialsFor(jdk, round, last.forks(), results.trials()), results, until);
            String pass = PlannedRound.pass(jdk.label(), number);
            if (!left.isEmpty() && (before == null || !before.again().contains(pass))) {
                String prefix = options.workload() + "/" + jdk.label() + "/";
                Set<String> done = results.recordedIds();
                if (before != null && before.trials().stream().anyMatch(id -> id.startsWith(prefix) && done.contains(id))) {
                    again.add(pass); // the round ran and lacks forks: they are asked for once more
                }
                out.printf("%s round %d: %d points, %d forks each, %d trials still to run%n", jdk.label(), number, round.size(),
                        last.forks(), left.size());
                return left;
            }
            TuneAnswer.Evaluation e = TuneAnswer.evaluate(record, race, TuneAnswer.trialsOf(race, results.trials()));
            progress(jdk, number, e, race, results, until);
            if (e == null) {
                stop(race, "no point measured " + record.objective(), results);
                return List.of();
            }
            Map<String, Point> rows = new LinkedHashMap<>();
            for (TuneRecord.PointRow p : race.points()) {
                if (byLabel.containsKey(p.label())) {
                    rows.put(p.row(), byLabel.get(p.label()));
                }
            }
            Set<String> lastRows = new LinkedHashSet<>();
            round.forEach(p -> lastRows.add(rowOf(jdk, p)));
            Set<Point> tried = new LinkedHashSet<>(rows.values());
            Race.Next next = Race.next(number, e.standings(), rows, lastRows, space, p -> points.contains(p) && !tried.contains(p));
            if (!next.stopped().isEmpty()) {
                stop(race, next.stopped(), results);
                return List.of();
            }
            round = next.points();
            forks = next.forks();
            number++;
        }
        List<PlannedTrial> needed = trialsFor(jdk, round, forks, results.trials());
        List<PlannedTrial> todo = withinBudget(needed, results, until);
        if (todo.isEmpty() && !needed.isEmpty()) {
            stop(race, "budget reached", results);
            return List.of();
        }
        update(withRound(race, jdk, round, forks), results);
        out.printf("%s round %d: %d points, %d forks each, %d trials%n", jdk.label(), number, round.size(), forks, todo.size());
        return todo;
    }

    /**
     * {@code tune --resume --out DIR --shard I/N --slice-out S}: runs slice I of N of the trials {@code --plan-only}
     * recorded in DIR ({@link PlannedRound}) — the one at position k (0-based) goes to slice k mod N — and writes them to
     * S's own {@code results.json}, which carries DIR's race and round so that {@code merge} joins only the slices of
     * this round. Reads DIR, never writes it; never judges nor plans.
     */
    private int runSlice(List<Jdk> jdks, Map<Jdk, List<Point>> valid) throws IOException {
        Path base = outDir.toAbsolutePath().normalize();
        Results baseResults = recorded.results();
        PlannedRound round = PlannedRound.of(baseResults);
        String planIt = "jvmmark tune --resume --plan-only --out " + outDir;
        if (round == null) {
            throw new UserException(base + " has no round recorded to run as slices; record one with " + planIt);
        }
        Set<String> done = recorded.recordedIds();
        List<String> ids = round.trials().stream().filter(id -> !done.contains(id)).toList();
        if (ids.isEmpty()) {
            throw new UserException("every trial of the round recorded in " + base + " has run; record the next with " + planIt);
        }
        record = TuneRecord.of(baseResults);
        Map<String, PlannedTrial> needed = new LinkedHashMap<>();
        for (Jdk jdk : jdks) {
            TuneRecord.JdkRace race = raceOf(jdk);
            if (race.rounds().isEmpty()) {
                continue;
            }
            TuneRecord.Round last = race.rounds().get(race.rounds().size() - 1);
            List<Point> points = valid.get(jdk).stream().filter(p -> last.points().contains(p.label())).toList();
            trialsFor(jdk, points, last.forks(), recorded.trials()).forEach(t -> needed.put(t.id(), t));
        }
        List<PlannedTrial> mine = new ArrayList<>();
        for (int k = 0; k < ids.size(); k++) {
            PlannedTrial t = needed.get(ids.get(k));
            if (t == null) {
                throw new UserException("trial " + ids.get(k) + " of the round recorded in " + base + " is not one its race asks"
                        + " for on this machine (another JDK build, or a setting this JDK refuses, than where it was planned?);"
                        + " run the slices on machines like the planning one, or record the round again with " + planIt);
            }
            if (k % shard.count() == shard.index()) {
                mine.add(t);
            }
        }
        Path dir = sliceDir.toAbsolutePath().normalize();
        if (dir.equals(base)) {
            throw new UserException("--slice-out " + sliceDir + " is the race's own directory; give each slice its own");
        }
        OutputDirectory output = OutputDirectory.forNewRun(dir);
        try (OutputLock lock = OutputLock.acquire(dir, "tune --shard")) {
            Map<String, Object> command = new LinkedHashMap<>(baseResults.command());
            command.put("shard", shard.label());
            ResultsFile results = ResultsFile.create(dir, baseResults.profile(), HostInfo.collect(), command, baseResults.questions());
            results.setMore(TuneRecord.KEY, record.toJson());
            results.setMore(PlannedRound.KEY, round.toJson());
            RunSession.recordJvmFacts(results, jdks.stream().map(j -> plan(j, Point.DEFAULT, 1)).toList());
            results.write();
            out.printf("slice %s of %d trials: %d to run%n", shard.label(), ids.size(), mine.size());
            AtomicBoolean interrupted = new AtomicBoolean();
            Thread hook = killChildrenOnInterrupt(interrupted);
            TrialExecutor executor = new TrialExecutor(dir, null, interrupted::get, InstrumentSet.none(), disturbance);
            boolean whole;
            try {
                whole = runAll(mine, executor, results, interrupted);
            } finally {
                RunEnd.endOfTrials(durations, output, err);
            }
            if (!whole) {
                err.println("jvmmark: interrupted; " + results.recordedIds().size() + " trials kept in " + results.path()
                        + " (merge them, then record the rest of the round again with " + planIt + ")");
                return Main.INTERRUPTED;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutdown under way
            }
            out.println("results: " + results.path() + " (merge with jvmmark merge " + outDir + " SLICE_1 … SLICE_N --out NEXT)");
            return 0;
        }
    }

    /** Records the unsupported row of each setting {@code jdk} refused, once (nothing runs). */
    private void recordRefused(Jdk jdk, List<PlannedTrial> refused, ResultsFile results, TrialExecutor executor) throws IOException {
        Set<String> recordedIds = results.recordedIds();
        for (PlannedTrial t : refused) {
            if (!recordedIds.contains(t.id())) {
                Trial r = executor.run(t);
                if (r != null) {
                    results.add(r);
                }
                out.println(jdk.label() + ": skipped " + t.variant() + ": " + t.unsupportedReason());
            }
        }
    }

    /** Runs and records each trial; false when the run was interrupted. */
    private boolean runAll(List<PlannedTrial> todo, TrialExecutor executor, ResultsFile results, AtomicBoolean interrupted)
            throws IOException {
        for (PlannedTrial t : todo) {
            if (interrupted.get()) {
                return false;
            }
            Trial r = executor.run(t);
            if (r == null || interrupted.get()) {
                return false;
            }
            results.add(r);
            if (r.ok() && !r.disturbed()) {
                durations.record(t, r.outcome().process().wallSeconds());
            } else if (!r.ok()) {
                out.println("  " + t.id() + ": " + r.outcome().trialStatus().json()
                        + (r.outcome().error() == null ? "" : ": " + Text.firstLine(r.outcome().error())));
            }
        }
        return true;
    }

    private void progress(Jdk jdk, int number, TuneAnswer.Evaluation e, TuneRecord.JdkRace race, ResultsFile results, double until) {
        String best = "none yet";
        if (e != null && e.standings().leader() != null) {
            double c = e.standings().centres().get(e.standings().leader());
            best = race.labelOf(e.standings().leader()) + " (" + Words.figure(e.objective()) + " " + Format.value(c, e.objective().unit()) + ")";
        }
        // only the points of the round just run race on: the rest were left behind by a halving, whatever their state
        Set<String> raced = new LinkedHashSet<>(race.rounds().isEmpty() ? List.of()
                : race.rounds().get(race.rounds().size() - 1).points());
        long left = e == null ? 0 : e.standings().states().entrySet().stream()
                .filter(s -> raced.contains(race.labelOf(s.getKey())))
                .map(Map.Entry::getValue).filter(s -> s == org.jvmmark.report.tune.Standings.State.LEADER
                || s == org.jvmmark.report.tune.Standings.State.OPEN || s == org.jvmmark.report.tune.Standings.State.TOO_FEW_FORKS).count();
        out.printf("%s after round %d: %d points still in the race; best so far %s; %s of the budget left%n", jdk.label(), number,
                left, best, Text.seconds(Math.max(0, until - spent(results))));
    }

    /** The valid points of the space on {@code jdk}; each refused setting becomes one unsupported trial in {@code refused}. */
    private List<Point> validPoints(Jdk jdk, List<PlannedTrial> refused) {
        Map<String, String> refusal = new LinkedHashMap<>();
        for (Dimension d : space.dimensions()) {
            for (String v : d.values()) {
                Point one = new Point(List.of(new Point.Setting(d, v)));
                String why = d.kind() == Dimension.Kind.COLLECTOR ? probe.unsupportedReason(jdk, GarbageCollector.parse(v))
                        : probe.refusal(jdk, d.flags(v));
                if (why != null) {
                    refusal.put(one.label(), why);
                    PlannedTrial t = plan(jdk, one, 1);
                    refused.add(new PlannedTrial(t.id(), t.workload(), t.jdk(), t.variant(), t.gc(), t.workloadVariant(),
                            t.variantJvmArgs(), t.params(), 1, t.profile(), t.timeoutSeconds(), 0, why));
                }
            }
        }
        return space.points().stream().filter(p -> p.settings().stream()
                .noneMatch(s -> refusal.containsKey(new Point(List.of(s)).label()))).toList();
    }

    /** Fork {@code fork} of a point's row on {@code jdk}, planned as any run's trial. */
    private PlannedTrial plan(Jdk jdk, Point p, int fork) {
        List<GarbageCollector> gcs = p.gc() == null ? List.of() : List.of(p.gc());
        List<List<String>> args = p.otherFlags().isEmpty() ? List.of() : List.of(p.otherFlags());
        List<String> variants = options.variant() == null ? List.of() : List.of(options.variant());
        List<PlannedTrial> planned = durations == null ? sweep.plan(planner, List.of(entry), List.of(jdk), gcs, args, 1,
                options.profile(), variants) : durations.apply(sweep.plan(planner, List.of(entry), List.of(jdk), gcs, args, 1,
                options.profile(), variants));
        long rows = planned.stream().map(PlannedTrial::rowId).distinct().count();
        if (rows != 1) {
            throw new UserException("tune races one variant of " + entry.info().name() + ": add --variant NAME (one of "
                    + String.join(", ", entry.info().variants().stream().map(org.jvmmark.api.Variant::name).toList()) + ")");
        }
        return fork == 1 ? planned.get(0) : planned.get(0).asFork(fork);
    }

    private String rowOf(Jdk jdk, Point p) {
        return plan(jdk, p, 1).rowId();
    }

    /**
     * The trials that bring each point of the round up to {@code forks} forks of evidence (ok and undisturbed; a
     * disturbed fork is run again under the next number), fork by fork across the points, never one point's back to
     * back; none for a point that failed (more forks of a failing point answer nothing) or is not runnable.
     */
    private List<PlannedTrial> trialsFor(Jdk jdk, List<Point> round, int forks, List<Trial> recorded) {
        Map<Point, int[]> needFrom = new LinkedHashMap<>();
        for (Point p : round) {
            PlannedTrial first = plan(jdk, p, 1);
            List<Trial> mine = recorded.stream().filter(r -> TuneAnswer.rowOf(r.id()).equals(first.rowId())).toList();
            if (!first.runnable() || mine.stream().anyMatch(r -> r.outcome().trialStatus().failure())) {
                continue;
            }
            int have = (int) mine.stream().filter(r -> r.ok() && !r.disturbed()).count();
            int highest = mine.stream().mapToInt(r -> r.identity().fork()).max().orElse(0);
            needFrom.put(p, new int[] {forks - have, highest});
        }
        List<PlannedTrial> todo = new ArrayList<>();
        for (int f = 1; f <= forks; f++) {
            for (Map.Entry<Point, int[]> e : needFrom.entrySet()) {
                if (f <= e.getValue()[0]) {
                    todo.add(plan(jdk, e.getKey(), e.getValue()[1] + f));
                }
            }
        }
        return todo;
    }

    /** The trials that fit before {@code until} seconds of trials are spent, by their estimates. */
    private List<PlannedTrial> withinBudget(List<PlannedTrial> todo, ResultsFile results, double until) {
        double spent = spent(results);
        List<PlannedTrial> fits = new ArrayList<>();
        for (PlannedTrial t : todo) {
            if (spent + t.estimatedSeconds() > until) {
                break;
            }
            fits.add(t);
            spent += t.estimatedSeconds();
        }
        return fits;
    }

    /** The wall seconds the run's trials took (a resumed run counts the trials of before). */
    private static double spent(ResultsFile results) {
        return results.trials().stream().mapToDouble(t -> t.outcome().process().wallSeconds()).sum();
    }

    private TuneRecord.JdkRace raceOf(Jdk jdk) {
        return record.jdks().stream().filter(r -> r.jdk().equals(jdk.label())).findFirst()
                .orElse(new TuneRecord.JdkRace(jdk.label(), rowOf(jdk, Point.DEFAULT), List.of(), List.of(), ""));
    }

    private TuneRecord.JdkRace withRound(TuneRecord.JdkRace race, Jdk jdk, List<Point> round, int forks) {
        List<TuneRecord.PointRow> points = new ArrayList<>(race.points());
        for (Point p : round) {
            if (race.labelOf(rowOf(jdk, p)) == null) {
                points.add(new TuneRecord.PointRow(p.label(), rowOf(jdk, p), p.flags()));
            }
        }
        List<TuneRecord.Round> rounds = new ArrayList<>(race.rounds());
        rounds.add(new TuneRecord.Round(forks, round.stream().map(Point::label).toList()));
        return new TuneRecord.JdkRace(race.jdk(), race.defaultRow(), points, rounds, "");
    }

    private TuneRecord.JdkRace stop(TuneRecord.JdkRace race, String why, ResultsFile results) throws IOException {
        TuneRecord.JdkRace stopped = new TuneRecord.JdkRace(race.jdk(), race.defaultRow(), race.points(), race.rounds(), why);
        update(stopped, results);
        out.println(race.jdk() + ": race stopped: " + why);
        return stopped;
    }

    private void update(TuneRecord.JdkRace race, ResultsFile results) throws IOException {
        List<TuneRecord.JdkRace> jdks = new ArrayList<>(record.jdks());
        jdks.removeIf(r -> r.jdk().equals(race.jdk()));
        jdks.add(race);
        record = new TuneRecord(record.workload(), record.objective(), record.constraints(), record.threshold(), jdks);
        results.putMore(TuneRecord.KEY, record.toJson());
    }

    private void printDryRun(List<Jdk> jdks, Map<Jdk, List<Point>> valid, Map<Jdk, List<PlannedTrial>> refused) {
        out.println("tune " + entry.info().name() + ", profile " + options.profile() + ", objective " + options.objective()
                + (options.constraints().isEmpty() ? "" : ", constraints " + String.join("; ", options.constraints()))
                + ", budget " + options.budget());
        out.println("space:");
        space.describe().forEach(l -> out.println("  " + l));
        for (Jdk jdk : jdks) {
            List<Point> v = valid.get(jdk);
            out.printf("%s: %d of %d points valid%n", jdk.label(), v.size(), space.points().size());
            refused.get(jdk).forEach(t -> out.println("  invalid: " + t.variant() + ": " + t.unsupportedReason()));
            long each = Math.max(1, plan(jdk, Point.DEFAULT, 1).estimatedSeconds());
            long share = Budget.parse(options.budget()).seconds() / jdks.size();
            int n = (int) Math.max(MIN_FIRST_ROUND, Math.min(MAX_FIRST_ROUND, share / 3 / each));
            List<Point> first = space.sample(v, n);
            out.printf("  round 1: %d points × %d fork (about %s): %s%n", first.size(), Race.forksOfRound(1),
                    Text.seconds((double) first.size() * each), String.join("; ", first.stream().map(Point::label).toList()));
            for (int r = 2, left = first.size(); r <= 4 && left > 1; r++) {
                left = Math.max(2, (left + 1) / 2);
                out.printf("  round %d: the best %d (and up to %d neighbours) to %d forks each%n", r, left,
                        4, Race.forksOfRound(r));
            }
            out.printf("  about %s a trial; %s of the budget for this JDK%n", Text.seconds(each), Text.seconds(share));
        }
    }
}
