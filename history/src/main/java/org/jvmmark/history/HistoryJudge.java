package org.jvmmark.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.PercentileTrust;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;

/**
 * {@code history check}'s judgement: for every series, is the newest level worse than the baseline by more than the
 * threshold — and since which run? Every answer comes from the one {@link Judge}, as {@code compare}'s do: better or
 * worse, no difference (the whole interval within ±threshold), or cannot tell, with what would tell.
 *
 * <p><b>Runs, not forks, are the replicates across time.</b> The forks of one run share that night's machine (its
 * load, its updates, its temperature, the run's build), so forks of different runs are not independent replicates:
 * pooling them as if they were makes every run-to-run wobble a "significant" change. The model on log values is
 * y<sub>rj</sub> = μ<sub>level(r)</sub> + b<sub>r</sub> + ε<sub>rj</sub>, a run effect b<sub>r</sub> (variance τ²)
 * under the forks' noise ε (variance σ²), and the judgement is made in two stages:
 * <ol>
 *   <li><b>The machine, from the whole series.</b> Every run since the baseline is a row of one {@link Evidence},
 *       its forks its values. {@link Judge#centres} fits the machine's launch levels over all of them (a run whose
 *       forks sit on both levels shows the gap; every run's centre is then its geometric mean as if every fork had
 *       sat on the lower level), so one run's unlucky draw of levels is not a change. Each run is a batch of its own
 *       ({@link RowForks#batch()}): the machine's share of launches on the upper level moves between runs, so the
 *       levels are taken as the machine's when at least two runs show both, whatever their shares.</li>
 *   <li><b>The runs, judged.</b> {@link EDivisive} (Apache Otava's change points) splits those run centres into
 *       levels. A second {@link Evidence} has one row per level whose values are its runs' centres, and the Judge
 *       contrasts the newest level with the baseline level (the first, from the run accepted with {@code history
 *       accept}, else the first run). A run centre's variance is τ² + σ²/n, so the spread of run centres within
 *       levels — which the Judge pools over every level of the series, judging a level whose runs spread more on its
 *       own — is exactly the noise a difference between levels is judged against, with its own degrees of freedom;
 *       no estimate of σ alone can understate it. Where E-Divisive finds no change since the baseline, the newest
 *       {@value #NEWEST_RUNS} runs (at least {@value #MIN_RUNS}) are the newest level and the runs before them the
 *       baseline: a step at the newest run shows at a fraction of its size until the next runs confirm it, and the
 *       equivalence interval then says "cannot tell" rather than "no difference" when the step could pass the
 *       threshold.</li>
 * </ol>
 * The Judge asks {@value #MIN_RUNS} values a side, so here <b>{@value #MIN_RUNS} runs a side</b>: a baseline of at
 * least {@value #MIN_RUNS} runs, a newest level of at least {@value #MIN_RUNS}; with fewer (one run: no baseline at
 * all) the answer is cannot tell with the runs that would tell. A level of two runs after a change is "cannot tell,
 * one more run would tell", never an alarm the next run takes back.
 *
 * <p><b>Failures are evidence.</b> Forks that failed or timed out are stored and counted per run ({@link
 * HistoryStore#pointsWithFailures}): the newest run's share of failed forks against the baseline runs', by the judge's
 * one failure rule ({@link Judge#failures}: worse beyond chance, whatever the baseline also lost; cannot tell when the
 * rise could be chance), whether or not its other forks measured.
 *
 * <p><b>One family per call.</b> Calls (better, worse) come from one {@link Judge#judge(List, double)} over every
 * judged series of the check: Bonferroni's simultaneous intervals, so the chance that any call of the check is false
 * is at most {@value Judge#ALPHA} (which bounds the false-discovery rate too; Benjamini–Hochberg would call a little
 * more). "No difference" comes from each series' own interval at 1 − {@value Judge#ALPHA}: exit 0 claims every
 * series is within the threshold at once, and by the intersection–union principle (Berger 1982) a conjunction of
 * claims each at level α is itself at level α, with no correction for the number of series — so a call's interval
 * is the family's (99.9 % over 50 series) and a "no difference" interval the series' own (95 %). A series whose own
 * interval excludes no change but whose family interval does not is cannot tell.
 *
 * <p>Only figures the report trusts here are judged: p50, p90 and the workloads' metrics; p99 and deeper (never {@code
 * max}) only where every run since the baseline trusts them by the report's rule, which {@link ComparableRuns} reads
 * from the runs' own files (on a 2-core machine they record the scheduler). With those files, runs that are not the
 * same measurement as the baseline's (another host class, direction or correction) are cannot tell, the reason named. Stateless apart from its settings; thread-safe.
 */
public final class HistoryJudge {
    /** Fewest runs a side: the Judge's fewest values a side, runs being the replicates here. */
    public static final int MIN_RUNS = Judge.MIN_FORKS;
    /** Where no change point splits the series since its baseline, how many newest runs are its newest level. */
    public static final int NEWEST_RUNS = 5;

    private final EDivisive detector;
    private final double threshold;

    /**
     * @param detector splits a series' run centres into levels
     * @param threshold the practical threshold, as a fraction (0.05 = 5 %)
     */
    public HistoryJudge(EDivisive detector, double threshold) {
        Judge.checkThreshold(threshold);
        this.detector = detector;
        this.threshold = threshold;
    }

    /** The practical threshold, as a fraction (0.05 = 5 %): smaller changes never count. */
    public double threshold() {
        return threshold;
    }

    /** What a verdict's newest level is, or why there is none. */
    public enum Scope {
        /** Not judged: a figure not trusted on this machine (p99 and deeper, max). */
        NOT_TRUSTED,
        /** Not judged: no run since the accepted baseline. */
        NO_RUNS,
        /** No change point since the baseline: the newest runs against the runs before them. */
        NEWEST_RUNS,
        /** A change point since the baseline: the newest level against the baseline level. */
        NEWEST_LEVEL
    }

    /**
     * One series' verdict.
     *
     * @param judgement the Judge's answer (effect: newest level ÷ baseline; values are runs, so its fork counts and
     *     forks to tell are runs here), or null when not judged
     * @param baselineFrom the baseline's first run, or null
     * @param baselineRuns the baseline's measured runs
     * @param candidateFrom the newest level's first run, or null
     * @param candidateRuns the newest level's measured runs
     * @param since where the change began: for a call, the first of the consecutive levels ending with the newest that
     *     are past the threshold the same way; else the newest level's first run (null without one)
     * @param newestFailed forks of the newest run that failed or timed out
     * @param runs the runs since the baseline, failed or not
     * @param gating whether the series decides {@code history check}'s exit status (a headline figure of its workload,
     *     or every series with {@code --gate all})
     * @param notComparable why the runs contrasted are not the same measurement ({@link ComparableRuns}): the judgement
     *     is then cannot tell; else null
     */
    public record Verdict(HistoryStore.StoredSeries series, Judgement judgement, Scope scope, HistoryStore.Point baselineFrom,
                          int baselineRuns, HistoryStore.Point candidateFrom, int candidateRuns, HistoryStore.Point since,
                          int newestFailed, int runs, boolean gating, String notComparable) {
        public boolean judged() {
            return judgement != null;
        }

        /** The answer, or null when not judged. */
        public Judgement.Answer answer() {
            return judgement == null ? null : judgement.answer();
        }

        /**
         * For a judgement with too few runs: the more runs that would tell; 0 when more runs would not (a baseline of
         * too few runs before a change: only {@code history accept} would). -1 for any other judgement.
         */
        public int runsToTell() {
            if (judgement == null || judgement.reason() != Judgement.Reason.TOO_FEW_FORKS) {
                return -1;
            }
            if (scope == Scope.NEWEST_RUNS) {
                return Math.max(1, 2 * MIN_RUNS - baselineRuns - candidateRuns);
            }
            return baselineRuns < MIN_RUNS ? 0 : MIN_RUNS - candidateRuns;
        }
    }

    /**
     * Whether a history figure can be trusted on this machine: a metric, or a percentile below where the scheduler
     * writes the tail ({@link PercentileTrust#SCHEDULER_PERCENTILE}: p50 and p90, never p99+ or max). The history
     * keeps no sample counts or CPUs per point, so this is {@link PercentileTrust}'s rule with the depth the
     * report's columns reach on a machine of two CPUs.
     */
    public static boolean trusted(SeriesKey key) {
        if (key.probe().isEmpty()) {
            return true;
        }
        String f = key.figure();
        try {
            return f.startsWith("p") && Double.parseDouble(f.substring(1)) < PercentileTrust.SCHEDULER_PERCENTILE;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A series made ready for the Judge: its contrast (null when not judged) and what the verdict says around it. */
    private record Prepared(HistoryStore.StoredSeries series, Contrast contrast, Scope scope, HistoryStore.Point baselineFrom,
                            int baselineRuns, HistoryStore.Point candidateFrom, int candidateRuns, List<Segment> segments,
                            int newestFailed, int runs, Judgement failures, double unobservedGap,
                            HistoryStore.Point changeAt, String notComparable) {
    }

    /** A level of a series: consecutive measured runs and their centres. */
    private record Segment(List<HistoryStore.Point> runs, double[] centres) {
        double mean(boolean logs) {
            double s = 0;
            for (double c : centres) {
                s += logs ? Math.log(c) : c;
            }
            return logs ? Math.exp(s / centres.length) : s / centres.length;
        }
    }

    /**
     * Judges every series at its newest run, all in one family.
     *
     * @param points per series id, its runs oldest first, failed forks counted ({@link HistoryStore#pointsWithFailures})
     * @param accepted per series id, the start of its accepted baseline run (absent: from the first run)
     */
    public List<Verdict> judge(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                               Map<Long, String> accepted) {
        return judge(series, points, accepted, s -> true);
    }

    /**
     * As {@link #judge(List, Map, Map)}, the {@code gating} series (each workload's headline figures, as {@code compare}
     * gates) in one family and the rest in another, shown and never deciding the exit status.
     */
    public List<Verdict> judge(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                               Map<Long, String> accepted, java.util.function.Predicate<HistoryStore.StoredSeries> gating) {
        return judge(series, points, accepted, gating, null);
    }

    /**
     * As {@link #judge(List, Map, Map, java.util.function.Predicate)}, each series' runs first checked by {@code facts}
     * (from each run's results.json): the same measurement in the runs contrasted, else cannot tell with the reason; a
     * tail judged where every run since the baseline trusts it (the report's rule), as {@code compare} judges it.
     *
     * @param facts the runs' own records, or null to judge on what the database holds alone
     */
    public List<Verdict> judge(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                               Map<Long, String> accepted, java.util.function.Predicate<HistoryStore.StoredSeries> gating,
                               ComparableRuns facts) {
        List<Prepared> prepared = new ArrayList<>();
        Map<Long, String> missing = missingFromNewestRun(series, points);
        for (HistoryStore.StoredSeries s : series) {
            String from = accepted.get(s.id());
            List<HistoryStore.Point> ps = points.getOrDefault(s.id(), List.of()).stream()
                    .filter(p -> from == null || p.created().compareTo(from) >= 0).toList();
            String gone = gating.test(s) ? missing.get(s.id()) : null;
            prepared.add(gone == null ? prepare(s, ps, facts) : new Prepared(s, null, Scope.NEWEST_RUNS, null, 0, null, 0,
                    List.of(), 0, ps.size(), null, Double.NaN, null, gone));
        }
        Map<Prepared, Judgement> joint = new java.util.IdentityHashMap<>();
        for (boolean g : new boolean[] {true, false}) {
            List<Prepared> part = prepared.stream().filter(p -> p.contrast() != null && p.notComparable() == null
                    && gating.test(p.series()) == g).toList();
            List<Judgement> js = Judge.judge(part.stream().map(Prepared::contrast).toList(), threshold);
            for (int i = 0; i < part.size(); i++) {
                joint.put(part.get(i), js.get(i));
            }
        }
        List<Verdict> out = new ArrayList<>();
        for (Prepared p : prepared) {
            boolean g = gating.test(p.series());
            if (p.notComparable() != null) {
                out.add(new Verdict(p.series(), Judge.notComparable(p.series().higherIsBetter(), threshold), p.scope(),
                        p.baselineFrom(), p.baselineRuns(), p.candidateFrom(), p.candidateRuns(), p.changeAt(), p.newestFailed(),
                        p.runs(), g, p.notComparable()));
                continue;
            }
            if (p.contrast() == null) {
                out.add(new Verdict(p.series(), null, p.scope(), null, 0, null, 0, null, p.newestFailed(), p.runs(), g, null));
                continue;
            }
            Judgement inFamily = joint.get(p);
            Judgement alone = Judge.judge(p.contrast(), threshold);
            // A call must stand in the family; "no difference" (and "cannot tell") is the series' own interval.
            Judgement j = inFamily.called() || alone.called() ? inFamily : alone;
            if (!Double.isNaN(p.unobservedGap())) {
                j = Judge.levelsNotObserved(j, p.unobservedGap()); // the judge's DESIGN.md §3
            }
            Judgement failures = p.failures();
            if (failures != null && (failures.answer() == Judgement.Answer.WORSE || j.answer() != Judgement.Answer.WORSE)) {
                j = failures;
            }
            out.add(new Verdict(p.series(), j, p.scope(), p.baselineFrom(), p.baselineRuns(), p.candidateFrom(), p.candidateRuns(),
                    since(p, j), p.newestFailed(), p.runs(), g, null));
        }
        return out;
    }

    /**
     * The series whose row the newest run of its workload and parameters (on its machine) lacks, though one of the
     * {@value #NEWEST_RUNS} runs before had it: renamed, dropped or not recorded — a row {@code compare} would call
     * "cannot tell" (a row of A that B lacks), never judged here on its older runs as if it were the newest. After
     * {@value #NEWEST_RUNS} runs without it the row counts as retired and is judged on its own runs again.
     */
    private static Map<Long, String> missingFromNewestRun(List<HistoryStore.StoredSeries> series,
                                                          Map<Long, List<HistoryStore.Point>> points) {
        Map<String, java.util.TreeSet<String>> runsOf = new java.util.HashMap<>();
        for (HistoryStore.StoredSeries s : series) {
            SeriesKey k = s.key();
            java.util.TreeSet<String> runs = runsOf.computeIfAbsent(k.machine() + "|" + k.workload() + "|" + k.params(),
                    x -> new java.util.TreeSet<>());
            points.getOrDefault(s.id(), List.of()).forEach(p -> runs.add(p.created()));
        }
        Map<Long, String> out = new java.util.HashMap<>();
        for (HistoryStore.StoredSeries s : series) {
            SeriesKey k = s.key();
            List<String> runs = new ArrayList<>(runsOf.get(k.machine() + "|" + k.workload() + "|" + k.params()).descendingSet());
            List<HistoryStore.Point> ps = points.getOrDefault(s.id(), List.of());
            if (ps.isEmpty() || runs.isEmpty() || ps.get(ps.size() - 1).created().equals(runs.get(0))) {
                continue;
            }
            java.util.Set<String> recent = new java.util.HashSet<>(runs.subList(1, Math.min(runs.size(), NEWEST_RUNS + 1)));
            if (ps.stream().anyMatch(p -> recent.contains(p.created()))) {
                out.put(s.id(), "not the same rows: the newest run of " + k.workload() + " (" + runs.get(0) + ") has no "
                        + k.readableName() + " for this JVM and variant (renamed, dropped or not recorded)");
            }
        }
        return out;
    }

    /**
     * The newest run's failed forks against the baseline's (the judge's DESIGN.md §6): worse when its share of failed
     * forks rose beyond chance, however many the baseline also lost; null when they say nothing against it.
     */
    private Judgement failures(List<Segment> segments, HistoryStore.Point newest) {
        List<HistoryStore.Point> base = segments.get(0).runs();
        int failedBase = base.stream().mapToInt(HistoryStore.Point::failed).sum();
        int launchedBase = base.stream().mapToInt(x -> x.failed() + x.forkValues().length).sum();
        return Judge.failures(newest.failed(), newest.failed() + newest.forkValues().length, failedBase, launchedBase,
                threshold);
    }

    /** One series' judgement alone (a family of one): for a test's eye. */
    Verdict judge(HistoryStore.StoredSeries s, List<HistoryStore.Point> ps) {
        return judge(List.of(s), Map.of(s.id(), ps), Map.of()).get(0);
    }

    private Prepared prepare(HistoryStore.StoredSeries s, List<HistoryStore.Point> ps, ComparableRuns facts) {
        if (!trusted(s.key()) && (facts == null || !facts.tailTrusted(s, ps))) {
            return new Prepared(s, null, Scope.NOT_TRUSTED, null, 0, null, 0, List.of(), 0, ps.size(), null, Double.NaN, null, null);
        }
        if (ps.isEmpty()) {
            return new Prepared(s, null, Scope.NO_RUNS, null, 0, null, 0, List.of(), 0, 0, null, Double.NaN, null, null);
        }
        int newestFailed = ps.get(ps.size() - 1).failed();
        if (facts != null) {
            ComparableRuns.Normalised n = facts.normalise(s, ps);
            if (n.why() != null) {
                return new Prepared(s, null, Scope.NEWEST_RUNS, null, 0, null, 0, List.of(), newestFailed, ps.size(), null,
                        Double.NaN, null, "not the same measurement: " + n.why());
            }
            ps = n.points();
        }
        List<HistoryStore.Point> measured = ps.stream().filter(HistoryStore.Point::measured).toList();
        // Stage 1: every run a row of one evidence; the machine's levels from all of them.
        List<RowForks> runRows = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            // Each run its own batch: the machine's share of launches on its upper level moves from run to run (identical
            // runs minutes apart put 1 of 8 and 7 of 8 forks there), so runs are not asked to share one chance.
            HistoryStore.Point p = measured.get(i);
            runRows.add(new RowForks(runName(p), p.forkValues(), p.failed(), i));
        }
        Evidence runs = new Evidence(s.key().figureName(), s.unit(), s.higherIsBetter(), runRows);
        Map<String, Double> centreOf = Judge.centres(runs);
        double[] centres = measured.stream().mapToDouble(p -> centreOf.get(runName(p))).toArray();
        List<Segment> segments = new ArrayList<>();
        List<Integer> cuts = new ArrayList<>();
        cuts.add(0);
        if (centres.length >= 2) {
            detector.changePoints(centres).stream().map(ChangePoint::index).sorted().forEach(cuts::add);
        }
        cuts.add(centres.length);
        for (int i = 0; i + 1 < cuts.size(); i++) {
            int a = cuts.get(i);
            int b = cuts.get(i + 1);
            if (b > a) {
                segments.add(new Segment(measured.subList(a, b), java.util.Arrays.copyOfRange(centres, a, b)));
            }
        }
        Scope scope = Scope.NEWEST_LEVEL;
        if (segments.size() <= 1) {
            // No change since the baseline: the newest runs against the ones before them.
            scope = Scope.NEWEST_RUNS;
            int r = centres.length;
            int newest = r >= 2 * MIN_RUNS ? Math.max(MIN_RUNS, Math.min(NEWEST_RUNS, r - MIN_RUNS)) : r / 2;
            segments = new ArrayList<>();
            segments.add(new Segment(measured.subList(0, r - newest), java.util.Arrays.copyOfRange(centres, 0, r - newest)));
            segments.add(new Segment(measured.subList(r - newest, r), java.util.Arrays.copyOfRange(centres, r - newest, r)));
        }
        HistoryStore.Point changeAt = null;
        if (scope == Scope.NEWEST_LEVEL) {
            changeAt = segments.get(segments.size() - 1).runs().get(0);
            segments = confirmed(segments, centres);
        }
        segments = fixedBaseline(segments);
        // Stage 2: one row per level, its runs' centres its values.
        List<RowForks> levelRows = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            Segment g = segments.get(i);
            boolean newestLevel = i == segments.size() - 1;
            // Failures are judged once per series, fork against fork (failures(…)), not as values of a level.
            levelRows.add(new RowForks(levelName(i, segments.size()), g.centres(), 0, 0));
        }
        Evidence e = new Evidence(s.key().figureName(), s.unit(), s.higherIsBetter(), levelRows);
        Contrast c = new Contrast(e, levelName(segments.size() - 1, segments.size()), levelName(0, segments.size()));
        Segment base = segments.get(0);
        Segment last = segments.get(segments.size() - 1);
        return new Prepared(s, c, scope, first(base.runs(), ps), base.runs().size(), first(last.runs(), ps.subList(ps.size() - 1,
                ps.size())), last.runs().size(), segments, newestFailed, ps.size(), failures(segments, ps.get(ps.size() - 1)),
                Judge.unobservedLevelGap(runs), changeAt, facts == null ? null : facts.why(s, base.runs(), last.runs()));
    }

    /**
     * The newest change point confirmed on runs apart from those that found it (issue 48): E-Divisive places a point
     * where the split's two sides differ most, so the runs it saw on either side look more different than the change
     * is, and a test on them is a test on the data that chose it. The runs up to the first prefix of the series in
     * which the detector already finds the change found it; only the runs after that prefix confirm it. They are the
     * newest level the Judge contrasts with the baseline; the runs that found the change are a level of their own (they
     * still say where it began). Until {@value #MIN_RUNS} runs after the finding have come, the answer is cannot tell
     * with the runs that would tell — a step is called on the third run after the one that showed it, never on the
     * runs that showed it.
     */
    private List<Segment> confirmed(List<Segment> segments, double[] centres) {
        Segment last = segments.get(segments.size() - 1);
        int n = centres.length;
        int k = n - last.runs().size();
        int before = n - last.runs().size() - segments.get(segments.size() - 2).runs().size();
        int found = n;
        for (int m = k + 1; m < n; m++) {
            double[] prefix = java.util.Arrays.copyOf(centres, m);
            if (detector.changePoints(prefix).stream().anyMatch(c -> c.index() > before)) {
                found = m;
                break;
            }
        }
        List<Segment> out = new ArrayList<>(segments.subList(0, segments.size() - 1));
        List<HistoryStore.Point> runs = last.runs();
        out.add(new Segment(runs.subList(0, found - k), java.util.Arrays.copyOfRange(last.centres(), 0, found - k)));
        out.add(new Segment(runs.subList(found - k, runs.size()), java.util.Arrays.copyOfRange(last.centres(), found - k,
                runs.size())));
        return out;
    }

    /**
     * The baseline is the accepted baseline's first runs — at most {@value #NEWEST_RUNS} of the first level, never
     * fewer than it has — and the rest of the first level a level of its own (its runs still count in the spread). The
     * newest level is judged against those first runs, not against every run before it: a slow drift, a fraction of a
     * percent a night with no step, or steps each under the threshold (which no change point keeps), add up in this
     * contrast past the threshold, where against all earlier runs (or the level just before) they hide in their own
     * baseline (issue 48).
     *
     * <p>Why a fixed window and not a trend test or cumulative sums: the gate's question is whether the newest level is
     * worse than the accepted one by more than the threshold, whatever the path. A trend test answers whether there is
     * any slope — it fires on a slope that has not yet added up to the threshold, and its straight line misfits a drift
     * that stops or steps — and a CUSUM answers when a mean moved, with a tuning (k, h) that trades the two error rates
     * outside the one judge's interval rule. The window contrast is judged by the same rule, interval and family as
     * every other gate, so its error rates are the ones DESIGN.md §8 publishes.
     */
    private static List<Segment> fixedBaseline(List<Segment> segments) {
        Segment first = segments.get(0);
        int k = Math.max(Math.min(NEWEST_RUNS, first.runs().size()), Math.min(MIN_RUNS, first.runs().size()));
        if (segments.size() < 2 || k >= first.runs().size()) {
            return newestRuns(segments);
        }
        List<Segment> out = new ArrayList<>();
        out.add(new Segment(first.runs().subList(0, k), java.util.Arrays.copyOfRange(first.centres(), 0, k)));
        out.add(new Segment(first.runs().subList(k, first.runs().size()),
                java.util.Arrays.copyOfRange(first.centres(), k, first.centres().length)));
        out.addAll(segments.subList(1, segments.size()));
        return newestRuns(out);
    }

    /**
     * The newest level's newest {@value #NEWEST_RUNS} runs as the newest level, the rest of it a level of its own: under
     * a drift a long newest level averages over its own past.
     */
    private static List<Segment> newestRuns(List<Segment> segments) {
        Segment last = segments.get(segments.size() - 1);
        int n = last.runs().size();
        if (segments.size() < 2 || n <= NEWEST_RUNS) {
            return segments;
        }
        List<Segment> out = new ArrayList<>(segments.subList(0, segments.size() - 1));
        out.add(new Segment(last.runs().subList(0, n - NEWEST_RUNS), java.util.Arrays.copyOfRange(last.centres(), 0, n - NEWEST_RUNS)));
        out.add(new Segment(last.runs().subList(n - NEWEST_RUNS, n), java.util.Arrays.copyOfRange(last.centres(), n - NEWEST_RUNS, n)));
        return out;
    }

    private static HistoryStore.Point first(List<HistoryStore.Point> runs, List<HistoryStore.Point> otherwise) {
        return !runs.isEmpty() ? runs.get(0) : otherwise.isEmpty() ? null : otherwise.get(0);
    }

    private static String runName(HistoryStore.Point p) {
        return "run " + p.runId();
    }

    private static String levelName(int i, int n) {
        return i == 0 ? "baseline" : i == n - 1 ? "newest" : "level " + i;
    }

    /**
     * Where the change began: for a call after a change point, the first of the consecutive levels, ending with the
     * newest, whose mean is past the threshold from the baseline's in the direction of the call (a drift in two
     * steps began at the first); otherwise the newest level's first run.
     */
    private HistoryStore.Point since(Prepared p, Judgement j) {
        List<Segment> segments = p.segments();
        HistoryStore.Point found = p.changeAt() != null ? p.changeAt() : p.candidateFrom();
        if (p.scope() != Scope.NEWEST_LEVEL || !j.called() || segments.size() < 2) {
            return found;
        }
        boolean logs = segments.stream().allMatch(g -> java.util.Arrays.stream(g.centres()).allMatch(x -> x > 0));
        double base = segments.get(0).mean(logs);
        boolean worse = j.answer() == Judgement.Answer.WORSE;
        HistoryStore.Point since = found;
        for (int i = segments.size() - 1; i >= 1; i--) {
            double r = segments.get(i).mean(logs) / base;
            boolean rWorse = p.series().higherIsBetter() ? r < 1 : r > 1;
            if (rWorse != worse || Math.abs(r - 1) <= threshold) {
                break;
            }
            HistoryStore.Point start = segments.get(i).runs().get(0);
            since = start.created().compareTo(since.created()) < 0 ? start : since;
        }
        return since;
    }
}
