package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;
import org.jvmmark.report.judge.Judge;

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
    /** The recorded stop of a race that ended with its final stage (which {@code tune --resume --more-forks} reads). */
    public static final String CONFIRMED = "confirmed";

    public TuneRecord {
        constraints = List.copyOf(constraints);
        jdks = List.copyOf(jdks);
    }

    /**
     * One JDK's race. {@code stopped} is empty while it runs.
     *
     * @param baselineRow the row of the user's baseline ({@code --baseline}), empty without one
     * @param trialCap the most trials the race may run, confirmation included, fixed when it began (from its share of the
     *     budget), so that a resumed race decides as the first invocation would have
     * @param dropped the points the judge called worse than the leader, by label, as the race stood at its last round
     * @param behind the points the elite left behind (never judged worse)
     * @param excluded the points out of the race because a fork failed or they break a constraint
     */
    public record JdkRace(String jdk, String defaultRow, String baselineRow, List<PointRow> points, List<Round> rounds,
                          String stopped, int trialCap, List<String> dropped, List<String> behind, List<String> excluded) {
        public JdkRace {
            points = List.copyOf(points);
            rounds = List.copyOf(rounds);
            dropped = List.copyOf(dropped);
            behind = List.copyOf(behind);
            excluded = List.copyOf(excluded);
        }

        /**
         * Why the race stopped, in words: the recorded {@link #CONFIRMED} says only that the final stage ended (said as
         * "confirmed" beside "cannot tell yet", it read as a verdict); any other stop as recorded; empty while it runs.
         */
        public String stoppedWords() {
            return stopped.equals(CONFIRMED) ? "its final stage has ended" : stopped;
        }

        /** The point's label of a row, or null. */
        public String labelOf(String row) {
            return points.stream().filter(p -> p.row().equals(row)).findFirst().map(PointRow::label).orElse(null);
        }

        /** The row of a point's label, or null. */
        public String rowOf(String label) {
            return points.stream().filter(p -> p.label().equals(label)).findFirst().map(PointRow::row).orElse(null);
        }

        /**
         * Whether round {@code number} (from 1) is one of the confirmation rounds that end the race: the last round and
         * the confirmation rounds right before it ({@code tune --resume --more-forks} adds one after another).
         */
        public boolean confirming(int number) {
            int first = rounds.size();
            while (first >= 1 && rounds.get(first - 1).confirmation()) {
                first--;
            }
            return number > first && number <= rounds.size();
        }

        /** The last round, or null before the first. */
        public Round last() {
            return rounds.isEmpty() ? null : rounds.get(rounds.size() - 1);
        }

        /** This race with its rounds, its points and where they stand as given. */
        public JdkRace with(List<PointRow> newPoints, List<Round> newRounds, String why, List<String> newDropped,
                            List<String> newBehind, List<String> newExcluded) {
            return new JdkRace(jdk, defaultRow, baselineRow, newPoints, newRounds, why, trialCap, newDropped, newBehind,
                    newExcluded);
        }

        /**
         * The batch (round number, from 1) of fork {@code fork} of the point {@code label}: the last round holding the
         * point whose first fork is at most {@code fork}; 0 when none (a fork of before the race's record).
         */
        public int roundOf(String label, int fork) {
            int found = 0;
            for (int r = 0; r < rounds.size(); r++) {
                int i = rounds.get(r).points().indexOf(label);
                if (i >= 0 && i < rounds.get(r).firstForks().size() && rounds.get(r).firstForks().get(i) <= fork) {
                    found = r + 1;
                }
            }
            return found;
        }
    }

    /** A point and the row its trials are recorded under. */
    public record PointRow(String label, String row, List<String> flags) {
        public PointRow {
            flags = List.copyOf(flags);
        }
    }

    /**
     * A round, a batch of its own: each of its points gets {@code forks} fresh forks, numbered from its
     * {@code firstForks} entry on (re-runs of disturbed forks after them, before the next round).
     *
     * @param points the round's points by label
     * @param firstForks per point, the number of its first fork of this round
     * @param confirmation whether this is the race's last round, the confirmation of its answer
     */
    public record Round(int forks, List<String> points, List<Integer> firstForks, boolean confirmation) {
        public Round {
            points = List.copyOf(points);
            firstForks = List.copyOf(firstForks);
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
            m.put("baselineRow", j.baselineRow());
            m.put("trialCap", j.trialCap());
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
                rm.put("firstForks", r.firstForks());
                rm.put("confirmation", r.confirmation());
                return rm;
            }).toList());
            m.put("dropped", j.dropped());
            m.put("behind", j.behind());
            m.put("excluded", j.excluded());
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
                rounds.add(new Round(rm.get("forks") instanceof Number n ? n.intValue() : 0, strings(rm.get("points")),
                        list(rm.get("firstForks")).stream().map(v -> v instanceof Number n ? n.intValue() : 1).toList(),
                        Boolean.TRUE.equals(rm.get("confirmation"))));
            }
            jdks.add(new JdkRace(str(j.get("jdk")), str(j.get("defaultRow")), str(j.get("baselineRow")), points, rounds,
                    str(j.get("stopped")), j.get("trialCap") instanceof Number n ? n.intValue() : 0, strings(j.get("dropped")),
                    strings(j.get("behind")), strings(j.get("excluded"))));
        }
        return new TuneRecord(str(m.get("workload")), str(m.get("objective")), strings(m.get("constraints")),
                m.get("threshold") instanceof Number n ? n.doubleValue() : Judge.DEFAULT_THRESHOLD, jdks);
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
