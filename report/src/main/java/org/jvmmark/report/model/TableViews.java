package org.jvmmark.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which parts of a workload's tables a reader sees first and which are details: the first latency
 * table (end to end) and the columns rows are ranked on are the answer; facts (figures that are not
 * scores), other probes and uncorrected latency are details. A reading of the model, the same for every rendering.
 * Stateless and thread-safe.
 */
public final class TableViews {
    private TableViews() {
    }

    /** The tables shown open, in order: the end-to-end latency table, then the ranked columns of the metric tables. */
    public static List<Table> main(Section s) {
        List<Table> out = new ArrayList<>();
        for (Table t : s.tables()) {
            if (t.columns().isEmpty()) {
                out.add(t);
            } else if (isLatency(t)) {
                if (isFirstLatency(s, t)) {
                    out.add(t);
                }
            } else if (!isUncorrected(t)) {
                Table ranked = project(t, t.title(), TableViews::isScore);
                if (!ranked.columns().isEmpty()) {
                    out.add(ranked);
                }
            }
        }
        return out;
    }

    /** The tables folded away: facts, then other probes' latency, then uncorrected latency. */
    public static List<Table> details(Section s) {
        List<Table> facts = new ArrayList<>();
        List<Table> probes = new ArrayList<>();
        for (Table t : s.tables()) {
            if (t.columns().isEmpty()) {
                continue;
            }
            if (isUncorrected(t) || (isLatency(t) && !isFirstLatency(s, t))) {
                probes.add(t);
            } else if (!isLatency(t)) {
                Table f = project(t, t.title().replaceFirst("^Metrics", "Facts"), c -> !isScore(c));
                if (!f.columns().isEmpty()) {
                    facts.add(f);
                }
            }
        }
        facts.addAll(probes);
        return facts;
    }

    /** A figure rows are ranked on; a fact (better: none) or a check (achieved rate) is not. */
    static boolean isScore(Column c) {
        return c.ranked();
    }

    private static boolean isLatency(Table t) {
        return t.columns().stream().anyMatch(c -> c.kind() == Column.Kind.LATENCY);
    }

    private static boolean isUncorrected(Table t) {
        return t.columns().stream().allMatch(c -> c.kind() == Column.Kind.UNCORRECTED);
    }

    private static boolean isFirstLatency(Section s, Table t) {
        return s.tables().stream().filter(TableViews::isLatency).findFirst().orElse(null) == t;
    }

    /** The table with only the columns that pass, cells kept as they were. */
    static Table project(Table t, String title, Predicate<Column> keep) {
        List<Integer> idx = new ArrayList<>();
        for (int c = 0; c < t.columns().size(); c++) {
            if (keep.test(t.columns().get(c))) {
                idx.add(c);
            }
        }
        List<Column> cols = idx.stream().map(t.columns()::get).toList();
        List<List<Cell>> cells = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            int row = r;
            cells.add(idx.stream().map(c -> t.cell(row, c)).toList());
        }
        return new Table(title, cols, t.rows(), cells);
    }
}
