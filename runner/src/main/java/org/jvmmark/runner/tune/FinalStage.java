package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.report.tune.Confirmation;

/**
 * The race's final stage past its first confirmation round: while the answer is open, one more round of fresh forks
 * for the default, the baseline, the candidate and each rival whose chance of beating the candidate is still open
 * (OCBA-style: forks go where the chance of being best is undecided, none to a rival the fresh forks have already
 * placed behind), until the interval decides or the trial cap is reached.
 *
 * <p>Why: three confirmation forks a side seldom put a 7–15 % gain's interval wholly past the threshold, and a rival
 * that is truly best but trails on them is never confirmed; a fixed confirmation then answers "cannot tell yet" or
 * names the wrong one of two close settings. The rounds keep one batch each and carry the default, so the answer is
 * judged on all of the stage's forks alone ({@link Confirmation}), as after {@code tune --resume --more-forks}.
 *
 * <p>The chance a rival beats the candidate is the normal approximation on the stage's forks alone (their logs, the
 * spread pooled over the stage's points): those forks were drawn after the race chose the points, so they carry none
 * of the selection's luck. Stateless; {@link #grow} reads the race it is given, not thread-safe as the race is not.
 */
final class FinalStage {
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private FinalStage() {
    }

    /**
     * The stage's first round, the confirmation: the leader, the default and the baseline; and a runner-up when it is
     * within the threshold of the leader, or leads on fewer forks (a challenger), or when the leader is the default (so
     * that "keep the default" is bounded on a setting's fresh forks) — unless it would not fit the trial cap.
     */
    static EliteRace.Round first(EliteRace race, String leader, int number) {
        EliteRace.Settings settings = race.settings();
        int forks = settings.confirmForks();
        List<String> points = new ArrayList<>(List.of(leader));
        for (String anchor : new String[] {race.defaultPoint(), race.baseline()}) {
            if (anchor != null && !points.contains(anchor) && !race.excluded().contains(anchor)) {
                points.add(anchor);
            }
        }
        Map<String, Double> centre = withDropped(race, leader, race.ranking());
        if (!centre.containsKey(leader) || race.trials() + (points.size() + 1) * forks > settings.trialCap() && points.size() >= 2) {
            return new EliteRace.Round(number, points, forks, true);
        }
        double z = settings.strategy().optimism();
        double spread = z > 0 ? spread(race, centre.keySet()) : 0;
        Set<Integer> all = rounds(race);
        Comparator<String> byRank = Comparator.comparingDouble(p -> race.rank(centre.get(p)
                * Math.exp((settings.higherIsBetter() ? 1 : -1) * z * spread / Math.sqrt(Math.max(1, race.values(p, all).length)))));
        int top = settings.strategy().top();
        if (top > 0) {
            centre.keySet().stream().filter(p -> !points.contains(p)).sorted(byRank)
                    .limit(top - (leader.equals(race.defaultPoint()) ? 0 : 1)).forEach(p -> {
                        if (race.trials() + (points.size() + 1) * forks <= settings.trialCap()) {
                            points.add(p);
                        }
                    });
            return new EliteRace.Round(number, points, forks, true);
        }
        boolean open = leader.equals(race.defaultPoint());
        centre.keySet().stream().filter(p -> !points.contains(p)).min(byRank)
                .filter(p -> open || p.equals(race.challenger())
                        || Math.abs(Math.log(centre.get(p) / centre.get(leader))) < Math.log1p(settings.threshold()))
                .ifPresent(points::add);
        return new EliteRace.Round(number, points, forks, true);
    }

    /**
     * {@code centre}, and where the default leads and no setting is left in contention beside it (the judge dropped them
     * all as worse), the dropped settings' centres too (the mean of their forks' logs), so that the confirmation still
     * puts the best of them beside the default: "keep the default" is bounded only on a setting's fresh forks. With an
     * elite of 4 racing beside a leading default, a space whose settings are all clearly worse had them all dropped, and
     * the answer could only be "cannot tell yet".
     */
    private static Map<String, Double> withDropped(EliteRace race, String leader, Map<String, Double> centre) {
        boolean alone = centre.keySet().stream().allMatch(p -> p.equals(race.defaultPoint()) || p.equals(race.baseline()));
        if (!leader.equals(race.defaultPoint()) || !alone) {
            return centre;
        }
        Map<String, Double> out = new LinkedHashMap<>(centre);
        Set<Integer> all = rounds(race);
        race.dropped().stream().filter(p -> !race.excluded().contains(p)).forEach(p -> {
            double[] logs = Stats.logs(race.values(p, all));
            if (logs.length > 0) {
                out.put(p, Math.exp(Stats.mean(logs)));
            }
        });
        return out;
    }

    /** Every round asked for so far. */
    private static Set<Integer> rounds(EliteRace race) {
        Set<Integer> out = new TreeSet<>();
        for (int r = 1; r <= race.last().number(); r++) {
            out.add(r);
        }
        return out;
    }

    /** The forks' spread on the log scale, pooled over each point's rounds (each round's own centre taken out). */
    private static double spread(EliteRace race, Set<String> points) {
        List<double[]> cells = new ArrayList<>();
        for (String p : points) {
            for (int r = 1; r <= race.last().number(); r++) {
                cells.add(Stats.logs(race.values(p, Set.of(r))));
            }
        }
        double s2 = pooledVariance(cells);
        return Double.isNaN(s2) ? 0 : Math.sqrt(s2);
    }

    /** The variance within {@code groups}, pooled (each group's own mean taken out); NaN without a degree of freedom. */
    private static double pooledVariance(Collection<double[]> groups) {
        double ss = 0;
        int df = 0;
        for (double[] v : groups) {
            double m = Stats.mean(v);
            for (double x : v) {
                ss += (x - m) * (x - m);
            }
            df += Math.max(0, v.length - 1);
        }
        return df > 0 ? ss / df : Double.NaN;
    }

    /**
     * The trials the racing rounds leave to the final stage: its confirmation and, where the machine changed level during
     * a share s of the race's forks so far, room for the replacements of the confirmation's forks it will likely lose at
     * that rate ({@link #replace}): for each point the fewest more forks k such that n of n + k forks keep their level
     * with a chance of 90 % or more ({@link LostForks#toAsk}: with n = 3, k = 0 below s = 0.035, 1 below 0.143, 2 below
     * 0.247, 3 below 0.334).
     *
     * <p>Why: the race keeps the user's {@code --budget}. Replacements past the trial cap took a race on the flipping AMD
     * host 39 s past its 5 minutes (2026-11-29); without them the confirmation of a flat space there lost a third of its
     * forks and could not bound anything. The share is the race's own measure of its machine: on a host whose level
     * holds it is 0 and the reserve is the confirmation alone, as before.
     */
    static int reserve(EliteRace race, EliteRace.Round confirm) {
        List<EliteRace.Fork> all = race.forks();
        long changed = all.stream().filter(EliteRace.Fork::machineChanged).count();
        if (changed == 0) {
            return confirm.trials();
        }
        int n = confirm.forksEach();
        return confirm.points().size() * LostForks.toAsk(n, (double) changed / all.size());
    }

    /**
     * While the answer is open ("cannot tell yet", or no answer because the default has no usable fork), a round that
     * runs again the stage's forks the judge cannot use: those that failed, were disturbed, or ran while the machine
     * changed level ({@link Judge#usableForks}, counted as the judge counts them). The same points, so that the round is
     * a batch like the others and the answer rests on all of them, and as many forks each as the point short of the most
     * lacks — where the machine changed level, as many as fit the trial cap, else all or none (failed and disturbed
     * forks are rare, and SpaceSimulation's table was measured so). Null when none is lacking, when the answer is
     * decided, or when nothing fits the cap: the cap is the user's {@code --budget}, and the racing rounds left room for
     * the replacements the machine's level changes so far call for ({@link #reserve}).
     *
     * <p>Why: on a host whose level flips between forks, the forks of a confirmation round are often left out; without
     * their replacements the stage had no room left to grow, and a flat space could never read "keep the default".
     */
    static EliteRace.Round replace(EliteRace race, int number) {
        if (!race.settings().strategy().replaceLost()) {
            return null;
        }
        EliteRace.Answer answer = race.answer();
        if (answer != null && answer.confirmation() != null && answer.form() != Confirmation.Form.CANNOT_TELL) {
            return null;
        }
        List<String> points = race.last().points().stream().filter(p -> !race.excluded().contains(p)).toList();
        if (!points.contains(race.defaultPoint())) {
            return null;
        }
        List<EliteRace.Round> stage = race.stage();
        Evidence e = race.stageEvidence(points);
        int lacking = 0;
        int machine = 0;
        for (String p : points) {
            int asked = stage.stream().filter(r -> r.points().contains(p)).mapToInt(EliteRace.Round::forksEach).sum();
            lacking = Math.max(lacking, asked - Judge.usableForks(e, p));
            machine += Judge.leftOut(e, p);
        }
        int room = (race.settings().trialCap() - race.trials()) / points.size();
        int fit = machine > 0 ? Math.min(lacking, room) : lacking <= room ? lacking : 0;
        return fit <= 0 ? null : new EliteRace.Round(number, points, fit, true);
    }

    /** The next round of the final stage of {@code race}, numbered {@code number}, or null when the answer is decided or nothing more fits. */
    static EliteRace.Round grow(EliteRace race, int number) {
        EliteRace.Settings settings = race.settings();
        int forks = settings.strategy().growForks();
        EliteRace.Answer answer = race.answer();
        if (forks == 0 || answer == null || answer.confirmation() == null) {
            return null;
        }
        Confirmation c = answer.confirmation();
        String candidate = c.candidate();
        if (c.form() == Confirmation.Form.KEEP_DEFAULT || candidate == null) {
            return null;
        }
        List<String> was = race.last().points().stream().filter(p -> !race.excluded().contains(p)).toList();
        if (!was.contains(race.defaultPoint()) || !was.contains(candidate)) {
            return null; // nothing to measure a gain against, or no setting to measure
        }
        Map<String, Double> chance = chances(race, was, candidate);
        List<String> rivals = new ArrayList<>(chance.keySet().stream()
                .filter(p -> chance.get(p) >= settings.strategy().open())
                .sorted(Comparator.comparingDouble(p -> -chance.get(p))).toList());
        if (c.form() == Confirmation.Form.WINNER && rivals.isEmpty()) {
            return null;
        }
        while (!rivals.isEmpty() && race.trials() + (was.size() - chance.size() + rivals.size()) * forks > settings.trialCap()) {
            rivals.remove(rivals.size() - 1);
        }
        List<String> points = was.stream().filter(p -> !chance.containsKey(p) || rivals.contains(p)).toList();
        if (race.trials() + points.size() * forks > settings.trialCap()) {
            return null;
        }
        return new EliteRace.Round(number, points, forks, true);
    }

    /**
     * Per rival of {@code candidate} among {@code points} (not the default nor the baseline), the chance it beats the
     * candidate on the stage's forks; a rival without 2 forks there is certain to be open (1).
     */
    private static Map<String, Double> chances(EliteRace race, List<String> points, String candidate) {
        Set<Integer> rounds = race.confirmationRounds();
        Map<String, double[]> logs = new LinkedHashMap<>();
        for (String p : points) {
            logs.put(p, Stats.logs(race.values(p, rounds)));
        }
        double s2 = pooledVariance(logs.values());
        double[] c = logs.get(candidate);
        boolean higher = race.settings().higherIsBetter();
        Map<String, Double> out = new LinkedHashMap<>();
        for (String p : points) {
            if (p.equals(candidate) || p.equals(race.defaultPoint()) || p.equals(race.baseline())) {
                continue;
            }
            double[] r = logs.get(p);
            if (r.length < 2 || c.length < 2 || Double.isNaN(s2) || s2 == 0) {
                out.put(p, 1.0);
                continue;
            }
            double better = (higher ? 1 : -1) * (Stats.mean(r) - Stats.mean(c)) / Math.sqrt(s2 * (1.0 / r.length + 1.0 / c.length));
            out.put(p, STANDARD_NORMAL.cumulativeProbability(better));
        }
        return out;
    }
}
