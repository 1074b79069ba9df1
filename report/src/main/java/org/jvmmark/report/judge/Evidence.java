package org.jvmmark.report.judge;

import java.util.List;

/**
 * Everything one machine says about one figure: the rows that measured it, each with one value per fork. The rows are
 * evidence about each other — they share the machine's fork noise and, for rows of several runs, its run-to-run spread
 * — so a figure's rows are judged together: every row of a report's column; both sides of a {@code compare} (rows named
 * apart, e.g. "A:…" and "B:…"); every level of a history series. Immutable, hence thread-safe.
 *
 * @param figure the figure's id within its workload ("endToEnd/50", "metric/score")
 * @param unit the figure's unit
 * @param higherIsBetter the figure's direction
 * @param rows the rows, ids unique
 * @param runSpread what is known of the run-to-run spread where the rows' own runs do not measure it
 */
public record Evidence(String figure, String unit, boolean higherIsBetter, List<RowForks> rows, RunSpread runSpread) {
    public Evidence {
        rows = List.copyOf(rows);
        if (rows.stream().map(RowForks::id).distinct().count() != rows.size()) {
            throw new IllegalArgumentException("row ids must be unique within one figure's evidence: " + figure);
        }
        java.util.Objects.requireNonNull(runSpread, "runSpread");
    }

    /** Evidence of a machine whose run-to-run spread is not known beyond the rows' own runs. */
    public Evidence(String figure, String unit, boolean higherIsBetter, List<RowForks> rows) {
        this(figure, unit, higherIsBetter, rows, RunSpread.UNKNOWN);
    }

    /** The index of the row named {@code id}. */
    public int indexOf(String id) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).id().equals(id)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no row " + id + " in the evidence for " + figure);
    }

    public RowForks row(String id) {
        return rows.get(indexOf(id));
    }
}
