package org.jvmmark.results;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A figure measured repeatedly as a trial went on, against a growing x (for {@code queue-large}:
 * write and read time per GiB against the GiB written so far), so the report can draw it as lines,
 * one per JVM. In {@code results.json} a trial's {@code "series"} object maps a name to:
 *
 * <pre>{@code
 * "bursts": {
 *   "x": { "name": "written", "unit": "GiB", "values": [1, 2, 3] },
 *   "y": [ { "name": "writeMsPerGiB", "unit": "ms/GiB", "better": "lower", "values": [885, 901, 1084] },
 *          { "name": "readMsPerGiB",  "unit": "ms/GiB", "better": "lower", "values": [200, 199, 204] } ],
 *   "markers": [ { "at": 2, "label": "memory limit 2 GiB" } ]
 * }
 * }</pre>
 *
 * Every {@code y.values} has as many entries as {@code x.values}. Immutable, hence thread-safe.
 */
public record Series(Axis x, List<Axis> y, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Marker> markers) {
    public Series {
        if (x == null) {
            throw new IllegalArgumentException("a series has no x axis");
        }
        y = y == null ? List.of() : List.copyOf(y);
        markers = markers == null ? List.of() : List.copyOf(markers);
    }

    /**
     * {@code all} (null: none) with each y axis checked to be as long as its x axis.
     *
     * @throws IllegalArgumentException naming the series and axis when one is not
     */
    static java.util.Map<String, Series> checked(java.util.Map<String, Series> all) {
        java.util.Map<String, Series> out = new java.util.LinkedHashMap<>();
        if (all != null) {
            all.forEach((name, s) -> {
                for (Axis y : s.y()) {
                    if (y.values().length != s.x().values().length) {
                        throw new IllegalArgumentException("series '" + name + "': y '" + y.name() + "' has "
                                + y.values().length + " values for " + s.x().values().length + " x values");
                    }
                }
                out.put(name, s);
            });
        }
        return out;
    }

    /**
     * One axis: its name, unit, direction and values.
     *
     * @param better "higher", "lower" or "none" as the file says it, or null when the file leaves it out
     *     (then {@link #direction()} is "none")
     * @param summary a one-line description of what the axis is, or null when the file has none
     */
    public record Axis(String name, String unit, @JsonInclude(JsonInclude.Include.NON_NULL) String better, @JsonInclude(JsonInclude.Include.NON_NULL) String summary, double[] values) {
        public Axis {
            name = name == null ? "" : name;
            unit = unit == null ? "" : unit;
            if (values == null) {
                throw new IllegalArgumentException("axis '" + name + "' has no values");
            }
            values = values.clone();
        }

        public Axis(String name, String unit, String better, double[] values) {
            this(name, unit, better, null, values);
        }

        /** "higher", "lower" or "none" ("none" when the file did not say). */
        public String direction() {
            return better == null ? "none" : better;
        }

        @Override
        public double[] values() {
            return values.clone();
        }
    }

    /** A point on the x axis worth marking, e.g. where the data passed the memory limit. */
    public record Marker(double at, String label) {
        public Marker {
            label = label == null ? "" : label;
        }
    }
}
