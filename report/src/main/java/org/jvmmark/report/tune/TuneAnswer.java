package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;

/**
 * The answer of a tuning run: per JDK its {@link Confirmation} (the pick and its gain over the default, and over the
 * user's baseline, judged on the fresh forks of the race's confirmation round alone), the constraints each point breaks,
 * and the frontier of objective against footprint; then the JDKs' picks judged against each other on their
 * confirmation forks. Every fork's batch is its round ({@link TuneRecord.JdkRace#roundOf}): each round is a run of its
 * own to the judge. Built once per report ({@link org.jvmmark.report.model.ReportModel} carries it), so every rendering says
 * the same judgements; {@link TuneWords} says it. Immutable.
 *
 * @param across the JDKs' picks against the best of them (candidate = a JDK's pick), empty with one JDK
 */
public record TuneAnswer(TuneRecord record, List<JdkAnswer> jdks, Map<String, Judgement> across, Column objective) {
    /**
     * The failed forks that take a point out of the race: one failure of a point that measures well elsewhere may be the
     * host's hiccup, two are the point's (the race and the report count alike).
     */
    public static final int FAILURES_OUT = 2;

    /**
     * One JDK's answer.
     *
     * @param confirmation the confirmed answer, by row ids; null while the race has not ended with its confirmation round
     * @param leader the best point so far by its centre over all forks (the pick once confirmed), or null
     * @param breaks per point that breaks a constraint, the constraint
     * @param points the frontier table's rows, every point with forks, best objective first
     * @param notRun per point none of whose forks ran ok, its status and the first fork's reason ("unsupported: …")
     * @param why the pick's GC log figures against the default's on the confirmation forks ({@link TuneWhy}), or null
     */
    public record JdkAnswer(TuneRecord.JdkRace race, Confirmation confirmation, String leader, Map<String, String> breaks,
                            List<PointFigures> points, int trials, Map<String, String> notRun, String why) {
    }

    /**
     * A point's centres: the objective over all its forks as the race ranked it, the JVM's peak RSS and the achieved rate
     * (NaN where not measured), and whether no other point with enough forks is at least as good on both the objective
     * and the footprint and better on one (only points with {@value Judge#MIN_FORKS} forks or more are on the frontier);
     * and the objective's centre on the final stage's forks alone, which the answer judges ({@code stage}, NaN and
     * {@code stageForks} 0 for a point not in the stage): the two orders can differ, and a reader who sees only the first
     * would take the answer for a contradiction.
     */
    public record PointFigures(String label, String row, double objective, double footprint, double throughput, int forks,
                               boolean onFrontier, double stage, int stageForks) {
        /** Whether the point has the forks a verdict needs ({@value Judge#MIN_FORKS}), and so may be on the frontier. */
        public boolean enoughForks() {
            return forks >= Judge.MIN_FORKS;
        }
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
            Column col = TuneFigure.parse(rec.objective()).column(trials);
            if (col == null) {
                out.add(new JdkAnswer(race, null, null, Map.of(), List.of(), trials.size(), notRun(race, trials), null));
                continue;
            }
            objective = objective == null ? col : objective;
            List<RowForks> rows = rows(race, trials, col, r -> true);
            Map<String, Double> centres = RoundCentres.of(rows, col.higherIsBetter()); // as the race ranked them
            Map<String, String> breaks = breaks(rec, race, trials);
            Confirmation confirmed = confirmation(race, trials, col, centres, rec.threshold());
            String leader = confirmed != null ? confirmed.pick() : leader(race, rows, centres, breaks, col.higherIsBetter());
            out.add(new JdkAnswer(race, confirmed, leader, breaks, figures(race, trials, col, centres, rows), trials.size(),
                    notRun(race, trials), TuneWhy.line(race, confirmed, trials)));
        }
        return new TuneAnswer(rec, out, objective == null ? Map.of() : across(out, objective, results.trials(), rec.threshold()),
                objective);
    }

    /** The confirmed answer of a race that ended with its confirmation round; else null. */
    private static Confirmation confirmation(TuneRecord.JdkRace race, List<Trial> trials, Column col, Map<String, Double> centres,
                                             double threshold) {
        TuneRecord.Round last = race.last();
        if (last == null || !last.confirmation() || race.stopped().isEmpty()) {
            return null;
        }
        Set<String> confirmed = new LinkedHashSet<>();
        last.points().forEach(l -> confirmed.add(race.rowOf(l)));
        List<RowForks> forks = rows(race, trials, col, race::confirming).stream().filter(r -> confirmed.contains(r.id())).toList();
        Evidence e = new Evidence(col.id(), col.unit(), col.higherIsBetter(), forks);
        return Confirmation.of(e, centres, race.defaultRow(), race.baselineRow().isEmpty() ? null : race.baselineRow(), threshold);
    }

    /** The best centre among the points still in contention (no failure, no broken constraint, not dropped); or null. */
    private static String leader(TuneRecord.JdkRace race, List<RowForks> rows, Map<String, Double> centres,
                                 Map<String, String> breaks, boolean higher) {
        String best = null;
        for (RowForks r : rows) {
            String label = race.labelOf(r.id());
            boolean out = r.failed() >= FAILURES_OUT || breaks.containsKey(r.id()) || race.dropped().contains(label)
                    || race.excluded().contains(label) || !centres.containsKey(r.id());
            if (!out && (best == null || (higher ? centres.get(r.id()) > centres.get(best) : centres.get(r.id()) < centres.get(best)))) {
                best = r.id();
            }
        }
        return best;
    }

    /** Per point that breaks a constraint (its forks' centre past the bound), the first it breaks. */
    public static Map<String, String> breaks(TuneRecord rec, TuneRecord.JdkRace race, List<Trial> trials) {
        return breaks(rec, race, trials, 1);
    }

    /**
     * As {@link #breaks(TuneRecord, TuneRecord.JdkRace, List)}, only over points with at least {@code minForks} forks
     * that measured the constraint's figure: the race takes a point out for good only on {@link Judge#MIN_FORKS}, not on
     * the centre of the 2 forks of one round, which its noise moves by several percent.
     */
    public static Map<String, String> breaks(TuneRecord rec, TuneRecord.JdkRace race, List<Trial> trials, int minForks) {
        Map<String, String> breaks = new LinkedHashMap<>();
        for (String spec : rec.constraints()) {
            Constraint c = Constraint.parse(spec);
            Column col = c.figure().column(trials);
            if (col == null) {
                continue;
            }
            List<RowForks> enough = rows(race, trials, col, r -> true).stream().filter(r -> r.n() >= minForks).toList();
            centres(enough, col).forEach((row, v) -> {
                if (!c.keeps(v)) {
                    breaks.putIfAbsent(row, spec);
                }
            });
        }
        return breaks;
    }

    /** The objective as the report names it ("hold latency"), or its id when no point measured it. */
    public String objectiveName() {
        return objective == null ? record.objective() : Words.figure(objective);
    }

    /** The trials of a race's rows. */
    public static List<Trial> trialsOf(TuneRecord.JdkRace race, List<Trial> all) {
        Set<String> rows = new LinkedHashSet<>();
        race.points().forEach(p -> rows.add(p.row()));
        return all.stream().filter(t -> rows.contains(rowOf(t.id()))).toList();
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

    /**
     * Each point's forks of a figure whose round passes {@code rounds}, failed forks counted; a disturbed fork is not
     * evidence. A fork's batch is its round, its machine reading the probe's.
     */
    public static List<RowForks> rows(TuneRecord.JdkRace race, List<Trial> trials, Column col, IntPredicate rounds) {
        List<RowForks> out = new ArrayList<>();
        for (TuneRecord.PointRow p : race.points()) {
            List<Double> v = new ArrayList<>();
            List<Integer> batch = new ArrayList<>();
            List<Double> machine = new ArrayList<>();
            List<Boolean> changed = new ArrayList<>();
            int failed = 0;
            for (Trial t : trials) {
                int round = race.roundOf(p.label(), t.identity().fork());
                if (!rowOf(t.id()).equals(p.row()) || !rounds.test(round)) {
                    continue;
                }
                if (t.outcome().trialStatus().failure()) {
                    failed++;
                } else if (evidence(t)) {
                    Double x = TuneFigure.value(t, col);
                    if (x != null) {
                        v.add(x);
                        batch.add(round);
                        machine.add(t.machineRoundTripNs().orElse(Double.NaN));
                        changed.add(t.machineChangedDuring());
                    }
                }
            }
            boolean[] c = new boolean[changed.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = changed.get(i);
            }
            out.add(new RowForks(p.row(), v.stream().mapToDouble(Double::doubleValue).toArray(), failed,
                    batch.stream().mapToInt(Integer::intValue).toArray(), machine.stream().mapToDouble(Double::doubleValue).toArray(), c));
        }
        return out;
    }

    /** Whether a fork is evidence: it ran ok and no other process disturbed it. */
    static boolean evidence(Trial t) {
        return t.ok() && !t.disturbed();
    }

    /** Each measured row's level-adjusted centre over all its forks. */
    private static Map<String, Double> centres(List<RowForks> rows, Column col) {
        List<RowForks> measured = rows.stream().filter(r -> r.n() > 0).toList();
        return measured.isEmpty() ? Map.of()
                : Judge.centres(new Evidence(col.id(), col.unit(), col.higherIsBetter(), measured));
    }

    private static List<PointFigures> figures(TuneRecord.JdkRace race, List<Trial> trials, Column objective,
                                              Map<String, Double> centres, List<RowForks> rows) {
        Column rssCol = new Column(Column.Kind.METRIC, null, Column.PEAK_RSS, Column.PEAK_RSS, "bytes", false, true, true);
        Map<String, Double> rss = centres(rows(race, trials, rssCol, r -> true), rssCol);
        Column rateCol = TuneFigure.parse("rate").column(trials);
        Map<String, Double> rate = rateCol == null ? Map.of() : centres(rows(race, trials, rateCol, r -> true), rateCol);
        boolean higher = objective.higherIsBetter();
        List<RowForks> staged = rows(race, trials, objective, race::confirming).stream().filter(r -> r.n() > 0).toList();
        Map<String, Double> stage = centres(staged, objective);
        List<PointFigures> pts = new ArrayList<>();
        for (RowForks r : rows) {
            if (r.failed() >= FAILURES_OUT || !centres.containsKey(r.id())) {
                continue;
            }
            int inStage = staged.stream().filter(x -> x.id().equals(r.id())).mapToInt(RowForks::n).sum();
            pts.add(new PointFigures(race.labelOf(r.id()), r.id(), centres.get(r.id()), rss.getOrDefault(r.id(), Double.NaN),
                    rate.getOrDefault(r.id(), Double.NaN), r.n(), false, stage.getOrDefault(r.id(), Double.NaN), inStage));
        }
        return frontier(pts, higher);
    }

    /**
     * {@code pts} with their frontier marks, best objective first: on the frontier when no other point with enough forks
     * is at least as good on both the objective and the footprint and better on one. Only points with the forks a verdict
     * needs are on it or push others off it: a point left behind on its 2 forks of one round has a centre the race's own
     * noise moves by several percent.
     */
    static List<PointFigures> frontier(List<PointFigures> pts, boolean higher) {
        List<PointFigures> eligible = pts.stream().filter(PointFigures::enoughForks).toList();
        List<PointFigures> marked = new ArrayList<>();
        for (PointFigures a : pts) {
            boolean dominated = eligible.stream().anyMatch(b -> b != a && !Double.isNaN(a.footprint()) && !Double.isNaN(b.footprint())
                    && (higher ? b.objective() >= a.objective() : b.objective() <= a.objective()) && b.footprint() <= a.footprint()
                    && (b.objective() != a.objective() || b.footprint() != a.footprint()));
            marked.add(new PointFigures(a.label(), a.row(), a.objective(), a.footprint(), a.throughput(), a.forks(),
                    !dominated && a.enoughForks() && !Double.isNaN(a.footprint()), a.stage(), a.stageForks()));
        }
        marked.sort((x, y) -> higher ? Double.compare(y.objective(), x.objective()) : Double.compare(x.objective(), y.objective()));
        return marked;
    }

    /**
     * Each JDK's pick against the best of them, in one family, on the confirmation forks (the JDKs' confirmation rounds
     * run interleaved when the races end together: one batch, the run effect cancels).
     */
    private static Map<String, Judgement> across(List<JdkAnswer> jdks, Column objective, List<Trial> all, double threshold) {
        List<JdkAnswer> led = jdks.stream().filter(j -> j.confirmation() != null).toList();
        if (led.size() < 2) {
            return Map.of();
        }
        List<RowForks> rows = new ArrayList<>();
        for (JdkAnswer j : led) {
            rows(j.race(), trialsOf(j.race(), all), objective, j.race()::confirming).stream()
                    .filter(r -> r.id().equals(j.confirmation().pick()) && r.n() > 0).forEach(rows::add);
        }
        if (rows.size() < 2) {
            return Map.of();
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
