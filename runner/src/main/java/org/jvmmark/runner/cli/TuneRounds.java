package org.jvmmark.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneFigure;
import org.jvmmark.report.tune.TuneRecord;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.Budget;
import org.jvmmark.runner.plan.RunBudget;
import org.jvmmark.runner.tune.EliteRace;
import org.jvmmark.runner.tune.Point;
import org.jvmmark.runner.tune.RaceStrategy;
import org.jvmmark.runner.tune.SearchSpace;

/**
 * A JDK's {@link EliteRace} and its record in {@code results.json} ({@link TuneRecord}, written before each round runs).
 * The race is a pure function of its record and its forks: every invocation ({@code tune}, {@code --resume},
 * {@code --plan-only}) {@link #replay}s the recorded rounds into a fresh {@link EliteRace}, feeding each round its own
 * forks (a fork's round is read from the round's first fork numbers), and asks it for the next round. Points are the
 * race's by label. The same for a race on one machine ({@code TuneSession}) and one planned round by round for slices
 * ({@link TuneRoundPlanner}). Not thread-safe.
 */
final class TuneRounds {
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

    /**
     * Each JDK's share of the budget less what this launch's build took of it and the run's end, in equal parts. A race
     * that took its cap from the whole budget overran it by the build (a {@code --budget 2m} race took 2 min 26 s after a
     * 46 s build).
     */
    static double share(String budget, int jdks) {
        return Math.max(0, Budget.parse(budget).seconds() - RunBudget.buildSecondsOfThisLaunch() - RunBudget.END_SECONDS)
                / Math.max(1, jdks);
    }

    /** The trials a race may run in {@code seconds} of its share of the budget, at {@code secondsEach} a trial. */
    static int trialCap(double seconds, long secondsEach) {
        return (int) Math.max(0, seconds / Math.max(1, secondsEach));
    }

    /**
     * Round one: a spread sample of the valid {@code points} (the default first), then the baseline, in the order
     * {@link EliteRace} races them; two forks each.
     */
    static List<Point> first(SearchSpace space, List<Point> points, Point baseline, int trialCap) {
        EliteRace.Settings settings = EliteRace.Settings.standard(trialCap, Judge.DEFAULT_THRESHOLD, false);
        List<Point> sample = new ArrayList<>(space.sample(points, settings.firstRoundSize(), settings.strategy().pairs()));
        if (baseline != null) {
            sample.add(1, baseline);
        }
        return sample;
    }

    /**
     * The JDK's race replayed from its record: an {@link EliteRace} that has run every recorded round and been fed its
     * forks (failed: the point is out; disturbed: spent, no evidence), the points that break a constraint taken out
     * after each round. Its {@link EliteRace#next} is the round to run after the last recorded one.
     *
     * @param points the JDK's valid points (the baseline included), by which labels find their neighbours
     */
    EliteRace replay(TuneRecord.JdkRace race, List<Point> points, List<Trial> recorded) {
        List<Trial> mine = TuneAnswer.trialsOf(race, recorded);
        Column col = TuneFigure.parse(record.objective()).column(mine);
        String baseline = race.baselineRow().isEmpty() ? null : race.labelOf(race.baselineRow());
        List<String> first = race.rounds().get(0).points().stream()
                .filter(l -> !l.equals(Point.DEFAULT.label()) && !l.equals(baseline)).toList();
        boolean higher = col != null && col.higherIsBetter();
        EliteRace.Settings settings = EliteRace.Settings.standard(race.trialCap(), record.threshold(), higher);
        EliteRace elite = new EliteRace(Point.DEFAULT.label(), baseline, first, neighbours(points, settings.strategy()), settings)
                .proposing(predicted(points, higher));
        for (int r = 1; r <= race.rounds().size(); r++) {
            TuneRecord.Round recordedRound = race.rounds().get(r - 1);
            EliteRace.Round round = elite.next();
            if (round == null && r > 1 && recordedRound.confirmation() && race.rounds().get(r - 2).confirmation()) {
                // the race had ended: a further confirmation asked for (tune --resume --more-forks), not the final stage's own
                elite.confirmMore(recordedRound.forks());
                round = elite.next();
            }
            if (round == null) {
                break;
            }
            int number = r;
            List<Trial> upTo = new ArrayList<>();
            for (Trial t : mine) {
                String label = race.labelOf(TuneAnswer.rowOf(t.id()));
                int of = label == null ? 0 : race.roundOf(label, t.identity().fork());
                if (of <= number) {
                    upTo.add(t);
                }
                if (of != number) {
                    continue;
                }
                Double value = col == null || !t.ok() || t.disturbed() ? null : TuneFigure.value(t, col);
                if (t.outcome().trialStatus().failure()) {
                    elite.fail(label, number);
                } else if (value != null) {
                    elite.record(label, new EliteRace.Fork(number, value, t.machineRoundTripNs().orElse(Double.NaN),
                            t.machineChangedDuring()));
                } else {
                    elite.spend();
                }
            }
            // a point that breaks a constraint cannot win; the default and the baseline stay, as what gains are measured against
            TuneAnswer.breaks(record, race, upTo, Judge.MIN_FORKS).keySet().stream()
                    .filter(row -> !row.equals(race.defaultRow()) && !row.equals(race.baselineRow()))
                    .forEach(row -> elite.exclude(race.labelOf(row)));
        }
        return elite;
    }

    /**
     * Each label's neighbours on the space's ordered dimensions and, as the race's {@code strategy} says
     * ({@link RaceStrategy#categorical}), its categorical alternatives, among the JDK's valid points.
     */
    private Function<String, List<String>> neighbours(List<Point> points, RaceStrategy strategy) {
        Map<String, Point> byLabel = byLabel(points);
        boolean categorical = strategy.categorical();
        return label -> byLabel.containsKey(label) ? space.steps(byLabel.get(label), categorical).stream()
                .filter(points::contains).map(Point::label).toList() : List.of();
    }

    /**
     * The JDK's valid points (not the baseline, which is no combination of the space's values) ranked by the additive
     * model of the measured ones ({@link SearchSpace#predicted}), by label.
     */
    private Function<Map<String, Double>, List<String>> predicted(List<Point> points, boolean higherIsBetter) {
        Map<String, Point> byLabel = byLabel(points);
        List<Point> combinations = points.stream().filter(p -> !p.isBaseline()).toList();
        return centres -> {
            Map<Point, Double> measured = new LinkedHashMap<>();
            centres.forEach((label, c) -> {
                Point p = byLabel.get(label);
                if (p != null && !p.isBaseline()) {
                    measured.put(p, c);
                }
            });
            return space.predicted(measured, combinations, higherIsBetter).stream().map(Point::label).toList();
        };
    }

    /** The points of a round, as this JDK's valid points. */
    static List<Point> pointsOf(TuneRecord.Round round, List<Point> points) {
        Map<String, Point> byLabel = byLabel(points);
        return round.points().stream().map(byLabel::get).filter(Objects::nonNull).toList();
    }

    private static Map<String, Point> byLabel(List<Point> points) {
        Map<String, Point> out = new LinkedHashMap<>();
        points.forEach(p -> out.put(p.label(), p));
        return out;
    }

    /** The race of {@code jdk} as recorded, or a new one. */
    TuneRecord.JdkRace raceOf(Jdk jdk, Point baseline) {
        return record.jdks().stream().filter(r -> r.jdk().equals(jdk.label())).findFirst()
                .orElse(new TuneRecord.JdkRace(jdk.label(), trials.rowOf(jdk, Point.DEFAULT),
                        baseline == null ? "" : trials.rowOf(jdk, baseline), List.of(), List.of(), "", 0, List.of(), List.of(),
                        List.of()));
    }

    /**
     * {@code race} with one more round of {@code round}, {@code forks} fresh forks a point, numbered after each point's
     * highest recorded fork; and, from {@code elite} when given, where its points stand.
     */
    TuneRecord.JdkRace withRound(TuneRecord.JdkRace race, Jdk jdk, List<Point> round, int forks, boolean confirmation,
                                 List<Trial> recorded, EliteRace elite) {
        List<TuneRecord.PointRow> points = new ArrayList<>(race.points());
        List<Integer> firstForks = new ArrayList<>();
        for (Point p : round) {
            String row = trials.rowOf(jdk, p);
            if (race.labelOf(row) == null) {
                points.add(new TuneRecord.PointRow(p.label(), row, p.flags()));
            }
            int highest = recorded.stream().filter(t -> TuneAnswer.rowOf(t.id()).equals(row))
                    .mapToInt(t -> t.identity().fork()).max().orElse(0);
            firstForks.add(highest + 1);
        }
        List<TuneRecord.Round> rounds = new ArrayList<>(race.rounds());
        rounds.add(new TuneRecord.Round(forks, round.stream().map(Point::label).toList(), firstForks, confirmation));
        return elite == null ? race.with(points, rounds, "", race.dropped(), race.behind(), race.excluded())
                : race.with(points, rounds, "", List.copyOf(elite.dropped()), List.copyOf(elite.behind()),
                        List.copyOf(elite.excluded()));
    }

    /** Records that {@code race} stopped and why (with where its points stand, from {@code elite} when given), and says so. */
    TuneRecord.JdkRace stop(TuneRecord.JdkRace race, String why, EliteRace elite, ResultsFile results) throws IOException {
        TuneRecord.JdkRace stopped = elite == null ? race.with(race.points(), race.rounds(), why, race.dropped(), race.behind(),
                race.excluded()) : race.with(race.points(), race.rounds(), why, List.copyOf(elite.dropped()),
                List.copyOf(elite.behind()), List.copyOf(elite.excluded()));
        update(stopped, results);
        out.println(race.jdk() + ": race stopped: " + stopped.stoppedWords());
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
