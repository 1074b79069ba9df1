package org.jvmmark.report.render;

import java.util.List;

/**
 * A plain table of words for the details of a workload (GC, per-fork values): header, rows of
 * cells, and for each row an optional full-length note shown on hover in HTML. Both the HTML and
 * the Markdown renderer draw it. Immutable, hence thread-safe.
 *
 * @param numeric per column, whether it holds figures (right-aligned)
 */
public record TextTable(String title, List<String> header, List<Boolean> numeric, List<List<String>> rows) {
    public TextTable {
        header = List.copyOf(header);
        numeric = List.copyOf(numeric);
        rows = rows.stream().map(List::copyOf).toList();
    }
}
