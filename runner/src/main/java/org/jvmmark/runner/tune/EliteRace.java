package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;

/**
 * A race of settings that respects the machine's noise (DESIGN.md of the judge): every round is a batch of its own,
 * every point of a round gets the same number of fresh forks, run interleaved (fork k of every point before fork k+1
 * of any), so that the round's run effect and its share of upper-level launches meet all its points alike.
 *
 * <ul>
 *   <li><b>One rule for every drop and every win.</b> A point is dropped only when the judge calls it worse than the
 *       leader (its interval wholly past the threshold), on the forks of the rounds both ran (rows of the same
 *       batches: the run effect cancels), never on fewer than {@link Judge#MIN_FORKS} forks a side. The winner is
 *       called only by the same rule, on the confirmation round alone.</li>
 *   <li><b>An elite.</b> The leader (best level-adjusted centre) always races on, as does the default. The other
 *       points race on while they rank among the best {@link Settings#keep}; the rest are <i>left behind</i>, not
 *       dropped: a left-behind point comes back when it neighbours the leader or the runner-up.</li>
 *   <li><b>A local search.</b> Each round adds untried neighbours of the leader and the runner-up.</li>
 *   <li><b>A confirmed answer.</b> The race ends with a confirmation round of fresh forks, interleaved, for the
 *       leader, the default, and the runner-up when its centre is within the threshold of the leader's. The answer's
 *       pick and its gain over the default come from these forks only, so the selection (the best of many is biased
 *       upward on the forks that chose it) does not inflate the gain.</li>
 * </ul>
 *
 * <p>The caller runs each {@link Round} and {@link #record}s every fork, then asks for the {@link #next} round; points
 * are opaque names. Not thread-safe: one instance is one race.
 */
public final class EliteRace {
    /**
     * One fork's value of the objective, the round (batch) it ran in, the machine probe's cache-line round trip beside it
     * (ns; NaN: not observed) and whether the probe saw the machine change while it ran.
     */
    public record Fork(int round, double value, double machineNs, boolean machineChanged) {
    }

    /**
     * How the race spends forks.
     *
     * @param forksPerRound fresh forks each racing point gets per round (at least 2)
     * @param keep how many of the best points race on besides the default
     * @param neighboursPerRound most points added per round through neighbours (new, or come back)
     * @param maxRounds most racing rounds before the confirmation
     * @param confirmForks forks a side in the confirmation round
     * @param trialCap most trials in all, confirmation included
     * @param threshold the practical threshold (0.05 = 5 %)
     * @param higherIsBetter the objective's direction
     */
    public record Settings(int forksPerRound, int keep, int neighboursPerRound, int maxRounds, int confirmForks, int trialCap,
                           double threshold, boolean higherIsBetter) {
        public Settings {
            if (forksPerRound < 2) {
                throw new IllegalArgumentException("a round gives each point at least 2 forks, not " + forksPerRound);
            }
        }
    }

    /** A round to run: each point gets {@code forksEach} fresh forks, interleaved across the points. */
    public record Round(int number, List<String> points, int forksEach, boolean confirmation) {
        public Round {
            points = List.copyOf(points);
        }

        public int trials() {
            return points.size() * forksEach;
        }
    }

    /**
     * The race's answer.
     *
     * @param pick the recommended point (the default when the race found nothing better)
     * @param gain the pick against the default on the confirmation forks, null when the pick is the default
     * @param trials the forks the race ran, confirmation included
     */
    public record Answer(String pick, Judgement gain, int trials) {
        /** Whether the pick beats the default beyond noise and the threshold. */
        public boolean beatsDefault() {
            return gain != null && gain.answer() == Judgement.Answer.BETTER;
        }
    }

    private final String defaultPoint;
    private final Function<String, List<String>> neighbours;
    private final Settings settings;
    private final Map<String, List<Fork>> forks = new LinkedHashMap<>();
    private final Set<String> active = new LinkedHashSet<>();
    private final Set<String> dropped = new LinkedHashSet<>();
    private final Set<String> behind = new LinkedHashSet<>();
    private Round last;
    private int trials;
    private boolean done;

    /**
     * @param firstRound the points of round one (a spread sample of the space); the default is added
     * @param neighbours each point's neighbours on the space's ordered dimensions
     */
    public EliteRace(String defaultPoint, List<String> firstRound, Function<String, List<String>> neighbours, Settings settings) {
        this.defaultPoint = defaultPoint;
        this.neighbours = neighbours;
        this.settings = settings;
        active.add(defaultPoint);
        active.addAll(firstRound);
    }

    public void record(String point, Fork fork) {
        forks.computeIfAbsent(point, k -> new ArrayList<>()).add(fork);
        trials++;
    }

    public int trials() {
        return trials;
    }

    /** The next round to run, or null when the race (confirmation included) is over. */
    public Round next() {
        if (done) {
            return null;
        }
        if (last == null) {
            return last = new Round(1, List.copyOf(active), settings.forksPerRound(), false);
        }
        if (last.confirmation()) {
            done = true;
            return null;
        }
        String leader = judgeRound();
        Round confirm = confirmation(leader, last.number() + 1);
        // a round that does not fit the budget (less the largest confirmation: three points) loses its last-added points
        // (neighbours first), down to two
        int reserve = 3 * settings.confirmForks();
        List<String> points = new ArrayList<>(active);
        while (points.size() > 2 && trials + points.size() * settings.forksPerRound() + reserve > settings.trialCap()) {
            String cut = points.remove(points.size() - 1);
            if (forks.containsKey(cut)) {
                behind.add(cut);
            }
        }
        active.retainAll(points);
        Round racing = new Round(last.number() + 1, points, settings.forksPerRound(), false);
        boolean open = active.stream().anyMatch(p -> !p.equals(leader) && !p.equals(defaultPoint));
        if (last.number() >= settings.maxRounds() || !open
                || trials + racing.trials() + reserve > settings.trialCap()) {
            return last = confirm;
        }
        return last = racing;
    }

    /** After a racing round: drops, the elite, who is left behind and who joins; the leader. */
    private String judgeRound() {
        Set<String> tried = new LinkedHashSet<>(forks.keySet());
        tried.removeAll(dropped);
        Map<String, Double> centre = centres(tried);
        String leader = best(centre.keySet(), centre);
        List<String> rivals = active.stream().filter(p -> !p.equals(leader) && centre.containsKey(p)).toList();
        List<Contrast> family = new ArrayList<>();
        List<String> asked = new ArrayList<>();
        for (String p : rivals) {
            Evidence shared = shared(p, leader);
            if (shared != null) {
                family.add(new Contrast(shared, p, leader));
                asked.add(p);
            }
        }
        List<Judgement> judged = Judge.judge(family, settings.threshold());
        for (int i = 0; i < asked.size(); i++) {
            if (judged.get(i).answer() == Judgement.Answer.WORSE) {
                dropped.add(asked.get(i));
                active.remove(asked.get(i));
            }
        }
        List<String> ranked = active.stream().filter(centre::containsKey)
                .sorted(Comparator.comparingDouble(p -> rank(centre.get(p)))).toList();
        Set<String> elite = new LinkedHashSet<>();
        elite.add(leader);
        for (String p : ranked) {
            if (elite.size() < settings.keep() && !p.equals(defaultPoint)) {
                elite.add(p);
            }
        }
        for (String p : ranked) {
            if (!elite.contains(p) && !p.equals(defaultPoint)) {
                behind.add(p);
            }
        }
        active.retainAll(elite);
        if (!dropped.contains(defaultPoint)) {
            active.add(defaultPoint);
        }
        String runnerUp = ranked.stream().filter(p -> !p.equals(leader) && !p.equals(defaultPoint)).findFirst().orElse(null);
        int added = 0;
        for (String around : new String[] {leader, runnerUp}) {
            if (around == null) {
                continue;
            }
            for (String n : neighbours.apply(around)) {
                if (added >= settings.neighboursPerRound() || active.contains(n) || dropped.contains(n)) {
                    continue;
                }
                if (!forks.containsKey(n) || behind.remove(n)) {
                    active.add(n); // new, or back from behind: its neighbour does well
                    added++;
                }
            }
        }
        return leader;
    }

    private Round confirmation(String leader, int number) {
        List<String> points = new ArrayList<>(List.of(leader));
        if (!leader.equals(defaultPoint)) {
            points.add(defaultPoint);
        }
        Set<String> tried = new LinkedHashSet<>(forks.keySet());
        tried.removeAll(dropped);
        Map<String, Double> centre = centres(tried);
        centre.keySet().stream().filter(p -> !points.contains(p))
                .min(Comparator.comparingDouble(p -> rank(centre.get(p))))
                .filter(p -> Math.abs(Math.log(centre.get(p) / centre.get(leader))) < Math.log1p(settings.threshold()))
                .ifPresent(points::add);
        return new Round(number, points, settings.confirmForks(), true);
    }

    /** The answer, from the confirmation round's forks alone; null before it ran. */
    public Answer answer() {
        if (last == null || !last.confirmation()) {
            return null;
        }
        int round = last.number();
        List<RowForks> rows = new ArrayList<>();
        for (String p : last.points()) {
            rows.add(row(p, Set.of(round)));
        }
        Evidence e = new Evidence("objective", "", settings.higherIsBetter(), rows.stream().filter(r -> r.n() > 0).toList());
        if (e.rows().isEmpty()) {
            return new Answer(defaultPoint, null, trials);
        }
        // the pick on all its forks (more evidence than the confirmation's alone); its gain on the confirmation's only
        Set<String> confirmed = new LinkedHashSet<>(last.points());
        Map<String, Double> all = centres(confirmed);
        String pick = best(all.keySet(), all);
        Map<String, Double> centre = Judge.centres(e);
        if (pick.equals(defaultPoint) || !centre.containsKey(defaultPoint) || !centre.containsKey(pick)) {
            return new Answer(defaultPoint, null, trials);
        }
        Judgement gain = Judge.judge(List.of(new Contrast(e, pick, defaultPoint)), settings.threshold()).get(0);
        // a pick the confirmation cannot call better is still the best guess; the default when it calls it worse
        return new Answer(gain.answer() == Judgement.Answer.WORSE ? defaultPoint : pick, gain, trials);
    }

    /** Evidence of {@code a} and {@code b} on the rounds both ran; null when either has fewer than 3 forks there. */
    private Evidence shared(String a, String b) {
        Set<Integer> ra = rounds(a);
        ra.retainAll(rounds(b));
        RowForks x = row(a, ra);
        RowForks y = row(b, ra);
        if (x.n() < Judge.MIN_FORKS || y.n() < Judge.MIN_FORKS) {
            return null;
        }
        return new Evidence("objective", "", settings.higherIsBetter(), List.of(x, y));
    }

    private Set<Integer> rounds(String p) {
        Set<Integer> out = new TreeSet<>();
        forks.getOrDefault(p, List.of()).forEach(f -> out.add(f.round()));
        return out;
    }

    private RowForks row(String p, Set<Integer> rounds) {
        List<Fork> mine = forks.getOrDefault(p, List.of()).stream().filter(f -> rounds.contains(f.round())).toList();
        boolean[] changed = new boolean[mine.size()];
        for (int i = 0; i < changed.length; i++) {
            changed[i] = mine.get(i).machineChanged();
        }
        return new RowForks(p, mine.stream().mapToDouble(Fork::value).toArray(), 0,
                mine.stream().mapToInt(Fork::round).toArray(), mine.stream().mapToDouble(Fork::machineNs).toArray(), changed);
    }

    private Map<String, Double> centres(Set<String> points) {
        List<RowForks> rows = new ArrayList<>();
        for (String p : points) {
            RowForks r = row(p, rounds(p));
            if (r.n() > 0) {
                rows.add(r);
            }
        }
        return rows.isEmpty() ? Map.of() : Judge.centres(new Evidence("objective", "", settings.higherIsBetter(), rows));
    }

    private String best(Set<String> points, Map<String, Double> centre) {
        return points.stream().min(Comparator.comparingDouble(p -> rank(centre.get(p)))).orElse(defaultPoint);
    }

    private double rank(double centre) {
        return settings.higherIsBetter() ? -centre : centre;
    }
}
