package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jvmmark.report.tune.Standings;

/**
 * Successive halving on forks, one JDK at a time: round one gives many points one short fork each; every later
 * round brings the promising half of the points still racing to more forks ({@link #forksOfRound}: 1, 3, 6, 10),
 * adds the untried neighbours of the two leaders on the ordered dimensions (a local search), and the judge drops a
 * point only when it says the point is worse than the leader beyond noise and the threshold ({@link Standings}).
 * The points left behind by the halving are "not raced further", never "worse". The JDK's default configuration
 * always races: it is what the answer's gain is measured against. The race stops when the standings are decided, when
 * the fork cap is reached, or when nothing is left to run; the budget is the caller's. Stateless and thread-safe.
 */
public final class Race {
    /** The most forks a point gets. */
    public static final int MAX_FORKS = 10;
    /** Most new neighbours a round adds. */
    static final int NEIGHBOURS_PER_ROUND = 4;

    private Race() {
    }

    /** The forks every point of round {@code round} (from 1) has when the round ends: 1, 3, 6, 10. */
    public static int forksOfRound(int round) {
        return switch (round) {
            case 1 -> 1;
            case 2 -> 3;
            case 3 -> 6;
            default -> MAX_FORKS;
        };
    }

    /**
     * What to do after a round.
     *
     * @param points the points of the next round (each brought up to {@code forks}), empty when the race stops
     * @param stopped why the race stops ("decided", …), empty while it goes on
     */
    public record Next(List<Point> points, int forks, String stopped) {
        public Next {
            points = List.copyOf(points);
        }

        static Next stop(String why) {
            return new Next(List.of(), 0, why);
        }
    }

    /**
     * @param round the round just finished (from 1)
     * @param standings where the points stand after it
     * @param rows each point tried so far by its row id, in the order tried
     * @param lastRound the rows of the round just finished: only they race on (the rest fell behind in a halving)
     * @param proposable whether a new point may be proposed (valid on this JDK, not yet tried)
     */
    public static Next next(int round, Standings standings, Map<String, Point> rows, Set<String> lastRound, SearchSpace space,
                            Predicate<Point> proposable) {
        if (round >= 2 && standings.decided()) {
            return Next.stop("decided");
        }
        if (round >= 4 || forksOfRound(round + 1) <= forksOfRound(round)) {
            return Next.stop("fork cap reached (" + MAX_FORKS + " forks a point)");
        }
        List<String> alive = new ArrayList<>();
        for (String row : lastRound) {
            Standings.State s = standings.states().get(row);
            boolean racing = s == Standings.State.LEADER || s == Standings.State.OPEN || s == Standings.State.TOO_FEW_FORKS;
            boolean measured = !Double.isNaN(standings.centres().getOrDefault(row, Double.NaN));
            if (measured && (racing || row.equals(standings.defaultRow()) && s != Standings.State.FAILED)) {
                alive.add(row);
            }
        }
        alive.sort(Comparator.comparingDouble(r -> rank(standings, r)));
        int keep = Math.max(2, (alive.size() + 1) / 2);
        Set<String> kept = new LinkedHashSet<>(alive.subList(0, Math.min(keep, alive.size())));
        if (standings.leader() != null) {
            kept.add(standings.leader());
        }
        if (alive.contains(standings.defaultRow())) {
            kept.add(standings.defaultRow());
        }
        List<Point> next = new ArrayList<>();
        kept.forEach(r -> next.add(rows.get(r)));
        List<Point> proposed = new ArrayList<>();
        for (String r : alive.subList(0, Math.min(2, alive.size()))) {
            for (Point n : space.neighbours(rows.get(r))) {
                if (proposed.size() < NEIGHBOURS_PER_ROUND && !rows.containsValue(n) && !proposed.contains(n) && proposable.test(n)) {
                    proposed.add(n);
                }
            }
        }
        next.addAll(proposed);
        if (next.size() < 2 && proposed.isEmpty()) {
            return Next.stop("nothing left to race");
        }
        return new Next(next, forksOfRound(round + 1), "");
    }

    /** Best first: the centre in the objective's better direction; points without a centre last. */
    private static double rank(Standings s, String row) {
        double c = s.centres().getOrDefault(row, Double.NaN);
        if (Double.isNaN(c)) {
            return Double.MAX_VALUE;
        }
        double leader = s.leader() == null ? Double.NaN : s.centres().get(s.leader());
        // the leader's centre tells the direction: rank by distance from it on the worse side
        return Double.isNaN(leader) ? c : Math.abs(Math.log(c / leader));
    }
}
