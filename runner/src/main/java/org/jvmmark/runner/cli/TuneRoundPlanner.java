package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jvmmark.report.tune.Confirmation;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.results.Results;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.fork.Container;
import org.jvmmark.runner.fork.DisturbancePolicy;
import org.jvmmark.runner.fork.TrialExecutor;
import org.jvmmark.runner.instruments.InstrumentSet;
import org.jvmmark.runner.jdk.HostInfo;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.output.OutputDirectory;
import org.jvmmark.runner.output.OutputLock;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.PlannedTrial;
import org.jvmmark.runner.plan.Shard;
import org.jvmmark.runner.tune.PlannedRound;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.EliteRace;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.tune.SearchSpace;
import org.jvmmark.runner.tune.TuneOptions;

/**
 * Plans each round of every JDK's race at once, the JDKs' trials interleaved (fork by fork, JDK by JDK) so that all
 * JDKs meet the machine at the same times rather than one after the other: the race on one machine ({@code
 * TuneSession}) runs each plan and plans again; {@code --plan-only} records it ({@link PlannedRound}) for slices, which
 * {@code --shard I/N --slice-out S} runs into directories of their own and {@code merge} joins. Not thread-safe.
 */
final class TuneRoundPlanner {
    private final PrintStream out;
    private final PrintStream err;
    private final TuneOptions options;
    private final TuneTrials trials;
    private final SearchSpace space;
    private final DisturbancePolicy disturbance;
    private final ResultsFile recorded;
    private final Path outDir;
    private final Point baseline;
    private TuneRounds rounds;
    /** {@code --more-forks N}: forks a side of one more confirmation round for a race that cannot tell yet; 0: none. */
    private int moreForks;
    /** The JDKs whose race this invocation gave more confirmation forks. */
    private final java.util.Set<String> extended = new java.util.HashSet<>();
    /** The JDKs whose race has ended, as this invocation said. */
    private final java.util.Set<String> ended = new java.util.HashSet<>();

    TuneRoundPlanner(PrintStream out, PrintStream err, TuneOptions options, TuneTrials trials, SearchSpace space,
               DisturbancePolicy disturbance, ResultsFile recorded, Path outDir, Point baseline) {
        this.out = out;
        this.err = err;
        this.options = options;
        this.trials = trials;
        this.space = space;
        this.disturbance = disturbance;
        this.recorded = recorded;
        this.outDir = outDir;
        this.baseline = baseline;
    }

    /** Asks for {@code forks} more confirmation forks a side for every JDK whose ended race cannot tell yet. */
    TuneRoundPlanner moreForks(int forks) {
        this.moreForks = forks;
        return this;
    }

    /**
     * {@code tune --plan-only}: judges what the run holds and records, per JDK, the round to run next — the round under way
     * while it still has trials to run, else the next one the race asks for — with its trials' ids ({@link PlannedRound}),
     * and stops. Each JDK gets an equal share of the budget, spent on its own trials, wherever they ran. When every
     * race has ended, renders the report and prints the answer as the race's end does.
     */
    int planRound(Path dir, ResultsFile results, TuneRounds rounds, List<Jdk> jdks, Map<Jdk, List<Point>> valid,
                  Map<Jdk, List<PlannedTrial>> refused) throws IOException {
        TrialExecutor executor = new TrialExecutor(dir, Container.prepare(options.container()), () -> false, gcLogs(),
                disturbance);
        PlannedRound before = PlannedRound.of(results.results());
        List<String> again = new ArrayList<>();
        List<PlannedTrial> todo = plan(results, rounds, jdks, valid, refused, before, again, executor, true);
        PlannedRound round = new PlannedRound(results.results().created(), todo.stream().map(PlannedTrial::id).toList(), again);
        results.putMore(PlannedRound.KEY, round.toJson());
        if (todo.isEmpty()) {
            int status = RunEnd.reportAndResults(out, err, dir, results, options.threshold());
            TunePrinter.untried(out, rounds.record(), valid);
            TunePrinter.moreForks(out, TuneAnswer.of(results.results()), dir, trials::secondsEach, jdks);
            return status;
        }
        out.printf("%d trials to run, as slices: jvmmark tune --resume --out %s --shard I/N --slice-out SLICE_I (I = 1 … N);%n",
                todo.size(), dir);
        out.printf("then: jvmmark merge %s SLICE_1 … SLICE_N --out NEXT and jvmmark tune --resume --plan-only --out NEXT%n", dir);
        return 0;
    }

    /**
     * The trials every JDK's race asks for next ({@link #planOne}), interleaved across the JDKs (the first of each
     * JDK's, then the second of each, …); empty when every race has ended. Each JDK gets an equal share of the budget,
     * spent on its own trials, wherever they ran.
     *
     * @param before what the last plan asked for, or null
     * @param again receives the rounds whose trials are asked for a second time
     * @param rerun whether a round's missing forks (disturbed, or in no slice) are asked for once more
     */
    List<PlannedTrial> plan(ResultsFile results, TuneRounds rounds, List<Jdk> jdks, Map<Jdk, List<Point>> valid,
                            Map<Jdk, List<PlannedTrial>> refused, PlannedRound before, List<String> again, TrialExecutor executor,
                            boolean rerun) throws IOException {
        this.rounds = rounds;
        double share = TuneRounds.share(options.budget(), jdks.size());
        List<List<PlannedTrial>> each = new ArrayList<>();
        for (Jdk jdk : jdks) {
            trials.recordRefused(jdk, refused.get(jdk), results, executor);
            each.add(new ArrayList<>(planOne(jdk, valid.get(jdk), results, share, before, again, rerun)));
        }
        List<PlannedTrial> todo = new ArrayList<>();
        while (each.stream().anyMatch(l -> !l.isEmpty())) {
            for (List<PlannedTrial> l : each) {
                if (!l.isEmpty()) {
                    todo.add(l.remove(0));
                }
            }
        }
        return todo;
    }

    /**
     * One JDK's step of {@link #plan}: the trials still to run of its recorded round (asked for twice at most: a
     * round's forks that were disturbed or in no slice once more, as a race re-runs disturbed forks once; named in
     * {@code again}); or, when there are none (or they were asked for again already), the next round its {@link EliteRace}
     * asks for after replaying the record ({@link TuneRounds#replay}), which it records with where the points stand — or
     * none, when the race has ended with its confirmation round (recorded as "confirmed").
     *
     * @param share the seconds of trials this JDK's race may spend, turned into its trial cap when the race begins
     * @param before what the last plan asked for, or null
     * @param again receives this round's name when its trials are asked for a second time
     */
    private List<PlannedTrial> planOne(Jdk jdk, List<Point> points, ResultsFile results, double share, PlannedRound before,
                                       List<String> again, boolean rerun) throws IOException {
        TuneRecord.JdkRace race = rounds.raceOf(jdk, baseline);
        if (moreForks > 0 && race.stopped().equals(TuneRecord.CONFIRMED) && undecided(results, race) && extended.add(jdk.label())) {
            TuneRecord.Round last = race.last();
            TuneRecord.JdkRace open = race.with(race.points(), race.rounds(), "", race.dropped(), race.behind(), race.excluded());
            return record(jdk, open, TuneRounds.pointsOf(last, points), moreForks, true, results, null, race.rounds().size() + 1);
        }
        if (!race.stopped().isEmpty()) {
            if (ended.add(jdk.label())) { // said once an invocation
                out.println(jdk.label() + ": race already ended (" + race.stopped() + ")");
            }
            return List.of();
        }
        List<Trial> recorded = results.trials();
        if (race.rounds().isEmpty()) {
            int cap = TuneRounds.trialCap(share, trials.secondsEach(jdk));
            List<Point> first = TuneRounds.first(space, points.stream().filter(p -> !p.isBaseline()).toList(), baseline, cap);
            EliteRace.Settings settings = EliteRace.Settings.standard(cap, options.threshold(), false);
            race = new TuneRecord.JdkRace(race.jdk(), race.defaultRow(), race.baselineRow(), race.points(), race.rounds(), "", cap,
                    List.of(), List.of(), List.of());
            if (cap < settings.leastTrials(first.size())) {
                ended.add(jdk.label());
                rounds.stop(race, "budget too small: " + settings.leastTrials(first.size()) + " trials at the least (round one"
                        + " and the confirmation), " + cap + " fit", null, results);
                return List.of();
            }
            return record(jdk, race, first, settings.strategy().firstForks(settings.forksPerRound()), false, results, null, 1);
        }
        if (race.rounds().stream().anyMatch(r -> r.firstForks().size() != r.points().size())) {
            throw new UserException("the race in " + results.path() + " was recorded by an earlier jvmmark, whose rounds this"
                    + " race cannot replay; start a new one (jvmmark tune ... --out NEW_DIR)");
        }
        int number = race.rounds().size();
        TuneRecord.Round last = race.last();
        List<PlannedTrial> left = trials.trialsFor(jdk, TuneRounds.pointsOf(last, points), last.forks(), last.firstForks(), recorded);
        String pass = PlannedRound.pass(jdk.label(), number);
        if (!left.isEmpty() && (before == null || rerun && !before.again().contains(pass))) {
            String prefix = options.workload() + "/" + jdk.label() + "/";
            Set<String> done = results.recordedIds();
            if (before != null && before.trials().stream().anyMatch(id -> id.startsWith(prefix) && done.contains(id))) {
                again.add(pass); // the round ran and lacks forks: they are asked for once more
            }
            out.printf("%s round %d: %d points, %d %s each, %d trials still to run%n", jdk.label(), number, last.points().size(),
                    last.forks(), last.forks() == 1 ? "fork" : "forks", left.size());
            return left;
        }
        EliteRace elite = rounds.replay(race, points, recorded);
        EliteRace.Round next = elite.next();
        TunePrinter.progress(out, race, number, elite, next, options.threshold());
        if (next == null) {
            ended.add(jdk.label());
            rounds.stop(race, last.confirmation() ? TuneRecord.CONFIRMED : "nothing left to race", elite, results);
            return List.of();
        }
        List<Point> round = TuneRounds.pointsOf(new TuneRecord.Round(next.forksEach(), next.points(), List.of(), false),
                points);
        return record(jdk, race, round, next.forksEach(), next.confirmation(), results, elite, number + 1);
    }

    /** Whether the recorded answer of {@code race} is "cannot tell yet". */
    private static boolean undecided(ResultsFile results, TuneRecord.JdkRace race) {
        TuneAnswer answer = TuneAnswer.of(results.results());
        return answer != null && answer.jdks().stream().filter(j -> j.race().jdk().equals(race.jdk())).anyMatch(
                j -> j.confirmation() == null || j.confirmation().form() == Confirmation.Form.CANNOT_TELL);
    }

    /** Records round {@code number} of {@code race} and returns its trials. */
    private List<PlannedTrial> record(Jdk jdk, TuneRecord.JdkRace race, List<Point> round, int forks, boolean confirmation,
                                      ResultsFile results, EliteRace elite, int number) throws IOException {
        List<Trial> recorded = results.trials();
        TuneRecord.JdkRace next = rounds.withRound(race, jdk, round, forks, confirmation, recorded, elite);
        rounds.update(next, results);
        List<PlannedTrial> todo = trials.trialsFor(jdk, round, forks, next.last().firstForks(), recorded);
        out.printf("%s round %d%s: %d points, %d fresh %s each, %d trials%n", jdk.label(), number,
                confirmation ? " (confirmation)" : "", round.size(), forks, forks == 1 ? "fork" : "forks", todo.size());
        return todo;
    }

    /**
     * {@code tune --resume --out DIR --shard I/N --slice-out S}: runs slice I of N of the trials {@code --plan-only}
     * recorded in DIR ({@link PlannedRound}) — the one at position k (0-based) goes to slice k mod N — and writes them to
     * S's own {@code results.json}, which carries DIR's race and round so that {@code merge} joins only the slices of
     * this round. Reads DIR, never writes it; never judges nor plans.
     */
    int runSlice(List<Jdk> jdks, Map<Jdk, List<Point>> valid, Shard shard, Path sliceDir, HistoryOptions history)
            throws IOException {
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
        TuneRounds rounds = new TuneRounds(out, trials, space, TuneRecord.of(baseResults));
        Map<String, PlannedTrial> needed = new LinkedHashMap<>();
        for (Jdk jdk : jdks) {
            TuneRecord.JdkRace race = rounds.raceOf(jdk, baseline);
            if (race.rounds().isEmpty()) {
                continue;
            }
            TuneRecord.Round last = race.last();
            trials.trialsFor(jdk, TuneRounds.pointsOf(last, valid.get(jdk)), last.forks(), last.firstForks(), recorded.trials())
                    .forEach(t -> needed.put(t.id(), t));
        }
        List<PlannedTrial> mine = new ArrayList<>();
        List<Integer> slices = slices(ids.stream().map(id -> needed.containsKey(id) ? needed.get(id).rowId() : id).toList(),
                shard.count());
        for (int k = 0; k < ids.size(); k++) {
            PlannedTrial t = needed.get(ids.get(k));
            if (t == null) {
                throw new UserException("trial " + ids.get(k) + " of the round recorded in " + base + " is not one its race asks"
                        + " for on this machine (another JDK build, or a setting this JDK refuses, than where it was planned?);"
                        + " run the slices on machines like the planning one, or record the round again with " + planIt);
            }
            if (slices.get(k) == shard.index()) {
                mine.add(t);
            }
        }
        Path dir = sliceDir.toAbsolutePath().normalize();
        if (dir.equals(base)) {
            throw new UserException("--slice-out " + sliceDir + " is the race's own directory; give each slice its own");
        }
        OutputDirectory output = OutputDirectory.forNewRun(dir);
        try (OutputLock lock = OutputLock.acquire(dir, "tune --shard")) {
            ResultsFile results = ResultsFile.create(dir, baseResults.profile(), HostInfo.collect(),
                    baseResults.command().withShard(shard.label()), baseResults.questions());
            results.setMore(TuneRecord.KEY, rounds.record().toJson());
            results.setMore(PlannedRound.KEY, round.toJson());
            RunRecord.recordJvmFacts(results, jdks.stream().map(j -> trials.plan(j, Point.DEFAULT, 1)).toList());
            results.write();
            out.printf("slice %s of %d trials: %d to run%n", shard.label(), ids.size(), mine.size());
            InterruptHook hook = InterruptHook.install();
            AtomicBoolean interrupted = hook.flag();
            TrialExecutor executor = new TrialExecutor(dir, Container.prepare(options.container()), interrupted::get, gcLogs(),
                    disturbance);
            // no budget on the slice's lines: the race's budget is its trial seconds wherever they ran, not this slice's
            HistoryRecorder recorder = HistoryRecorder.start(history, results.results(), dir, err);
            TrialLoop loop = new TrialLoop(out, dir, executor::run, results, recorder, interrupted::get, trials.durations(), null,
                    null);
            boolean whole;
            try {
                whole = loop.run(mine, "", disturbed(rounds, round.again(), true, true));
            } finally {
                RunEnd.endOfTrials(trials.durations(), output, err);
            }
            if (!whole) {
                err.println("jvmmark: interrupted; " + results.recordedIds().size() + " trials kept in " + results.path()
                        + " (merge them, then record the rest of the round again with " + planIt + ")");
                hook.stopped();
                return ExitStatus.INTERRUPTED;
            }
            hook.release();
            out.println("results: " + results.path() + " (merge with jvmmark merge " + outDir + " SLICE_1 … SLICE_N --out NEXT)");
            return 0;
        }
    }

    /**
     * The slice (from 0) of each trial of a round, by its row in the round's order: a point's forks go round the slices
     * (the i-th point's j-th fork to slice (i + j) mod {@code count}), so that they meet several machines whatever the
     * number of points; by position alone (k mod N), a round of a multiple of N points, interleaved fork by fork, would
     * put every fork of each point on one machine.
     */
    static List<Integer> slices(List<String> rows, int count) {
        Map<String, Integer> pointIndex = new LinkedHashMap<>();
        Map<String, Integer> forkIndex = new LinkedHashMap<>();
        List<Integer> out = new ArrayList<>();
        for (String row : rows) {
            int i = pointIndex.computeIfAbsent(row, r -> pointIndex.size());
            int j = forkIndex.merge(row, 1, Integer::sum) - 1;
            out.add((i + j) % count);
        }
        return out;
    }

    /**
     * What becomes of a disturbed fork of a step's trials, for the trial loop's line (the race plans its own re-runs, so
     * none runs there): a round's forks that were disturbed are asked for once more — by the race's next step, or for a
     * slice by the next {@code --plan-only} — then the round is judged with what it has; with {@code --disturbed mark}
     * they are not asked for.
     *
     * @param again the rounds ({@link PlannedRound#pass}) whose trials the step asks for a second time
     * @param rerun whether missing forks are asked for once more at all
     * @param slice whether the trials are a slice's, whose missing forks the next {@code --plan-only} asks for
     */
    TrialLoop.Disturbed disturbed(TuneRounds rounds, List<String> again, boolean rerun, boolean slice) {
        return TrialLoop.Disturbed.notHere(t -> {
            if (!rerun) {
                return "not re-run (--disturbed mark)";
            }
            String pass = PlannedRound.pass(t.jdk().label(), rounds.raceOf(t.jdk(), baseline).rounds().size());
            return again.contains(pass) ? "its round's missing forks were asked for once more already: the round is judged"
                    + " without it" : slice ? "the next --plan-only asks for another fork of its point"
                    : "another fork of its point runs before its round is judged";
        });
    }

    /**
     * Every fork of a race logs its collections ({@code --gc-log}): the same on every point, so it does not favour one, and
     * the confirmation forks' logs say why the pick wins (the answer's "why" line). A JVM that refuses the flags is
     * recorded in the trial's instruments block, as under {@code run --gc-log}.
     */
    static InstrumentSet gcLogs() {
        return InstrumentSet.of(true, null, null, s -> { });
    }
}
