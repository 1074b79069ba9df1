package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;
import org.jvmmark.runner.base.Text;
import org.jvmmark.report.words.Words;
import org.jvmmark.results.Disturbance;

/**
 * The table printed at the end of {@code run} (and by {@code drive}): one row per trial with its
 * status, headline metric, end-to-end p50/p99 (CO-corrected where the workload corrects), peak RSS
 * and wall time; failures get their one-line reason below the table, and so do forks other processes
 * disturbed. Stateless.
 */
public final class SummaryTable {
    private SummaryTable() {
    }

    static void print(PrintStream out, Iterable<Trial> trials) {
        List<String[]> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        rows.add(new String[] {"trial", "status", "metric", "p50", "p99", "peak RSS", "wall"});
        boolean uncorrected = false;
        for (Trial t : trials) {
            Probe e2e = t.measured().latency().get("endToEnd");
            uncorrected |= e2e != null && !e2e.coCorrected();
            boolean measured = !t.outcome().process().none();
            Long peak = t.outcome().process().peakRssBytes();
            rows.add(new String[] {
                t.id(),
                t.outcome().trialStatus().json() + (t.disturbed() ? ", disturbed" : ""),
                headline(t.measured().metrics()),
                percentile(e2e, "50"),
                percentile(e2e, "99"),
                measured && peak != null && peak > 0 ? Text.bytes(peak) : "-",
                measured ? Text.seconds(t.outcome().process().wallSeconds()) : "-"});
            if (!t.ok() && t.outcome().error() != null) {
                errors.add(t.id() + ": " + t.outcome().error());
            } else if (t.disturbed()) {
                Disturbance d = t.outcome().process().disturbance();
                errors.add(t.id() + ": disturbed: " + d.reason() + (d.rerunAs() != null ? "; re-run as fork " + d.rerunAs() : "")
                        + "; not evidence");
            }
        }
        Tables.print(out, rows);
        if (uncorrected) {
            out.println("* latency not corrected for coordinated omission");
        }
        for (String e : errors) {
            out.println("  " + e);
        }
    }

    /** {@code score} if the workload reports one, else its first metric: {@code name value unit}. */
    static String headline(Map<String, Metric> metrics) {
        if (metrics.isEmpty()) {
            return "-";
        }
        String name = metrics.containsKey("score") ? "score" : metrics.keySet().iterator().next();
        Metric m = metrics.get(name);
        return Words.label(name) + " " + Format.value(m.value(), m.unit());
    }

    private static String percentile(Probe block, String p) {
        Double v = block == null ? null : block.percentiles().get(p);
        if (v == null) {
            return "-";
        }
        String shown = Format.value(v, block.unit());
        return shown + (block.coCorrected() ? "" : "*");
    }
}
