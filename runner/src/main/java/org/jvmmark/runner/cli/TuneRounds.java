package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.Race;
import org.jvmmark.runner.tune.SearchSpace;

/**
 * A race's rounds: which points round one samples, which the next round races after the judge has seen the last
 * ({@link Race#next}), and the race's record in {@code results.json} ({@link TuneRecord}, written before each round
 * runs, so that {@code --resume} and {@code --plan-only} continue it). The same for a race on one machine
 * ({@link TuneSession}) and one planned round by round for slices ({@link TuneRoundPlanner}). Not thread-safe.
 */
final class TuneRounds {
    /** Fewest and most points of round one. */
    static final int MIN_FIRST_ROUND = 4;
    static final int MAX_FIRST_ROUND = 24;

    private final PrintStream out;
    private final TuneTrials trials;
    private final SearchSpace space;
    private TuneRecord record;

    TuneRounds(PrintStream out, TuneTrials trials, SearchSpace space, TuneRecord record) {
        this.out = out;
        this.trials = trials;
        this.space = space;
        this.record = record;
    }

    TuneRecord record() {
        return record;
    }

    /** How many points round one samples when {@code secondsLeft} of the budget are left for this JDK. */
    static int firstRoundSize(double secondsLeft, long secondsEach) {
        return (int) Math.max(MIN_FIRST_ROUND, Math.min(MAX_FIRST_ROUND, secondsLeft / 3 / secondsEach));
    }

    /** Round one: a sample of the valid {@code points} that fits a third of {@code secondsLeft}. */
    List<Point> first(Jdk jdk, List<Point> points, double secondsLeft) {
        return space.sample(points, firstRoundSize(secondsLeft, trials.secondsEach(jdk)));
    }

    /** The points of the race's last recorded round, as this JDK's valid points. */
    static List<Point> lastRound(TuneRecord.JdkRace race, List<Point> points) {
        Map<String, Point> byLabel = byLabel(points);
        return race.rounds().get(race.rounds().size() - 1).points().stream().map(byLabel::get).filter(Objects::nonNull).toList();
    }

    /**
     * After round {@code number} of {@code round}: judges the race's trials, prints where it stands, and says what
     * runs next ({@link Race#next}) or why the race stops.
     */
    Race.Next after(Jdk jdk, TuneRecord.JdkRace race, List<Point> round, int number, List<Point> points, ResultsFile results,
                    double until) {
        TuneAnswer.Evaluation e = TuneAnswer.evaluate(record, race, TuneAnswer.trialsOf(race, results.trials()));
        TunePrinter.progress(out, jdk, number, e, race, until - TuneTrials.spent(results));
        if (e == null) {
            return new Race.Next(List.of(), 0, "no point measured " + record.objective());
        }
        Map<String, Point> byLabel = byLabel(points);
        Map<String, Point> rows = new LinkedHashMap<>();
        for (TuneRecord.PointRow p : race.points()) {
            if (byLabel.containsKey(p.label())) {
                rows.put(p.row(), byLabel.get(p.label()));
            }
        }
        Set<String> last = new LinkedHashSet<>();
        round.forEach(p -> last.add(trials.rowOf(jdk, p)));
        Set<Point> tried = new LinkedHashSet<>(rows.values());
        return Race.next(number, e.standings(), rows, last, space, p -> points.contains(p) && !tried.contains(p));
    }

    private static Map<String, Point> byLabel(List<Point> points) {
        Map<String, Point> out = new LinkedHashMap<>();
        points.forEach(p -> out.put(p.label(), p));
        return out;
    }

    /** The race of {@code jdk} as recorded, or a new one. */
    TuneRecord.JdkRace raceOf(Jdk jdk) {
        return record.jdks().stream().filter(r -> r.jdk().equals(jdk.label())).findFirst()
                .orElse(new TuneRecord.JdkRace(jdk.label(), trials.rowOf(jdk, Point.DEFAULT), List.of(), List.of(), ""));
    }

    /** {@code race} with one more round of {@code round} at {@code forks} forks a point. */
    TuneRecord.JdkRace withRound(TuneRecord.JdkRace race, Jdk jdk, List<Point> round, int forks) {
        List<TuneRecord.PointRow> points = new ArrayList<>(race.points());
        for (Point p : round) {
            if (race.labelOf(trials.rowOf(jdk, p)) == null) {
                points.add(new TuneRecord.PointRow(p.label(), trials.rowOf(jdk, p), p.flags()));
            }
        }
        List<TuneRecord.Round> rounds = new ArrayList<>(race.rounds());
        rounds.add(new TuneRecord.Round(forks, round.stream().map(Point::label).toList()));
        return new TuneRecord.JdkRace(race.jdk(), race.defaultRow(), points, rounds, "");
    }

    /** Records that {@code race} stopped and why, and says so. */
    TuneRecord.JdkRace stop(TuneRecord.JdkRace race, String why, ResultsFile results) throws IOException {
        TuneRecord.JdkRace stopped = new TuneRecord.JdkRace(race.jdk(), race.defaultRow(), race.points(), race.rounds(), why);
        update(stopped, results);
        out.println(race.jdk() + ": race stopped: " + why);
        return stopped;
    }

    /** Writes {@code race} into the record and the record into {@code results}. */
    void update(TuneRecord.JdkRace race, ResultsFile results) throws IOException {
        List<TuneRecord.JdkRace> jdks = new ArrayList<>(record.jdks());
        jdks.removeIf(r -> r.jdk().equals(race.jdk()));
        jdks.add(race);
        record = new TuneRecord(record.workload(), record.objective(), record.constraints(), record.threshold(), jdks);
        results.putMore(TuneRecord.KEY, record.toJson());
    }
}
