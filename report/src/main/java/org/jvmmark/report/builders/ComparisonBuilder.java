package org.jvmmark.report.builders;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jvmmark.api.PercentileTrust;
import org.jvmmark.report.builders.ComparisonWords.Amount;
import org.jvmmark.report.builders.ComparisonWords.Draft;
import org.jvmmark.report.builders.ComparisonWords.Why;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsWriter;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;
import org.jvmmark.results.WorkloadQuestion;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.model.Percentiles;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;

/**
 * Matches two result sets and judges every figure with the report's statistic.
 *
 * <p>Rows match by workload, JVM (vendor, version, VM), variant, tuning flags and parameters; a row
 * left unmatched then matches on the JDK's feature version instead of its full version, so an update
 * (25.0.1 → 25.0.2) is compared with itself. A row on one side only is "not compared" (re-running a
 * subset is not a regression). Each matched figure is judged by the {@link Judge}: one value per fork on
 * each side, every row of the figure on both sides as one evidence (the machine's two levels and its pooled
 * noise), and every judged figure of every workload of the call as one family. Its answer is one of three:
 * worse or better, no difference (the whole interval within ±threshold), or cannot tell (with the reason and
 * what would tell). A row that
 * was ok in A and has a fork that failed or timed out in B regressed, the failure named. Figures pinned
 * at their target (an achieved rate equal to the target rate) are not judged, and say so.
 *
 * <p>The sides' host differences are read once, up front ({@link SameMeasurement}); every line is then decided as
 * values in one pass over the rows, and worded once, at the end ({@link ComparisonWords}).
 *
 * <p>One builder per call, confined to it: it holds the call's {@link Judge} (its threshold, checked once) and the
 * lines built so far, so that its steps judge without handing the threshold on. The static methods are thread-safe.
 */
public final class ComparisonBuilder {
    /** The judge of this call, at its threshold. */
    private final Judge judge;
    /** This host's run-to-run spread by "workload|figure", for sides of one run each. */
    private final Function<String, RunSpread> runSpread;
    /** The lines so far as values, in the order they are printed; worded once, at the end ({@link ComparisonWords}). */
    private final List<Draft> lines = new ArrayList<>();
    /** The figures whose lines wait for the judgement of their family. */
    private final List<Pending> pending = new ArrayList<>();

    private ComparisonBuilder(Judge judge, Function<String, RunSpread> runSpread) {
        this.judge = judge;
        this.runSpread = runSpread;
    }

    /**
     * The comparison of two sides, several runs a side (DESIGN.md of the judge, §4): each run a replicate with its own
     * run effect. The sides are first checked to be the same measurement ({@link SameMeasurement}). Rows are matched on
     * the first run of each side; a row of a later run joins the first run's row it matches. Rows are matched over every
     * run of a side: a row of A missing from B, or from any run of either side, cannot be told (never "not compared"
     * with exit 0).
     *
     * @param judge the judge of this call, at its threshold
     * @param gateAll whether every judged figure gates (one family); else each workload's headline figures gate, in
     *     one family over every workload, and the other figures are judged in a second family and only shown
     * @param allowOtherHost whether to judge sides of different host classes anyway ({@code --allow other-host}: a
     *     user who means it; the notes say so); else every gating figure of such sides cannot be told
     * @param runSpread what is known of this host's run-to-run spread where the sides have one run each, by "workload|figure"
     *     ("queue-latency|endToEnd p50"; {@link Column#figureKey})
     */
    public static Comparison compare(List<ReportModel> runsA, List<ReportModel> runsB, Judge judge, boolean gateAll,
                                     Function<String, RunSpread> runSpread, boolean allowOtherHost) {
        ComparisonBuilder builder = new ComparisonBuilder(judge, runSpread);
        return builder.build(runsA, runsB, gateAll, allowOtherHost);
    }

    private Comparison build(List<ReportModel> runsA, List<ReportModel> runsB, boolean gateAll, boolean allowOtherHost) {
        ReportModel a = runsA.get(0);
        ReportModel b = runsB.get(0);
        // What differs between the sides, said once up front: the host class refuses every gating figure below.
        List<String> hosts = SameMeasurement.hostDifferences(runsA.stream().map(ReportModel::results).toList(),
                runsB.stream().map(ReportModel::results).toList());
        List<String> notes = SameMeasurement.notes(a.results(), b.results());
        Map<String, Section> sectionsB = new LinkedHashMap<>();
        b.sections().forEach(s -> sectionsB.put(s.workload(), s));
        for (Section sa : a.sections()) {
            Section sb = sectionsB.remove(sa.workload());
            List<Row> rowsB = sb == null ? new ArrayList<>() : new ArrayList<>(sb.rows());
            Map<Row, Row> pairs = new LinkedHashMap<>();
            List<Row> unmatched = new ArrayList<>();
            for (Row ra : sa.rows()) {
                Row rb = take(rowsB, ra, true);
                if (rb == null) {
                    unmatched.add(ra);
                } else {
                    pairs.put(ra, rb);
                }
            }
            for (Row ra : unmatched) {
                Row rb = take(rowsB, ra, false);
                if (rb != null) {
                    pairs.put(ra, rb);
                }
            }
            Set<String> headline = headlineFigures(sa, sb, a.results(), b.results());
            for (Row ra : sa.rows()) {
                Row rb = pairs.get(ra);
                List<Row> repA = rb == null ? List.of() : replicas(runsA, sa.workload(), ra);
                List<Row> repB = rb == null ? List.of() : replicas(runsB, sa.workload(), rb);
                if (rb == null) {
                    lines.add(missingRow(sa.workload(), ra, sb == null ? "workload not run in B" : otherParams(ra, rowsB)));
                } else if (repA.size() < runsA.size() || repB.size() < runsB.size()) {
                    lines.add(missingRow(sa.workload(), ra, "in " + repA.size() + " of A's " + runsA.size() + " runs and "
                            + repB.size() + " of B's " + runsB.size() + ": rows are matched over every run of a side"));
                } else {
                    compareRows(sa, sb, repA, repB, headline);
                }
            }
            for (Row rb : rowsB) {
                lines.add(notCompared(sa.workload(), rb.label(), "", rb.status(), "only in B"));
            }
            for (Row extra : laterOnly(runsA, sa)) {
                lines.add(missingRow(sa.workload(), extra, "in a later run of A only, not in its first: rows are matched"
                        + " over every run of a side"));
            }
        }
        int[] batchB = sameRuns(runsA, runsB);
        decide(pending.stream().filter(p -> gateAll || p.headline()).toList(), true, batchB);
        decide(pending.stream().filter(p -> !gateAll && !p.headline()).toList(), false, batchB);
        for (Section sb : sectionsB.values()) {
            for (Row rb : sb.rows()) {
                lines.add(notCompared(sb.workload(), rb.label(), "", rb.status(), "workload not run in A"));
            }
        }
        if (!hosts.isEmpty() && allowOtherHost) {
            notes.add(0, "Compared across hosts (--allow other-host): " + String.join("; ", hosts)
                    + ". Differences may come from the machine, not the JVM.");
        } else if (!hosts.isEmpty()) {
            // Another host class: no figure is the JVM's alone. Failures stay (a crash is a crash on any host).
            String why = "not the same host class: " + String.join("; ", hosts) + " (--allow other-host to judge anyway)";
            lines.replaceAll(l -> l.judgement() == null || l.column() == null || !l.gating() ? l
                    : refusedLine(l, l.judgement().effect().higherIsBetter(), why));
        }
        List<Comparison.Line> worded = ComparisonWords.lines(lines);
        List<String> refused = new ArrayList<>();
        for (Comparison.Line l : worded) {
            if (l.gating() && l.judgement() != null && l.judgement().reason() == Judgement.Reason.NOT_COMPARABLE) {
                String why = l.why().startsWith("not the same host class") ? l.why() : l.name() + ": " + l.why();
                if (!refused.contains(why)) {
                    refused.add(why);
                }
            }
        }
        return new Comparison(a, b, judge.threshold(), worded, notes, refused);
    }

    /**
     * Per run of B, the run the judge counts it as: the A run it is (the same file compared with itself: its forks are
     * the same forks, with no run effect between them, DESIGN.md §4), else a run of its own after A's.
     */
    private static int[] sameRuns(List<ReportModel> runsA, List<ReportModel> runsB) {
        int[] out = new int[runsB.size()];
        for (int k = 0; k < runsB.size(); k++) {
            out[k] = runsA.size() + k;
            Results rb = runsB.get(k).results();
            for (int j = 0; j < runsA.size(); j++) {
                Results ra = runsA.get(j).results();
                if (rb.created() != null && rb.created().equals(ra.created()) && sameBytes(ra, rb)) {
                    out[k] = j;
                }
            }
        }
        return out;
    }

    /** Whether two result sets are one file: every value the writer would write the same. */
    private static boolean sameBytes(Results a, Results b) {
        try {
            return java.util.Arrays.equals(ResultsWriter.bytes(a), ResultsWriter.bytes(b));
        } catch (java.io.IOException e) {
            return false; // not writable: not known to be the same run, so judged as two
        }
    }

    /** {@code l} as "cannot tell: not the same measurement", gating. */
    private Draft refusedLine(Draft l, boolean higherIsBetter, String why) {
        return l.refused(judge.notComparable(higherIsBetter), why);
    }

    /**
     * Whether {@code ca} is a tail of a headline latency (p99 and deeper on the same probe, short of the maximum: the
     * percentiles {@link PercentileTrust#SCHEDULER_PERCENTILE} on where a small machine's scheduler writes them) that the
     * report's trust rule ({@code ColumnTrust}: the samples and CPUs every fork had) trusts on both sides: such a tail
     * gates with its headline (issue 48), where the machine supports it; elsewhere it is shown, not judged.
     */
    private static boolean trustedTail(Column ca, Column cb, Set<String> headline) {
        if (cb == null || ca.kind() != Column.Kind.LATENCY || !ca.trusted() || !cb.trusted() || "max".equals(ca.key())
                || Percentiles.value(ca.key()) < PercentileTrust.SCHEDULER_PERCENTILE) {
            return false;
        }
        return headline.stream().anyMatch(h -> h.startsWith(ca.probe() + "/") && !h.contains("/uncorrected/")
                && Percentiles.value(h.substring(ca.probe().length() + 1)) < Percentiles.value(ca.key()));
    }

    /** A row of A that B lacks, or that a run of either side lacks: cannot tell, gating (issue 48; DESIGN.md §7). */
    private Draft missingRow(String workload, Row ra, String why) {
        Judgement j = judge.notComparable(true);
        return Draft.status(workload, ra.label(), ra.status(), "—", Comparison.Verdict.CANNOT_TELL,
                Why.plain("not the same rows: " + why), false, j, true);
    }

    /** Why {@code ra} matched no row of B: the row B has with the same JVM and variant and other parameters, if any. */
    private static String otherParams(Row ra, List<Row> rowsB) {
        for (Row rb : rowsB) {
            if (rb.jvm().vendor().equals(ra.jvm().vendor()) && rb.jvm().feature() == ra.jvm().feature()
                    && rb.variant().equals(ra.variant()) && !rb.params().equals(ra.params())) {
                return "the workload's parameters differ (A: " + ra.params() + ", B: " + rb.params() + ")";
            }
        }
        return "only in A (renamed, or not run in B)";
    }

    /** Rows of a side's later runs that match no row of its first run in section {@code first}. */
    private static List<Row> laterOnly(List<ReportModel> runs, Section first) {
        List<Row> out = new ArrayList<>();
        for (ReportModel run : runs.subList(1, runs.size())) {
            run.sections().stream().filter(s -> s.workload().equals(first.workload())).findFirst().ifPresent(s -> {
                for (Row r : s.rows()) {
                    List<Row> firsts = new ArrayList<>(first.rows());
                    if (take(firsts, r, true) == null && take(firsts, r, false) == null
                            && out.stream().noneMatch(o -> o.label().equals(r.label()))) {
                        out.add(r);
                    }
                }
            });
        }
        return out;
    }

    private static Draft notCompared(String workload, String row, String a, String b, String why) {
        return Draft.status(workload, row, a, b, Comparison.Verdict.NOT_COMPARED, Why.plain(why), false, null, false);
    }

    /** A figure waiting for the judgement; {@code index} is its place in the lines; a side's figure per run. */
    private record Pending(int index, String workload, Column column, List<Figure> a, List<Figure> b, boolean headline) {
    }

    /** {@code first} (a row of the first run of a side) and the row matching it in each later run of that side. */
    private static List<Row> replicas(List<ReportModel> runs, String workload, Row first) {
        List<Row> out = new ArrayList<>();
        out.add(first);
        for (ReportModel run : runs.subList(1, runs.size())) {
            run.sections().stream().filter(s -> s.workload().equals(workload)).findFirst().ifPresent(s -> {
                List<Row> rows = new ArrayList<>(s.rows());
                Row r = take(rows, first, true);
                Row match = r != null ? r : take(rows, first, false);
                if (match != null) {
                    out.add(match);
                }
            });
        }
        return out;
    }

    /** Forks of {@code rows} that failed or timed out (an unsupported JVM is an answer, not a failure). */
    private static int failed(List<Row> rows) {
        return (int) rows.stream().flatMap(r -> r.trials().stream()).filter(t -> t.outcome().trialStatus().failure()).count();
    }

    private static int launched(List<Row> rows) {
        return rows.stream().mapToInt(r -> r.trials().size()).sum();
    }

    /** One side's figure over its runs: each run's own figure, and their centre as the side's value. */
    private static Figure merged(List<Figure> perRun) {
        if (perRun.size() == 1) {
            return perRun.get(0);
        }
        double[] centres = perRun.stream().mapToDouble(Figure::value).toArray();
        double[] forks = perRun.stream().flatMapToDouble(f -> java.util.Arrays.stream(f.forks())).toArray();
        double[] machine = perRun.stream().flatMapToDouble(f -> java.util.Arrays.stream(f.machine())).toArray();
        return new Figure(Stats.center(centres), forks, List.of(), machine, changed(perRun));
    }

    /** Per fork of every run in turn, whether the machine changed while it ran. */
    private static boolean[] changed(List<Figure> perRun) {
        boolean[] out = new boolean[perRun.stream().mapToInt(f -> f.forks().length).sum()];
        int i = 0;
        for (Figure f : perRun) {
            for (boolean b : f.machineChanged()) {
                out[i++] = b;
            }
        }
        return out;
    }

    private static Row take(List<Row> candidates, Row ra, boolean exact) {
        for (Row rb : candidates) {
            boolean jvm = exact
                    ? rb.jvm().vendor().equals(ra.jvm().vendor()) && rb.jvm().version().equals(ra.jvm().version())
                            && rb.jvm().vmName().equals(ra.jvm().vmName())
                    : rb.jvm().vendor().equals(ra.jvm().vendor()) && rb.jvm().feature() == ra.jvm().feature();
            if (jvm && rb.variant().equals(ra.variant()) && rb.flags().equals(ra.flags()) && rb.params().equals(ra.params())) {
                candidates.remove(rb);
                return rb;
            }
        }
        return null;
    }

    private void compareRows(Section sa, Section sb, List<Row> rowsA, List<Row> rowsB, Set<String> headline) {
        Row ra = rowsA.get(0);
        Row rb = rowsB.get(0);
        String label = ra.label().equals(rb.label()) ? rb.label() : ra.label() + " → " + rb.label();
        int badA = failed(rowsA);
        int badB = failed(rowsB);
        int allA = launched(rowsA);
        int allB = launched(rowsB);
        boolean okA = rowsA.stream().anyMatch(r -> !r.okTrials().isEmpty());
        boolean okB = rowsB.stream().anyMatch(r -> !r.okTrials().isEmpty());
        if (!okB) {
            String why = "now " + rb.status() + ": " + rb.failureNote();
            lines.add(Draft.status(sa.workload(), label, ra.status(), rb.status(),
                    okA ? Comparison.Verdict.REGRESSED : Comparison.Verdict.STILL_FAILING, Why.plain(why), okA, null, true));
            return;
        }
        if (!okA) {
            lines.add(Draft.status(sa.workload(), label, ra.status(), rb.status(), Comparison.Verdict.IMPROVED,
                    Why.plain("was " + ra.status() + ", now ok"), true, null, true));
        } else if (badA > 0 || badB > 0) {
            // Failed forks are evidence, never dropped (DESIGN.md of the judge, §6): the share of B's launches that failed
            // against A's, beyond chance or not.
            String a = badA == 0 ? "ok" : badA + " of " + allA + " not ok";
            String b = badB == 0 ? "ok" : badB + " of " + allB + " not ok";
            Judgement j = judge.failures(badB, allB, badA, allA);
            Comparison.Verdict v = j == null ? (badB > 0 ? Comparison.Verdict.STILL_FAILING : Comparison.Verdict.IMPROVED)
                    : j.answer() == Judgement.Answer.WORSE ? Comparison.Verdict.REGRESSED : Comparison.Verdict.CANNOT_TELL;
            Why why = badB == 0 ? Why.plain("every fork ok now (A: " + ra.failureNote() + ")")
                    : Why.judged("", j != null ? j : judge.failures(badB, allB, 0, Math.max(allA, 1)), "", ": "
                            + rowsB.stream().filter(r -> r.okTrials().size() < r.trials().size()).findFirst().orElse(rb)
                                    .failureNote()
                            + (j == null ? " (not more often than A's " + badA + " of " + allA + ", within chance)" : ""));
            lines.add(Draft.status(sa.workload(), label, a, b, v, why, j != null, j, j != null));
        }
        Map<String, Column> columnsB = new LinkedHashMap<>();
        sb.tables().forEach(t -> t.columns().forEach(c -> columnsB.put(c.id(), c)));
        for (Table ta : sa.tables()) {
            for (Column ca : ta.columns()) {
                Column cb = columnsB.get(ca.id());
                if (ca.kind() == Column.Kind.UNCORRECTED) {
                    continue;
                }
                List<Figure> fas = rowsA.stream().map(r -> Figures.figure(r, ca)).filter(Objects::nonNull).toList();
                List<Figure> fbs = cb == null ? List.of()
                        : rowsB.stream().map(r -> Figures.figure(r, cb)).filter(Objects::nonNull).toList();
                if (fas.isEmpty()) {
                    continue;
                }
                Figure fa = merged(fas);
                boolean gatingFigure = headline.contains(ca.id()) || trustedTail(ca, cb, headline);
                if (fbs.isEmpty()) {
                    if (gatingFigure) {
                        // DESIGN.md §7: a headline measured before and not now is never "no regression".
                        Judgement j = judge.missing(ca.higherIsBetter());
                        lines.add(new Draft(sa.workload(), label, ca, Amount.of(fa.value(), ca.unit()), Amount.said("—"),
                                false, Double.NaN, Comparison.Verdict.CANNOT_TELL, Why.judged("", j, ca.unit(), ""), null,
                                false, j, true));
                    }
                    continue;
                }
                String differs = SameMeasurement.figureDifference(ca, cb);
                if (differs == null) {
                    fbs = fbs.stream().map(f -> SameMeasurement.rescaled(f, cb.unit(), ca.unit())).toList();
                }
                Figure fb = merged(fbs);
                Line line = new Line(sa.workload(), label, ca, fa, fb, judge.past(Line.change(fa, fb)));
                Why pinned = pinned(ra, rb, ca);
                if (differs != null) {
                    // Issue 48: two measures judged as one is no answer; a headline that differs cannot pass.
                    String why = "not the same measurement: " + differs;
                    Draft u = line.unjudged(gatingFigure ? Comparison.Verdict.CANNOT_TELL
                            : Comparison.Verdict.NOT_CORRECTED, Why.plain(why));
                    lines.add(gatingFigure ? refusedLine(u, ca.higherIsBetter(), why) : u);
                } else if (ca.kind() == Column.Kind.LATENCY && !ca.coCorrected()) {
                    // As in the report: timed from the actual start, it hides the requests a stall delayed.
                    lines.add(line.unjudged(Comparison.Verdict.NOT_CORRECTED, Why.plain("not corrected for coordinated omission")));
                } else if (pinned != null) {
                    lines.add(line.unjudged(Comparison.Verdict.PINNED, pinned));
                } else if (ca.kind() == Column.Kind.METRIC && !ca.ranked() && !Column.isCheck(ca.key())) {
                    lines.add(line.unjudged(Comparison.Verdict.FACT, Why.plain("a fact, not a score")));
                } else if (!ca.trusted() || !cb.trusted()) {
                    String side = !ca.trusted() && !cb.trusted() ? "either side" : !ca.trusted() ? "A" : "B";
                    if (gatingFigure && ca.trusted()) {
                        // §7: a headline trusted before and not now cannot pass.
                        Judgement j = judge.missing(ca.higherIsBetter());
                        lines.add(new Draft(sa.workload(), label, ca, Amount.of(fa.value(), ca.unit()),
                                Amount.of(fb.value(), ca.unit()), false, Double.NaN, Comparison.Verdict.CANNOT_TELL,
                                Why.judged("percentile not trusted on B; ", j, ca.unit(), ""), null, false, j, true));
                    } else {
                        lines.add(line.unjudged(Comparison.Verdict.NOT_TRUSTED, Why.plain("percentile not trusted on " + side)));
                    }
                } else {
                    pending.add(new Pending(lines.size(), sa.workload(), ca, fas, fbs, gatingFigure));
                    lines.add(line.unjudged(Comparison.Verdict.NO_CHANGE, Why.plain("")));
                }
            }
        }
    }

    /**
     * Why a rate is not judged: every fork on both sides achieved its target rate (within 1 %), so the
     * figure says the load was met, not how fast the JVM is; null when it is not pinned.
     */
    static Why pinned(Row ra, Row rb, Column col) {
        boolean rate = col.kind() == Column.Kind.RATE
                || col.kind() == Column.Kind.METRIC && col.key().substring(col.key().lastIndexOf('.') + 1).equals("achievedRate");
        if (!rate) {
            return null;
        }
        double target = Double.NaN;
        for (Row r : List.of(ra, rb)) {
            for (Trial t : r.okTrials()) {
                Probe p = col.probe() != null ? t.measured().latency().get(col.probe()) : t.measured().latency().values().stream().findFirst().orElse(null);
                Double v = col.forkValue(t);
                if (p == null || !(p.targetRate() > 0) || v == null || Math.abs(v / p.targetRate() - 1) > 0.01) {
                    return null;
                }
                target = p.targetRate();
            }
        }
        return Double.isNaN(target) ? null : new Why("pinned at its target of ", Amount.of(target,
                col.kind() == Column.Kind.RATE ? "/s" : col.unit()), null, "", " on both sides: says the load was met, not how fast",
                false);
    }

    /**
     * The ids of the columns that answer the workload's headline questions: the first figure of each
     * question the results declare ({@link Results#questions(String)}), else endToEnd p50 for a latency
     * workload, else the score or the first ranked metric.
     */
    static Set<String> headlineFigures(Section sa, Section sb, Results a, Results b) {
        List<WorkloadQuestion> questions = b.questions(sa.workload()).isEmpty() ? a.questions(sa.workload())
                : b.questions(sa.workload());
        List<Column> columns = new ArrayList<>();
        sa.tables().forEach(t -> columns.addAll(t.columns()));
        Set<String> out = new java.util.LinkedHashSet<>();
        for (WorkloadQuestion q : questions) {
            Column c = Column.named(columns, q.headline());
            if (c != null) {
                out.add(c.id());
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        Column fallback = Verdicts.defaultHeadline(columns);
        return fallback == null ? Set.of() : Set.of(fallback.id());
    }

    /**
     * The pending figures judged in one family (the gating ones, or the others): per workload and figure one {@link Evidence} holding both sides
     * of every row ("A#i", "B#i"), each B judged against its A.
     */
    private void decide(List<Pending> family, boolean gating, int[] batchB) {
        Map<String, List<Integer>> byFigure = new LinkedHashMap<>();
        for (int i = 0; i < family.size(); i++) {
            byFigure.computeIfAbsent(family.get(i).workload() + "|" + family.get(i).column().id(), k -> new ArrayList<>())
                    .add(i);
        }
        Contrast[] contrasts = new Contrast[family.size()];
        for (List<Integer> group : byFigure.values()) {
            List<RowForks> rows = new ArrayList<>();
            for (int i : group) {
                // Side A's runs are runs 0…k−1, B's follow: every run its own batch (§4). Failures are the row's, judged
                // once on its status line.
                List<Figure> a = family.get(i).a();
                rows.add(sideRow("A#" + i, a, java.util.stream.IntStream.range(0, a.size()).toArray()));
                List<Figure> b = family.get(i).b();
                rows.add(sideRow("B#" + i, b, b.size() == batchB.length ? batchB
                        : java.util.stream.IntStream.range(0, b.size()).map(k -> a.size() + k).toArray()));
            }
            Column col = family.get(group.get(0)).column();
            RunSpread known = runSpread.apply(family.get(group.get(0)).workload() + "|" + col.figureKey());
            Evidence e = new Evidence(col.id(), col.unit(), col.higherIsBetter(), rows, known == null ? RunSpread.UNKNOWN : known);
            for (int i : group) {
                contrasts[i] = new Contrast(e, "B#" + i, "A#" + i);
            }
        }
        List<Judgement> answers = judge.judge(List.of(contrasts));
        for (int i = 0; i < family.size(); i++) {
            Pending p = family.get(i);
            Draft l = lines.get(p.index());
            Judgement j = answers.get(i);
            Comparison.Verdict v = switch (j.answer()) {
                case WORSE -> Comparison.Verdict.REGRESSED;
                case BETTER -> Comparison.Verdict.IMPROVED;
                case NO_DIFFERENCE -> Comparison.Verdict.NO_CHANGE;
                case CANNOT_TELL -> Comparison.Verdict.CANNOT_TELL;
            };
            // Judged within the machine's levels, A and B (each side's geometric mean over whichever levels its forks sat
            // on) can be 3× apart where the judged change is 0.4 %: the change column shows the judged one.
            boolean inLevels = j.withinLevels() && j.estimated() && Double.isFinite(j.effect().ratio());
            double levels = inLevels ? j.effect().ratio() : l.levels();
            boolean beyond = inLevels ? judge.past(j.effect().ratio() - 1) : l.beyondThreshold();
            lines.set(p.index(), new Draft(l.workload(), l.row(), l.column(), l.a(), l.b(), l.sayChange(), levels, v,
                    new Why("", null, j, p.column().unit(), "", true),
                    Double.isNaN(j.effect().low()) ? l.effect() : j.effect(), beyond, j, gating));
        }
    }

    /** One side's forks over its runs, the i-th run's forks in run {@code runBatch[i]}. */
    private static RowForks sideRow(String id, List<Figure> perRun, int[] runBatch) {
        List<Double> forks = new ArrayList<>();
        List<Integer> batches = new ArrayList<>();
        for (int k = 0; k < perRun.size(); k++) {
            for (double v : perRun.get(k).forks()) {
                forks.add(v);
                batches.add(runBatch[k]);
            }
        }
        double[] machine = perRun.stream().flatMapToDouble(f -> java.util.Arrays.stream(f.machine())).toArray();
        return new RowForks(id, forks.stream().mapToDouble(Double::doubleValue).toArray(), 0,
                batches.stream().mapToInt(Integer::intValue).toArray(), machine, changed(perRun));
    }

    /** The parts of a line every verdict shares; {@code beyond} whether B's change from A lies past the threshold. */
    private record Line(String workload, String row, Column column, Figure fa, Figure fb, boolean beyond) {
        /** B's change from A, relative to A: 0 when both are zero, NaN when only A is. */
        static double change(Figure fa, Figure fb) {
            return fa.value() == 0 ? (fb.value() == 0 ? 0 : Double.NaN) : (fb.value() - fa.value()) / Math.abs(fa.value());
        }

        Draft unjudged(Comparison.Verdict v, Why why) {
            double ratio = fa.value() == 0 ? Double.NaN : fb.value() / fa.value();
            Effect effect = Double.isNaN(ratio) ? null
                    : new Effect(ratio, Double.NaN, Double.NaN, 0.95, column.higherIsBetter());
            return new Draft(workload, row, column, Amount.of(fa.value(), column.unit()),
                    Amount.of(fb.value(), column.unit()), true, Double.NaN, v, why, effect, beyond, null, false);
        }
    }
}
