package org.jvmmark.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jvmmark.results.Results;
import org.jvmmark.report.verdict.Effect;
import org.jvmmark.report.verdict.ForkTest;
import org.jvmmark.report.verdict.Stability;
import org.jvmmark.report.verdict.Verdicts;

/**
 * Matches two result sets and judges every figure with the report's statistic.
 *
 * <p>Rows match by workload, JVM (vendor, version, VM), variant, tuning flags and parameters; a row
 * left unmatched then matches on the JDK's feature version instead of its full version, so an update
 * (25.0.1 → 25.0.2) is compared with itself. A row on one side only is "not compared" (re-running a
 * subset is not a regression). Each matched figure is judged as the report judges a cell: one value
 * per fork on each side, {@link Stability} of both sides, {@link ForkTest} (Welch on log fork
 * values, effect B ÷ A with its 95 % interval), Holm's correction over all tests of one workload, and
 * the practical threshold. A row that was ok in A and is not ok in B regressed.
 *
 * <p>Stateless and thread-safe.
 */
public final class ComparisonBuilder {
    private ComparisonBuilder() {
    }

    public static Comparison compare(ReportModel a, ReportModel b, double threshold) {
        ForkTest.checkThreshold(threshold);
        List<Comparison.Line> lines = new ArrayList<>();
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
            List<Pending> pending = new ArrayList<>();
            for (Row ra : sa.rows()) {
                Row rb = pairs.get(ra);
                if (rb == null) {
                    lines.add(notCompared(sa.workload(), ra.label(), ra.status(), "", sb == null ? "workload not run in B" : "only in A"));
                } else {
                    compareRows(lines, pending, sa, sb, ra, rb, threshold);
                }
            }
            for (Row rb : rowsB) {
                lines.add(notCompared(sa.workload(), rb.label(), "", rb.status(), "only in B"));
            }
            decide(lines, pending, threshold);
        }
        for (Section sb : sectionsB.values()) {
            for (Row rb : sb.rows()) {
                lines.add(notCompared(sb.workload(), rb.label(), "", rb.status(), "workload not run in A"));
            }
        }
        return new Comparison(a, b, threshold, lines, notes(a.results(), b.results()));
    }

    private static Comparison.Line notCompared(String workload, String row, String a, String b, String why) {
        return new Comparison.Line(workload, row, "status", a, b, "", Comparison.Verdict.NOT_COMPARED, why, null, false);
    }

    /** A tested figure waiting for the workload's Holm correction; {@code index} is its place in the lines. */
    private record Pending(int index, ForkTest.Result test, Column column) {
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

    private static void compareRows(List<Comparison.Line> lines, List<Pending> pending, Section sa, Section sb, Row ra,
                                    Row rb, double threshold) {
        String label = ra.label().equals(rb.label()) ? rb.label() : ra.label() + " → " + rb.label();
        boolean okA = !ra.okTrials().isEmpty();
        boolean okB = !rb.okTrials().isEmpty();
        if (!okB) {
            String why = "now " + rb.status() + ": " + rb.failureNote();
            lines.add(new Comparison.Line(sa.workload(), label, "status", ra.status(), rb.status(), "",
                    okA ? Comparison.Verdict.REGRESSED : Comparison.Verdict.STILL_FAILING, why, null, okA));
            return;
        }
        if (!okA) {
            lines.add(new Comparison.Line(sa.workload(), label, "status", ra.status(), rb.status(), "",
                    Comparison.Verdict.IMPROVED, "was " + ra.status() + ", now ok", null, true));
        }
        Map<String, Column> columnsB = new LinkedHashMap<>();
        sb.tables().forEach(t -> t.columns().forEach(c -> columnsB.put(c.id(), c)));
        for (Table ta : sa.tables()) {
            for (Column ca : ta.columns()) {
                Column cb = columnsB.get(ca.id());
                if (cb == null || ca.kind() == Column.Kind.UNCORRECTED) {
                    continue;
                }
                Figure fa = Figures.figure(ra, ca);
                Figure fb = Figures.figure(rb, cb);
                if (fa == null || fb == null) {
                    continue;
                }
                Line line = new Line(sa.workload(), label, ca, fa, fb, threshold);
                if (ca.kind() == Column.Kind.LATENCY && ca.coCorrected() != cb.coCorrected()) {
                    lines.add(line.unjudged(Comparison.Verdict.UNTRUSTED, "corrected for coordinated omission on one side only"));
                } else if (ca.kind() == Column.Kind.LATENCY && !ca.coCorrected()) {
                    // As in the report: timed from the actual start, it hides the requests a stall delayed.
                    lines.add(line.unjudged(Comparison.Verdict.UNTRUSTED, "not corrected for coordinated omission"));
                } else if (ca.kind() == Column.Kind.RATE || (ca.kind() == Column.Kind.METRIC && ModelBuilder.isCheck(ca.key()))) {
                    // An achieved rate says whether the load kept its schedule: pinned at its target, it cannot move.
                    lines.add(line.unjudged(Comparison.Verdict.UNTRUSTED, PINNED));
                } else if (ca.kind() == Column.Kind.METRIC && !ca.ranked() && !ModelBuilder.isCheck(ca.key())) {
                    lines.add(line.unjudged(Comparison.Verdict.UNTRUSTED, "a fact, not a score"));
                } else if (!ca.trusted() || !cb.trusted()) {
                    lines.add(line.unjudged(Comparison.Verdict.UNTRUSTED, "percentile not trusted on "
                            + (!ca.trusted() && !cb.trusted() ? "either side" : !ca.trusted() ? "A" : "B")));
                } else if (!Stability.of(fa).stable()) {
                    lines.add(line.unjudged(Comparison.Verdict.UNSTABLE, "A: " + Stability.of(fa).reason()));
                } else if (!Stability.of(fb).stable()) {
                    lines.add(line.unjudged(Comparison.Verdict.UNSTABLE, "B: " + Stability.of(fb).reason()));
                } else {
                    ForkTest.Result t = ForkTest.test(fb.forks(), fa.forks(), ca.higherIsBetter());
                    if (!t.tested()) {
                        lines.add(line.unjudged(Comparison.Verdict.TOO_FEW_FORKS,
                                ForkTest.forksNeeded(t.forksCandidate(), t.forksReference())));
                    } else {
                        pending.add(new Pending(lines.size(), t, ca));
                        lines.add(line.unjudged(Comparison.Verdict.NO_CHANGE, ""));
                    }
                }
            }
        }
    }

    /** Why an achieved rate is not judged: the same words wherever compare counts them. */
    public static final String PINNED = "an achieved rate: pinned at its target, a check of the load, not a score";

    /** Holm over one workload's tests, then each tested line's verdict. */
    private static void decide(List<Comparison.Line> lines, List<Pending> pending, double threshold) {
        double[] adjusted = ForkTest.holm(pending.stream().mapToDouble(p -> p.test().pValue()).toArray());
        for (int i = 0; i < pending.size(); i++) {
            Pending p = pending.get(i);
            Comparison.Line l = lines.get(p.index());
            ForkTest.Result t = p.test();
            String effect = t.effect().words(Verdicts.moreWord(p.column()), Verdicts.lessWord(p.column()));
            Comparison.Verdict v;
            String why;
            if (ForkTest.called(adjusted[i], t, threshold)) {
                v = t.effect().worse() ? Comparison.Verdict.REGRESSED : Comparison.Verdict.IMPROVED;
                why = effect + ", " + Format.p(adjusted[i]) + " (Holm)";
            } else {
                v = Comparison.Verdict.NO_CHANGE;
                why = t.size() <= threshold ? "within the " + Format.percent(threshold) + " threshold"
                        : effect + ", " + Format.p(adjusted[i]) + " (Holm): within noise";
            }
            lines.set(p.index(), new Comparison.Line(l.workload(), l.row(), l.figure(), l.a(), l.b(), l.change(), v, why,
                    t.effect(), l.beyondThreshold()));
        }
    }

    /** The parts of a line every verdict shares. */
    private record Line(String workload, String row, Column column, Figure fa, Figure fb, double threshold) {
        Comparison.Line unjudged(Comparison.Verdict v, String why) {
            double ratio = fa.value() == 0 ? Double.NaN : fb.value() / fa.value();
            Effect effect = Double.isNaN(ratio) ? null
                    : new Effect(ratio, Double.NaN, Double.NaN, ForkTest.CONFIDENCE, column.higherIsBetter());
            double change = fa.value() == 0 ? (fb.value() == 0 ? 0 : Double.NaN) : (fb.value() - fa.value()) / Math.abs(fa.value());
            return new Comparison.Line(workload, row, figureName(column), Format.value(fa.value(), column.unit()),
                    Format.value(fb.value(), column.unit()), Format.change(change), v, why, effect,
                    !Double.isNaN(change) && Math.abs(change) > threshold);
        }
    }

    private static String figureName(Column c) {
        return Verdicts.figureName(c) + (c.kind() == Column.Kind.LATENCY && !c.coCorrected() ? " (uncorrected)" : "");
    }

    private static List<String> notes(Results a, Results b) {
        List<String> notes = new ArrayList<>();
        for (String key : List.of("cpuModel", "cpus", "kernel", "isolatedCpus")) {
            String va = a.host().getOrDefault(key, "");
            String vb = b.host().getOrDefault(key, "");
            if (!Objects.equals(va, vb)) {
                notes.add("The hosts differ in " + key + " (A: " + (va.isEmpty() ? "none" : va) + ", B: "
                        + (vb.isEmpty() ? "none" : vb) + "): differences may come from the machine, not the JVM.");
            }
        }
        if (!a.profile().equals(b.profile())) {
            notes.add("The profiles differ (A: " + a.profile() + ", B: " + b.profile() + "): run lengths are not the same.");
        }
        return notes;
    }
}
