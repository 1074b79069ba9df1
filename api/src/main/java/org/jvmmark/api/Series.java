package org.jvmmark.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table of measurements along one axis — one row per step of a trial (a burst written, a
 * connection level reached) — for a report to draw as one line per JVM. It describes itself: it
 * names its x column, gives each column a unit and a one-line meaning, and may carry marks (a
 * memory limit, say) at positions on the x axis. In the trial result and in {@code results.json}
 * it is written as:
 *
 * <pre>{@code
 * "series": { "bursts": {
 *     "summary": "one row per burst ...",
 *     "x": "writtenGiB",
 *     "columns": { "writtenGiB": { "unit": "GiB", "summary": "data written so far" },
 *                  "writeMsPerGiB": { "unit": "ms/GiB", "summary": "..." } },
 *     "rows": [ { "writtenGiB": 1, "writeMsPerGiB": 885.2 }, ... ],
 *     "marks": [ { "x": 2, "label": "memory limit 2 GiB" } ] } }
 * }</pre>
 *
 * Every row has every column, in declaration order; a value that could not be measured is
 * {@code null}. Values are numbers or booleans.
 *
 * <p>Not thread-safe while it is built; {@link TrialResult#series} takes a copy.
 */
public final class Series {
    private final String summary;
    private final String x;
    private final Map<String, Map<String, Object>> columns = new LinkedHashMap<>();
    private final List<Map<String, Object>> rows = new ArrayList<>();
    private final List<Map<String, Object>> marks = new ArrayList<>();

    /**
     * @param summary one line: what a row is
     * @param x the column the others are drawn against (declare it with {@link #column})
     */
    public Series(String summary, String x) {
        this.summary = summary;
        this.x = x;
    }

    /** Declares a column; rows give values in the order columns are declared. */
    public Series column(String name, String unit, String meaning) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("unit", unit);
        c.put("summary", meaning);
        columns.put(name, c);
        return this;
    }

    /**
     * Adds a row.
     *
     * @param values one per column, in declaration order: a {@link Number}, a {@link Boolean} or
     *     {@code null} (not measured)
     * @throws IllegalArgumentException when the count does not match the columns
     */
    public Series row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("a row needs " + columns.size() + " values " + columns.keySet()
                    + ", not " + values.length + ": " + Arrays.toString(values));
        }
        Map<String, Object> row = new LinkedHashMap<>();
        int i = 0;
        for (String name : columns.keySet()) {
            Object v = values[i++];
            if (v != null && !(v instanceof Number) && !(v instanceof Boolean)) {
                throw new IllegalArgumentException("column " + name + ": a number, a boolean or null, not " + v.getClass().getSimpleName());
            }
            row.put(name, v);
        }
        rows.add(row);
        return this;
    }

    /** Marks a position on the x axis (in the x column's unit) with a label. */
    public Series mark(double atX, String label) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("x", atX);
        m.put("label", label);
        marks.add(m);
        return this;
    }

    public int size() {
        return rows.size();
    }

    /** The series as a JSON-writable tree (see the class comment for the layout); a copy. */
    public Map<String, Object> toMap() {
        if (!columns.containsKey(x)) {
            throw new IllegalStateException("the x column '" + x + "' is not declared; columns: " + columns.keySet());
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", summary);
        m.put("x", x);
        Map<String, Object> cols = new LinkedHashMap<>();
        columns.forEach((name, c) -> cols.put(name, new LinkedHashMap<>(c)));
        m.put("columns", cols);
        List<Object> r = new ArrayList<>();
        rows.forEach(row -> r.add(new LinkedHashMap<>(row)));
        m.put("rows", r);
        List<Object> k = new ArrayList<>();
        marks.forEach(mark -> k.add(new LinkedHashMap<>(mark)));
        m.put("marks", k);
        return m;
    }
}
