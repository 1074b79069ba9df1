package org.jvmmark.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jvmmark.results.Results;

/**
 * Matches two result sets and judges every figure.
 *
 * <p>Rows match by workload, JVM (vendor, version, VM), variant, tuning flags and parameters; a row
 * left unmatched then matches on the JDK's feature version instead of its full version, so an update
 * (25.0.1 → 25.0.2) is compared with itself. A figure regressed when it moved the wrong way by more
 * than the threshold and Welch's t-test on both sides' per-run values calls the move significant
 * ({@link Significance}); with too few runs for the test a move past the threshold is reported as
 * "changed (untested)" and never counts as a regression. Percentiles that either machine's noise
 * verdict does not trust are shown but never judged. A row that was ok in A and is not ok, or
 * missing, in B regressed.
 *
 * <p>Stateless and thread-safe.
 */
public final class ComparisonBuilder {
    private ComparisonBuilder() {
    }

    /** @throws IllegalArgumentException unless {@code threshold} is a finite fraction >= 0 */
    static void checkThreshold(double threshold) {
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold must be a fraction >= 0 (0.05 for 5 %), not " + threshold);
        }
    }

    public static Comparison compare(ReportModel a, ReportModel b, double threshold) {
        checkThreshold(threshold);
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
            for (Row ra : sa.rows()) {
                Row rb = pairs.get(ra);
                if (rb == null) {
                    // A JVM that produced figures in A and none in B is the worst regression there is.
                    boolean okA = !ra.okTrials().isEmpty();
                    lines.add(new Comparison.Line(sa.workload(), ra.label(), "status", ra.status(), "", "",
                            okA ? Comparison.Verdict.REGRESSED : Comparison.Verdict.MISSING,
                            sb == null ? "workload not run in B" : "no matching row in B"));
                } else {
                    compareRows(lines, a, b, sa, sb, ra, rb, threshold);
                }
            }
            for (Row rb : rowsB) {
                lines.add(new Comparison.Line(sa.workload(), rb.label(), "status", "", rb.status(), "",
                        Comparison.Verdict.NEW, "no matching row in A"));
            }
        }
        for (Section sb : sectionsB.values()) {
            for (Row rb : sb.rows()) {
                lines.add(new Comparison.Line(sb.workload(), rb.label(), "status", "", rb.status(), "",
                        Comparison.Verdict.NEW, "workload not run in A"));
            }
        }
        return new Comparison(a, b, threshold, lines, notes(a.results(), b.results()));
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

    private static void compareRows(List<Comparison.Line> lines, ReportModel ma, ReportModel mb, Section sa, Section sb,
                                    Row ra, Row rb, double threshold) {
        String label = ra.label().equals(rb.label()) ? rb.label() : ra.label() + " → " + rb.label();
        boolean okA = !ra.okTrials().isEmpty();
        boolean okB = !rb.okTrials().isEmpty();
        if (!okB) {
            String why = "now " + rb.status() + ": " + rb.failureNote();
            lines.add(new Comparison.Line(sa.workload(), label, "status", ra.status(), rb.status(), "",
                    okA ? Comparison.Verdict.REGRESSED : Comparison.Verdict.STILL_FAILING, why));
            return;
        }
        if (!okA) {
            lines.add(new Comparison.Line(sa.workload(), label, "status", ra.status(), rb.status(), "",
                    Comparison.Verdict.IMPROVED, "was " + ra.status() + ", now ok"));
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
                if (ca.kind() == Column.Kind.LATENCY && ca.coCorrected() != cb.coCorrected()) {
                    lines.add(new Comparison.Line(sa.workload(), label, ca.probe() + " " + ca.title(),
                            Format.value(fa.value(), ca.unit()), Format.value(fb.value(), cb.unit()), "",
                            Comparison.Verdict.UNTRUSTED, "corrected for coordinated omission on one side only"));
                    continue;
                }
                if (ca.kind() == Column.Kind.METRIC && !ca.ranked() && !ModelBuilder.isCheck(ca.key())) {
                    lines.add(new Comparison.Line(sa.workload(), label, ca.key(), Format.value(fa.value(), ca.unit()),
                            Format.value(fb.value(), cb.unit()), "", Comparison.Verdict.UNTRUSTED, "a fact, not a score"));
                    continue;
                }
                boolean trusted = ca.kind() != Column.Kind.LATENCY
                        || ma.noise().trusted(ca.key()) && mb.noise().trusted(ca.key());
                lines.add(line(sa.workload(), label, ca, fa, fb, trusted, threshold));
            }
        }
    }

    private static Comparison.Line line(String workload, String row, Column c, Figure fa, Figure fb, boolean trusted,
                                        double threshold) {
        String figure = switch (c.kind()) {
            case LATENCY -> c.probe() + " " + c.title() + (c.coCorrected() ? "" : " (uncorrected)");
            case UNCORRECTED -> c.probe() + " uncorrected " + c.title();
            case RATE -> c.probe() + " achieved rate";
            case METRIC -> c.key();
        };
        double change = fa.value() == 0 ? (fb.value() == 0 ? 0 : Double.NaN) : (fb.value() - fa.value()) / Math.abs(fa.value());
        double worse = ModelBuilder.worseBy(c.higherIsBetter(), fa.value(), fb.value());
        Comparison.Verdict verdict;
        String why;
        if (!trusted) {
            verdict = Comparison.Verdict.UNTRUSTED;
            why = "percentile not trusted on this machine";
        } else if (Double.isNaN(worse) || Math.abs(worse) <= threshold) {
            verdict = Comparison.Verdict.NO_CHANGE;
            why = "within the " + Format.percent(threshold) + " threshold";
        } else {
            Significance.Outcome o = Significance.test(fb.samples(), fa.samples());
            Comparison.Verdict moved = worse > 0 ? Comparison.Verdict.REGRESSED : Comparison.Verdict.IMPROVED;
            switch (o.verdict()) {
                case SIGNIFICANT -> {
                    verdict = moved;
                    why = "Welch " + Format.p(o.pValue());
                }
                case WITHIN_NOISE -> {
                    verdict = Comparison.Verdict.NO_CHANGE;
                    why = "within the runs' noise, Welch " + Format.p(o.pValue());
                }
                default -> {
                    // A move past the threshold may still be the runs' own spread: without a test it is
                    // reported, not called, so CI never fails on a coin toss.
                    verdict = Comparison.Verdict.UNTESTED;
                    why = (worse > 0 ? "worse" : "better") + " by more than the threshold; " + fb.samples().length
                            + " vs " + fa.samples().length + " runs";
                }
            }
        }
        return new Comparison.Line(workload, row, figure, Format.value(fa.value(), c.unit()), Format.value(fb.value(), c.unit()),
                Format.change(change), verdict, why);
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
