package org.jvmmark.report.builders;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.words.Words;

/**
 * How a workload's metric columns are cut into tables when the model is built: one table per metric group, none wider
 * than a reader can take in. Stateless and thread-safe.
 */
public final class MetricTables {
    private MetricTables() {
    }

    /** Most metric columns in one table: wider tables stop being readable, in a terminal or a README. */
    public static final int MAX_COLUMNS = 7;

    /**
     * Metric columns split into readable tables: metrics named "group.name" (e.g. startup's
     * "hello.startupMs", "http.startupMs") get a table per group, the rest share one, and any table
     * wider than {@link #MAX_COLUMNS} is cut into parts.
     */
    public static Map<String, List<Column>> of(List<Column> columns) {
        Map<String, List<Column>> groups = new LinkedHashMap<>();
        List<Column> plain = new ArrayList<>();
        for (Column c : columns) {
            int dot = c.key().indexOf('.');
            if (dot > 0 && dot < c.key().length() - 1) {
                // The table's title names the group; the column keeps the rest of the name.
                Column shortened = new Column(c.kind(), c.probe(), c.key(), Words.label(c.key().substring(dot + 1)), c.unit(),
                        c.higherIsBetter(), c.ranked(), c.trusted(), c.coCorrected());
                groups.computeIfAbsent("Metrics — " + c.key().substring(0, dot), k -> new ArrayList<>()).add(shortened);
            } else {
                plain.add(c);
            }
        }
        if (!plain.isEmpty()) {
            groups.put("Metrics", plain);
        }
        Map<String, List<Column>> tables = new LinkedHashMap<>();
        groups.forEach((title, cols) -> {
            int parts = (cols.size() + MAX_COLUMNS - 1) / MAX_COLUMNS;
            for (int i = 0; i < parts; i++) {
                List<Column> part = cols.subList(i * MAX_COLUMNS, Math.min(cols.size(), (i + 1) * MAX_COLUMNS));
                tables.put(parts == 1 ? title : title + " (" + (i + 1) + " of " + parts + ")", part);
            }
        });
        return tables;
    }
}
