package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;

/**
 * The {@value #KEY} block of a tuning run's {@code results.json}: the trials {@code tune --plan-only} recorded as the
 * round to run next, so that every slice ({@code tune --resume --shard I/N}) cuts the same list whatever its machine's
 * duration estimates, and {@code merge} joins only the slices of this round of this race. Immutable, hence thread-safe.
 *
 * @param race the race's start ({@code created} of the run that began it): which race the round belongs to
 * @param trials the ids of the trials to run, in the order the slices are cut from (empty when the race has ended)
 * @param again the rounds whose trials are asked for a second time, as {@link #pass}es: the forks a round still lacks
 *              after it ran (disturbed ones, or ones in no slice) are asked for once more, then the round is judged with
 *              what it has
 */
public record PlannedRound(String race, List<String> trials, List<String> again) {
    public static final String KEY = "tuneRound";

    public PlannedRound {
        trials = List.copyOf(trials);
        again = List.copyOf(again);
    }

    /** How {@link #again} names round {@code number} of {@code jdk}'s race. */
    public static String pass(String jdk, int number) {
        return jdk + " round " + number;
    }

    /** The block of {@code results}, or null when none was recorded. */
    public static PlannedRound of(Results results) {
        if (!(results.more().get(KEY) instanceof Map<?, ?> m)) {
            return null;
        }
        return new PlannedRound(String.valueOf(m.get("race")), strings(m.get("trials")), strings(m.get("again")));
    }

    private static List<String> strings(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof List<?> l) {
            l.forEach(v -> out.add(String.valueOf(v)));
        }
        return out;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("race", race);
        m.put("trials", trials);
        m.put("again", again);
        return m;
    }
}
