package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.report.Column;
import org.jvmmark.report.ModelBuilder;
import org.jvmmark.report.Words;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;

/**
 * The answer of a tuning run: per JDK its {@link Standings} on the objective (from the trials, by the same {@link
 * #evaluate} the race used after every round), the constraints each point breaks, and the frontier of objective
 * against footprint; then the JDKs' bests judged against each other. What the console's end, {@code report.md} and
 * {@code report.html} show; {@link Words} says it. Immutable.
 *
 * @param across the JDKs' bests against the best of them (candidate = a JDK's best), empty with one JDK
 */
public record TuneAnswer(TuneRecord record, List<JdkAnswer> jdks, Map<String, Judgement> across, Column objective) {
    /**
     * One JDK's answer.
     *
     * @param breaks per point that breaks a constraint, the constraint
     * @param points the frontier table's rows, every point with forks, best objective first
     * @param notRun per point none of whose forks ran ok, its status and the first fork's reason ("unsupported: …")
     */
    public record JdkAnswer(TuneRecord.JdkRace race, Standings standings, Map<String, String> breaks, List<PointFigures> points,
                            int trials, Map<String, String> notRun) {
    }

    /**
     * A point's centres: the objective, the JVM's peak RSS and the achieved rate (NaN where not measured), and whether
     * no other point is at least as good on both the objective and the footprint and better on one.
     */
    public record PointFigures(String label, String row, double objective, double footprint, double throughput, int forks,
                               boolean onFrontier) {
    }

    /** What the race knows of one JDK after a round: the objective's column and the standings. */
    public record Evaluation(Column objective, Standings standings, Map<String, String> breaks) {
    }

    /** The answer of {@code results}' tuning run, or null when it is not one. */
    public static TuneAnswer of(Results results) {
        TuneRecord rec = TuneRecord.of(results);
        if (rec == null) {
            return null;
        }
        List<JdkAnswer> out = new ArrayList<>();
        Column objective = null;
        for (TuneRecord.JdkRace race : rec.jdks()) {
            List<Trial> trials = trialsOf(race, results.trials());
            Evaluation e = evaluate(rec, race, trials);
            if (e == null) {
                out.add(new JdkAnswer(race, null, Map.of(), List.of(), trials.size(), notRun(race, trials)));
                continue;
            }
            objective = objective == null ? e.objective() : objective;
            out.add(new JdkAnswer(race, e.standings(), e.breaks(), figures(race, trials, e), trials.size(), notRun(race, trials)));
        }
        return new TuneAnswer(rec, out, objective == null ? Map.of() : across(out, objective, results.trials(), rec.threshold()),
                objective);
    }

    /** The objective as the report names it ("hold latency"), or its id when no point measured it. */
    public String objectiveName() {
        return objective == null ? record.objective() : org.jvmmark.report.Words.figure(objective);
    }

    /** The trials of a race's rows. */
    public static List<Trial> trialsOf(TuneRecord.JdkRace race, List<Trial> all) {
        Set<String> rows = new LinkedHashSet<>();
        race.points().forEach(p -> rows.add(p.row()));
        return all.stream().filter(t -> rows.contains(rowOf(t.id()))).toList();
    }

    /**
     * Where one JDK's points stand on the objective, with the constraints applied: what the race decides on after each
     * round and the answer reports. Null when no trial measured the objective yet.
     */
    public static Evaluation evaluate(TuneRecord rec, TuneRecord.JdkRace race, List<Trial> trials) {
        Column objective = TuneFigure.parse(rec.objective()).column(trials);
        if (objective == null) {
            return null;
        }
        Map<String, String> breaks = new LinkedHashMap<>();
        for (String spec : rec.constraints()) {
            Constraint c = Constraint.parse(spec);
            Column col = c.figure().column(trials);
            if (col == null) {
                continue;
            }
            Map<String, Double> centres = centres(race, trials, col);
            centres.forEach((row, v) -> {
                if (!Double.isNaN(v) && !c.keeps(v)) {
                    breaks.putIfAbsent(row, spec);
                }
            });
        }
        Standings s = Standings.of(objective.id(), objective.unit(), objective.higherIsBetter(), rows(race, trials, objective),
                race.defaultRow(), breaks.keySet(), rec.threshold());
        return new Evaluation(objective, s, breaks);
    }

    private static Map<String, String> notRun(TuneRecord.JdkRace race, List<Trial> trials) {
        Map<String, String> out = new LinkedHashMap<>();
        for (TuneRecord.PointRow p : race.points()) {
            List<Trial> mine = trials.stream().filter(t -> rowOf(t.id()).equals(p.row())).toList();
            if (!mine.isEmpty() && mine.stream().noneMatch(Trial::ok)) {
                Trial t = mine.get(0);
                String error = t.outcome().error();
                out.put(p.row(), t.outcome().trialStatus().json() + (error == null || error.isBlank() ? "" : ": " + error));
            }
        }
        return out;
    }

    /** Each point's forks of a figure, failed forks counted; a disturbed fork is not evidence. */
    static List<RowForks> rows(TuneRecord.JdkRace race, List<Trial> trials, Column col) {
        List<RowForks> out = new ArrayList<>();
        for (TuneRecord.PointRow p : race.points()) {
            List<Double> v = new ArrayList<>();
            int failed = 0;
            for (Trial t : trials) {
                if (!rowOf(t.id()).equals(p.row())) {
                    continue;
                }
                if (t.outcome().trialStatus().failure()) {
                    failed++;
                } else if (t.ok() && !t.disturbed()) {
                    Double x = TuneFigure.value(t, col);
                    if (x != null) {
                        v.add(x);
                    }
                }
            }
            out.add(new RowForks(p.row(), v.stream().mapToDouble(Double::doubleValue).toArray(), failed, 0));
        }
        return out;
    }

    private static Map<String, Double> centres(TuneRecord.JdkRace race, List<Trial> trials, Column col) {
        List<RowForks> measured = rows(race, trials, col).stream().filter(r -> r.n() > 0).toList();
        Map<String, Double> out = new LinkedHashMap<>();
        race.points().forEach(p -> out.put(p.row(), Double.NaN));
        if (!measured.isEmpty()) {
            out.putAll(Judge.centres(new Evidence(col.id(), col.unit(), col.higherIsBetter(), measured)));
        }
        return out;
    }

    private static List<PointFigures> figures(TuneRecord.JdkRace race, List<Trial> trials, Evaluation e) {
        Map<String, Double> rss = centres(race, trials, new Column(Column.Kind.METRIC, null, Column.PEAK_RSS,
                Column.PEAK_RSS, "bytes", false, true, true));
        Column rateCol = TuneFigure.parse("rate").column(trials);
        Map<String, Double> rate = rateCol == null ? Map.of() : centres(race, trials, rateCol);
        boolean higher = e.objective().higherIsBetter();
        List<PointFigures> pts = new ArrayList<>();
        Map<String, Integer> forks = new LinkedHashMap<>();
        rows(race, trials, e.objective()).forEach(r -> forks.put(r.id(), r.n()));
        for (TuneRecord.PointRow p : race.points()) {
            double obj = e.standings().centres().getOrDefault(p.row(), Double.NaN);
            if (Double.isNaN(obj) || e.standings().states().get(p.row()) == Standings.State.FAILED) {
                continue;
            }
            pts.add(new PointFigures(p.label(), p.row(), obj, rss.getOrDefault(p.row(), Double.NaN),
                    rate.getOrDefault(p.row(), Double.NaN), forks.get(p.row()), false));
        }
        List<PointFigures> marked = new ArrayList<>();
        for (PointFigures a : pts) {
            boolean dominated = pts.stream().anyMatch(b -> b != a && !Double.isNaN(a.footprint()) && !Double.isNaN(b.footprint())
                    && (higher ? b.objective() >= a.objective() : b.objective() <= a.objective()) && b.footprint() <= a.footprint()
                    && (b.objective() != a.objective() || b.footprint() != a.footprint()));
            marked.add(new PointFigures(a.label(), a.row(), a.objective(), a.footprint(), a.throughput(), a.forks(),
                    !dominated && !Double.isNaN(a.footprint())));
        }
        marked.sort((x, y) -> higher ? Double.compare(y.objective(), x.objective()) : Double.compare(x.objective(), y.objective()));
        return marked;
    }

    /** Each JDK's best against the best of them, in one family. */
    private static Map<String, Judgement> across(List<JdkAnswer> jdks, Column objective, List<Trial> all, double threshold) {
        List<JdkAnswer> led = jdks.stream().filter(j -> j.standings() != null && j.standings().leader() != null).toList();
        if (led.size() < 2) {
            return Map.of();
        }
        List<RowForks> rows = new ArrayList<>();
        for (JdkAnswer j : led) {
            List<Trial> trials = trialsOf(j.race(), all);
            rows(j.race(), trials, objective).stream().filter(r -> r.id().equals(j.standings().leader())).forEach(rows::add);
        }
        Evidence ev = new Evidence(objective.id(), objective.unit(), objective.higherIsBetter(), rows);
        Map<String, Double> c = Judge.centres(ev);
        String best = null;
        for (RowForks r : rows) {
            if (best == null || (objective.higherIsBetter() ? c.get(r.id()) > c.get(best) : c.get(r.id()) < c.get(best))) {
                best = r.id();
            }
        }
        List<Contrast> family = new ArrayList<>();
        for (RowForks r : rows) {
            if (!r.id().equals(best)) {
                family.add(new Contrast(ev, r.id(), best));
            }
        }
        List<Judgement> judged = Judge.judge(family, threshold);
        Map<String, Judgement> out = new LinkedHashMap<>();
        out.put(best, null);
        for (int i = 0; i < family.size(); i++) {
            out.put(family.get(i).candidate(), judged.get(i));
        }
        return out;
    }

    /** The answer's lines, as the console, report.md and report.html print them. */
    public List<String> lines() {
        return TuneWords.lines(this);
    }

    /** {@code workload/jdk/variant/forkN} → {@code workload/jdk/variant}. */
    public static String rowOf(String trialId) {
        int slash = trialId.lastIndexOf('/');
        return slash > 0 && trialId.startsWith("fork", slash + 1) ? trialId.substring(0, slash) : trialId;
    }
}
