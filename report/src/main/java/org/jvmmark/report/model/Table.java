package org.jvmmark.report.model;

import java.util.List;

/**
 * One table of a workload section (a probe's latency, or the scalar metrics): columns, rows, and
 * the cells in row-major order. Immutable, hence thread-safe.
 */
public record Table(String title, List<Column> columns, List<Row> rows, List<List<Cell>> cells) {
    public Table {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        cells = cells.stream().map(List::copyOf).toList();
    }

    /** The column of {@code tables} a question's figure names ({@link Column#named}), or null. */
    public static Column named(List<Table> tables, String figure) {
        return Column.named(tables.stream().flatMap(t -> t.columns().stream()).toList(), figure);
    }

    public Cell cell(int row, int column) {
        return cells.get(row).get(column);
    }
}
