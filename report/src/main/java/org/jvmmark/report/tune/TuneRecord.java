package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;

/**
 * The {@value #KEY} block of a tuning run's {@code results.json}: what was optimised under which constraints, and
 * per JDK the points raced (each a row of ordinary trials), the rounds as they were planned and why the race
 * stopped. The runner writes it after every round, so {@code tune --resume} continues the race and {@code report}
 * renders its answer; the answer itself is computed from the trials. Immutable.
 *
 * @param objective the figure optimised, as named ({@link TuneFigure})
 * @param constraints as given ({@link Constraint})
 * @param threshold the practical threshold of the judgements, as a fraction
 */
public record TuneRecord(String workload, String objective, List<String> constraints, double threshold, List<JdkRace> jdks) {
    /**
     * The block's key: {@code tuneRace}, apart from the {@code command} block's {@code tune} entry (the options), which
     * it shared until results written before 2026-11-27 ({@link #LEGACY_KEY}, still read).
     */
    public static final String KEY = "tuneRace";
    /** The key this block had when it shared {@code tune} with the command's options; read, never written. */
    public static final String LEGACY_KEY = "tune";

    public TuneRecord {
        constraints = List.copyOf(constraints);
        jdks = List.copyOf(jdks);
    }

    /** One JDK's race. {@code stopped} is empty while it runs. */
    public record JdkRace(String jdk, String defaultRow, List<PointRow> points, List<Round> rounds, String stopped) {
        public JdkRace {
            points = List.copyOf(points);
            rounds = List.copyOf(rounds);
        }

        /** The point's label of a row, or null. */
        public String labelOf(String row) {
            return points.stream().filter(p -> p.row().equals(row)).findFirst().map(PointRow::label).orElse(null);
        }
    }

    /** A point and the row its trials are recorded under. */
    public record PointRow(String label, String row, List<String> flags) {
        public PointRow {
            flags = List.copyOf(flags);
        }
    }

    /** A round: the forks each of its points has when the round ends, and its points by label. */
    public record Round(int forks, List<String> points) {
        public Round {
            points = List.copyOf(points);
        }
    }

    /** The block of {@code results}, or null when the run was not a tuning run. */
    public static TuneRecord of(Results results) {
        return block(results) instanceof Map<?, ?> m ? fromJson(m) : null;
    }

    /** The block as {@code results} hold it (under {@link #KEY}, else {@link #LEGACY_KEY}), or null. */
    public static Object block(Results results) {
        if (results == null) {
            return null;
        }
        Object now = results.more().get(KEY);
        return now != null ? now : results.more().get(LEGACY_KEY);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("workload", workload);
        out.put("objective", objective);
        out.put("constraints", constraints);
        out.put("threshold", threshold);
        List<Object> js = new ArrayList<>();
        for (JdkRace j : jdks) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("jdk", j.jdk());
            m.put("defaultRow", j.defaultRow());
            m.put("points", j.points().stream().map(p -> {
                Map<String, Object> pm = new LinkedHashMap<>();
                pm.put("label", p.label());
                pm.put("row", p.row());
                pm.put("flags", p.flags());
                return pm;
            }).toList());
            m.put("rounds", j.rounds().stream().map(r -> {
                Map<String, Object> rm = new LinkedHashMap<>();
                rm.put("forks", r.forks());
                rm.put("points", r.points());
                return rm;
            }).toList());
            m.put("stopped", j.stopped());
            js.add(m);
        }
        out.put("jdks", js);
        return out;
    }

    private static TuneRecord fromJson(Map<?, ?> m) {
        List<JdkRace> jdks = new ArrayList<>();
        for (Object o : list(m.get("jdks"))) {
            Map<?, ?> j = (Map<?, ?>) o;
            List<PointRow> points = new ArrayList<>();
            for (Object p : list(j.get("points"))) {
                Map<?, ?> pm = (Map<?, ?>) p;
                points.add(new PointRow(str(pm.get("label")), str(pm.get("row")), strings(pm.get("flags"))));
            }
            List<Round> rounds = new ArrayList<>();
            for (Object r : list(j.get("rounds"))) {
                Map<?, ?> rm = (Map<?, ?>) r;
                rounds.add(new Round(rm.get("forks") instanceof Number n ? n.intValue() : 0, strings(rm.get("points"))));
            }
            jdks.add(new JdkRace(str(j.get("jdk")), str(j.get("defaultRow")), points, rounds, str(j.get("stopped"))));
        }
        return new TuneRecord(str(m.get("workload")), str(m.get("objective")), strings(m.get("constraints")),
                m.get("threshold") instanceof Number n ? n.doubleValue() : org.jvmmark.report.judge.Judge.DEFAULT_THRESHOLD, jdks);
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    private static List<String> strings(Object o) {
        return list(o).stream().map(String::valueOf).toList();
    }

    private static String str(Object o) {
        return o == null ? "" : String.valueOf(o);
    }
}
