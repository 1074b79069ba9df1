package org.jvmmark.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a figure measured as a trial goes on — one point per step (a burst written, a connection
 * level reached) against a growing x — in the layout {@link TrialResult#series(String, Map)} takes
 * and the report draws as one line per JVM:
 *
 * <pre>{@code
 * "bursts": {
 *   "x": { "name": "writtenGiB", "unit": "GiB", "summary": "...", "values": [1, 2, 3] },
 *   "y": [ { "name": "writeMsPerGiB", "unit": "ms/GiB", "better": "lower", "summary": "...", "values": [885, 901, 1084] },
 *          ... ],
 *   "markers": [ { "at": 2, "label": "memory limit 2 GiB" } ] }
 * }</pre>
 *
 * Every {@code y} has one value per x value; a value that could not be measured is {@code null}
 * (NaN). Each axis carries a one-line {@code summary} of what it is.
 *
 * <p>Not thread-safe while it is built; {@link TrialResult#series(String, Series)} takes a copy.
 */
public final class Series {
    private final Map<String, Object> x;
    private final List<Double> xValues = new ArrayList<>();
    private final List<Map<String, Object>> ys = new ArrayList<>();
    private final List<List<Double>> yValues = new ArrayList<>();
    private final List<Map<String, Object>> markers = new ArrayList<>();

    /** A series drawn against {@code xName} (in {@code xUnit}). */
    public Series(String xName, String xUnit, String summary) {
        this.x = axis(xName, xUnit, null, summary);
    }

    /** Declares a y; {@link #point} gives its values in declaration order. */
    public Series y(String name, String unit, Better better, String summary) {
        if (!xValues.isEmpty()) {
            throw new IllegalStateException("declare every y before the first point");
        }
        ys.add(axis(name, unit, better, summary));
        yValues.add(new ArrayList<>());
        return this;
    }

    private static Map<String, Object> axis(String name, String unit, Better better, String summary) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("name", name);
        a.put("unit", unit);
        if (better != null) {
            a.put("better", better.json());
        }
        a.put("summary", summary);
        return a;
    }

    /**
     * Adds a step.
     *
     * @param y one value per declared y, in declaration order; {@code NaN} where not measured
     * @throws IllegalArgumentException when the count does not match the y axes
     */
    public Series point(double atX, double... y) {
        if (y.length != ys.size()) {
            throw new IllegalArgumentException("a point needs " + ys.size() + " y values, not " + y.length);
        }
        xValues.add(atX);
        for (int i = 0; i < y.length; i++) {
            yValues.get(i).add(y[i]);
        }
        return this;
    }

    /** Marks a position on the x axis (in x's unit), e.g. where the data passed the memory limit. */
    public Series marker(double at, String label) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("at", at);
        m.put("label", label);
        markers.add(m);
        return this;
    }

    public int size() {
        return xValues.size();
    }

    /** The series as a JSON-writable tree (see the class comment for the layout); a copy. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> xAxis = new LinkedHashMap<>(x);
        xAxis.put("values", new ArrayList<>(xValues));
        m.put("x", xAxis);
        List<Object> y = new ArrayList<>();
        for (int i = 0; i < ys.size(); i++) {
            Map<String, Object> axis = new LinkedHashMap<>(ys.get(i));
            axis.put("values", new ArrayList<>(yValues.get(i)));
            y.add(axis);
        }
        m.put("y", y);
        List<Object> k = new ArrayList<>();
        markers.forEach(marker -> k.add(new LinkedHashMap<>(marker)));
        m.put("markers", k);
        return m;
    }
}
