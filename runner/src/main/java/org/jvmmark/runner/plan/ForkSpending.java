package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.runner.base.Text;

/**
 * Where {@code --forks auto}'s budget went, one line per workload, as the console says it at the end of a run:
 * "chat: 6 more forks (36 s), the most answer per second"; "queue-large: none, 49 forks a side would be needed
 * (6 min 32 s)". Fed each {@link AdaptiveForks.Round} as it is run. Not thread-safe: the run loop owns one.
 */
public final class ForkSpending {
    private final Function<String, String> workloadOfRow;
    private final Map<String, Integer> forks = new LinkedHashMap<>();
    private final Map<String, Double> seconds = new LinkedHashMap<>();
    private final Map<String, Double> firstRatio = new LinkedHashMap<>();
    private final Map<String, String> whyNot = new LinkedHashMap<>();

    /** @param workloadOfRow the workload of a row id ({@code chat/temurin-25/platform} → {@code chat}) */
    public ForkSpending(Function<String, String> workloadOfRow) {
        this.workloadOfRow = workloadOfRow;
    }

    /** The workload of a row id: its first part. */
    public static String workloadOf(String row) {
        int slash = row.indexOf('/');
        return slash < 0 ? row : row.substring(0, slash);
    }

    /** Notes a round about to run: the forks it funds, and why the rows it left out got none. */
    public void round(AdaptiveForks.Round round) {
        for (PlannedTrial t : round.trials()) {
            String w = workloadOfRow.apply(t.rowId());
            forks.merge(w, 1, Integer::sum);
            seconds.merge(w, (double) t.estimatedSeconds(), Double::sum);
            ForkValue.Offer o = round.offers().get(t.rowId());
            if (o != null) {
                firstRatio.putIfAbsent(w, o.perSecond());
            }
        }
        round.notGrown().forEach((row, why) -> whyNot.putIfAbsent(workloadOfRow.apply(row), why));
    }

    /**
     * One line per workload of the plan: the forks it got and why, or why it got none.
     *
     * @param states the rows' states at the end of the run
     * @param secondsPerFork a row's per-trial estimate
     */
    public List<String> lines(Map<String, AdaptiveForks.RowState> states, ToDoubleFunction<String> secondsPerFork) {
        Map<String, List<AdaptiveForks.RowState>> byWorkload = new LinkedHashMap<>();
        states.forEach((row, s) -> byWorkload.computeIfAbsent(workloadOfRow.apply(row), k -> new ArrayList<>()).add(s));
        List<String> funded = new ArrayList<>(forks.keySet());
        funded.sort(Comparator.comparingDouble((String w) -> -firstRatio.getOrDefault(w, 0.0)));
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<AdaptiveForks.RowState>> e : byWorkload.entrySet()) {
            String w = e.getKey();
            Integer n = forks.get(w);
            if (n != null) {
                out.add(w + ": " + n + " more " + (n == 1 ? "fork" : "forks") + " (" + Text.seconds(seconds.get(w)) + "), "
                        + (funded.indexOf(w) == 0 ? "the most answer per second" : "ranked " + (funded.indexOf(w) + 1)
                                + " by answer per second"));
            } else {
                out.add(w + ": none, " + whyNone(e.getValue(), whyNot.get(w), secondsPerFork));
            }
        }
        return out;
    }

    /** Why a workload got no adaptive fork: a round's reason, else what its rows' questions would need, else their state. */
    static String whyNone(List<AdaptiveForks.RowState> rows, String roundReason, ToDoubleFunction<String> secondsPerFork) {
        if (roundReason != null) {
            return roundReason;
        }
        AdaptiveForks.RowState far = rows.stream().filter(s -> s.question() != null)
                .max(Comparator.comparingInt(s -> needed(s.question()))).orElse(null);
        if (far != null) {
            int needed = needed(far.question());
            if (needed == Judgement.MORE_THAN_CAP) {
                return "more than " + Judgement.CAP + " forks a side would be needed";
            }
            // both rows of the pair need them
            double cost = 2.0 * Math.max(0, needed - far.forks()) * secondsPerFork.applyAsDouble(far.row());
            return needed + " forks a side would be needed (" + Text.seconds(cost) + ")";
        }
        boolean decided = rows.stream().allMatch(s -> s.reason().startsWith("decided"));
        if (decided) {
            int most = rows.stream().mapToInt(AdaptiveForks.RowState::forks).max().orElse(0);
            return "decided with " + most + (most == 1 ? " fork" : " forks") + " a row";
        }
        return rows.get(0).reason();
    }

    private static int needed(ForkValue.Question q) {
        return q.forksToTell() > 0 ? q.forksToTell() : q.forksToRepeat();
    }
}
