package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.words.GcSummary;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.model.TableViews;

import org.jvmmark.results.Trial;

/**
 * The folded-away details of a workload that are not figure tables: garbage collection per row,
 * and each fork's own values (a row's figure aggregates its forks; here is what each fork gave).
 * Stateless and thread-safe.
 */
public final class DetailTables {
    /** Most figure columns in the per-fork table, so it still fits a 1,280 px window. */
    static final int MAX_FORK_COLUMNS = 6;

    private DetailTables() {
    }

    /** Collections during the measured runs, per row; null when no row recorded any (no harness runs). */
    public static TextTable gc(Section s) {
        List<List<String>> rows = new ArrayList<>();
        boolean any = false;
        for (Row r : s.rows()) {
            GcSummary g = r.okTrials().isEmpty() ? null : GcSummary.of(r);
            if (g == null) {
                rows.add(List.of(r.label(), r.okTrials().isEmpty() ? r.status() : "not recorded", "", "", "", ""));
                continue;
            }
            any = true;
            rows.add(List.of(r.label(), g.collectors().isEmpty() ? "none ran" : g.collectors(), GcSummary.count(g.pausesPerFork()),
                    g.pausesPerFork() == 0 ? "—" : GcSummary.millis(g.pauseMillisPerFork()),
                    g.pausesPerFork() == 0 ? "—" : GcSummary.millis(g.longestPauseMillis()), GcSummary.count(g.cyclesPerFork())));
        }
        if (!any) {
            return null;
        }
        return new TextTable("Garbage collection during the measured runs (per fork; warm-up excluded)",
                List.of("JVM", "collectors", "pauses", "total pause", "longest pause", "concurrent cycles"),
                List.of(false, false, true, true, true, true), rows);
    }

    /** Each fork's value for the workload's main figures, its wall time and peak RSS; a fork that did not end ok says why. */
    public static TextTable forks(Section s) {
        List<Column> columns = forkColumns(s);
        List<String> header = new ArrayList<>(List.of("JVM", "fork", "status"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, false));
        for (Column c : columns) {
            header.add(c.kind() == Column.Kind.LATENCY && !c.probe().equals("endToEnd") ? c.probe() + " " + c.title() : c.title());
            numeric.add(true);
        }
        header.addAll(List.of("wall", "peak RSS"));
        numeric.addAll(List.of(true, true));
        List<List<String>> rows = new ArrayList<>();
        for (Row r : s.rows()) {
            for (int f = 0; f < r.trials().size(); f++) {
                Trial t = r.trials().get(f);
                List<String> cells = new ArrayList<>(List.of(r.label(), String.valueOf(f + 1),
                        t.outcome().trialStatus().json() + (t.ok() || t.outcome().error() == null ? "" : ": " + t.outcome().error())));
                for (Column c : columns) {
                    Double v = t.ok() ? c.forkValue(t) : null;
                    cells.add(v == null ? "—" : Format.value(v, c.unit()));
                }
                cells.add(t.outcome().process().wallSeconds() > 0 ? Format.value(t.outcome().process().wallSeconds(), "s") : "—");
                Long peak = t.outcome().process().peakRssBytes();
                cells.add(peak != null && peak > 0 ? Format.value(peak, "bytes") : "—");
                rows.add(cells);
            }
        }
        return new TextTable("Per fork (each a fresh JVM)", header, numeric, rows);
    }

    /** The end-to-end p50, p99 and worst, then the ranked metrics, at most {@link #MAX_FORK_COLUMNS}. */
    private static List<Column> forkColumns(Section s) {
        List<Column> out = new ArrayList<>();
        for (Table t : TableViews.main(s)) {
            for (Column c : t.columns()) {
                boolean latency = c.kind() == Column.Kind.LATENCY && List.of("50", "99", "max").contains(c.key());
                if ((latency || (c.kind() == Column.Kind.METRIC && c.ranked() && !c.key().equals(Column.PEAK_RSS)))
                        && out.size() < MAX_FORK_COLUMNS) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
