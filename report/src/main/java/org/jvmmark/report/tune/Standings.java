package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;

/**
 * Where the points of one JDK's race stand on the objective, as the {@link Judge} sees them: the leader (the best
 * centre, {@link Judge#centres}, among the points that may win and have the forks a verdict needs), every other
 * judged point against the leader, and the leader against the JDK's default configuration — all in one family, so
 * the race's drops and the answer's words rest on the same intervals. Used by the race after every round and by the
 * report at the end. Immutable, hence thread-safe.
 *
 * @param leader the best point, or null when no point may win
 * @param gain the leader against the default (candidate = leader), null when the leader is the default or either
 *     side has no forks
 * @param vsLeader each other point with forks against the leader (candidate = the point); the default's is
 *     {@code gain} seen from the other side and is not repeated here
 * @param centres each point's level-adjusted centre (NaN without forks)
 * @param states each point's standing
 */
public record Standings(String leader, String defaultRow, Judgement gain, Map<String, Judgement> vsLeader,
                        Map<String, Double> centres, Map<String, State> states) {
    /** A point's standing in the race. */
    public enum State {
        /** The best so far. */
        LEADER,
        /** Worse than the leader beyond noise and the threshold: dropped. */
        WORSE,
        /** Within ±threshold of the leader: cannot be told apart from it, and need not be. */
        WITHIN_THRESHOLD,
        /** The judge cannot tell it from the leader yet. */
        OPEN,
        /** Fewer forks than a verdict needs: never judged (not raced further, or still to run). */
        TOO_FEW_FORKS,
        /** A fork failed: out of the race. */
        FAILED,
        /** It breaks a constraint: it cannot win. */
        CANNOT_WIN,
        /** No fork measured the objective. */
        NOT_MEASURED
    }

    public Standings {
        vsLeader = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(vsLeader));
        centres = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(centres));
        states = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(states));
    }

    /**
     * @param rows every point's forks (failed forks counted in {@link RowForks#failed()}), in the race's order
     * @param defaultRow the default configuration's row id
     * @param cannotWin points that break a constraint
     */
    public static Standings of(String figure, String unit, boolean higherIsBetter, List<RowForks> rows, String defaultRow,
                               Set<String> cannotWin, double threshold) {
        List<RowForks> measured = rows.stream().filter(r -> r.n() > 0).toList();
        Evidence evidence = new Evidence(figure, unit, higherIsBetter, measured);
        Map<String, Double> centres = new LinkedHashMap<>();
        rows.forEach(r -> centres.put(r.id(), Double.NaN));
        if (!measured.isEmpty()) {
            centres.putAll(Judge.centres(evidence));
        }
        String leader = null;
        for (boolean enough : new boolean[] {true, false}) {
            for (RowForks r : measured) {
                boolean eligible = r.failed() == 0 && !cannotWin.contains(r.id()) && (!enough || r.n() >= Judge.MIN_FORKS);
                if (eligible && (leader == null || better(centres.get(r.id()), centres.get(leader), higherIsBetter))) {
                    leader = r.id();
                }
            }
            if (leader != null) {
                break;
            }
        }
        List<Contrast> family = new ArrayList<>();
        List<String> asked = new ArrayList<>();
        if (leader != null) {
            for (RowForks r : measured) {
                if (!r.id().equals(leader) && !r.id().equals(defaultRow)) {
                    family.add(new Contrast(evidence, r.id(), leader));
                    asked.add(r.id());
                }
            }
        }
        boolean defaultMeasured = measured.stream().anyMatch(r -> r.id().equals(defaultRow));
        if (leader != null && !leader.equals(defaultRow) && defaultMeasured) {
            family.add(new Contrast(evidence, leader, defaultRow));
        }
        List<Judgement> judged = Judge.judge(family, threshold);
        Map<String, Judgement> vs = new LinkedHashMap<>();
        for (int i = 0; i < asked.size(); i++) {
            vs.put(asked.get(i), judged.get(i));
        }
        Judgement gain = judged.size() > asked.size() ? judged.get(asked.size()) : null;
        Map<String, State> states = new LinkedHashMap<>();
        for (RowForks r : rows) {
            states.put(r.id(), state(r, leader, defaultRow, gain, vs.get(r.id()), cannotWin));
        }
        return new Standings(leader, defaultRow, gain, vs, centres, states);
    }

    private static State state(RowForks r, String leader, String defaultRow, Judgement gain, Judgement j, Set<String> cannotWin) {
        if (r.failed() > 0) {
            return State.FAILED;
        }
        if (r.n() == 0) {
            return State.NOT_MEASURED;
        }
        if (r.id().equals(leader)) {
            return State.LEADER;
        }
        if (cannotWin.contains(r.id())) {
            return State.CANNOT_WIN;
        }
        if (r.n() < Judge.MIN_FORKS || leader == null) {
            return State.TOO_FEW_FORKS;
        }
        if (r.id().equals(defaultRow)) {
            j = gain;
            if (j == null) {
                return State.TOO_FEW_FORKS;
            }
            // the gain is the leader against the default: the default is worse when the leader is better
            return switch (j.answer()) {
                case BETTER -> State.WORSE;
                case WORSE -> State.OPEN; // cannot happen for a leader by centre; never called "worse" for it
                case NO_DIFFERENCE -> State.WITHIN_THRESHOLD;
                case CANNOT_TELL -> j.reason() == Judgement.Reason.TOO_FEW_FORKS ? State.TOO_FEW_FORKS : State.OPEN;
            };
        }
        return switch (j.answer()) {
            case WORSE -> State.WORSE;
            case BETTER -> State.OPEN;
            case NO_DIFFERENCE -> State.WITHIN_THRESHOLD;
            case CANNOT_TELL -> j.reason() == Judgement.Reason.TOO_FEW_FORKS ? State.TOO_FEW_FORKS : State.OPEN;
        };
    }

    private static boolean better(double a, double b, boolean higherIsBetter) {
        return higherIsBetter ? a > b : a < b;
    }

    /**
     * Whether the race can stop: the leader has the forks a verdict needs, its gain over the default is called or
     * within the threshold (or it is the default), and no other point is still open against it.
     */
    public boolean decided() {
        if (leader == null || states.values().stream().anyMatch(s -> s == State.OPEN)) {
            return false;
        }
        if (leader.equals(defaultRow)) {
            return true;
        }
        return gain != null && gain.answer() != Judgement.Answer.CANNOT_TELL;
    }

    /** The points that cannot be told apart from the leader: within the threshold, or open. */
    public List<String> tiedWithLeader() {
        return states.entrySet().stream().filter(e -> e.getValue() == State.WITHIN_THRESHOLD || e.getValue() == State.OPEN)
                .map(Map.Entry::getKey).toList();
    }

    /** Whether the leader beats the default beyond noise and the threshold. */
    public boolean beatsDefault() {
        return gain != null && gain.answer() == Judgement.Answer.BETTER;
    }
}
