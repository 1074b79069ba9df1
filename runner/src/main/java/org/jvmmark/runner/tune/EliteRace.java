package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Collections;
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
import org.jvmmark.report.tune.Confirmation;
import org.jvmmark.report.tune.RoundCentres;
import org.jvmmark.report.tune.TuneAnswer;

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
 *   <li><b>A ranking over all the forks, each round's effect taken out.</b> Points are ranked by their centres over
 *       all their forks, level-adjusted and with each round's run effect fitted and removed ({@link RoundCentres}), so
 *       that a point raced in a round the machine was slow in is not ranked on the machine.</li>
 *   <li><b>An elite.</b> The leader (best level- and round-adjusted centre) always races on, as do the default and the user's
 *       baseline (when given). The other
 *       points race on while they rank among the best {@link Settings#keep}; the rest are <i>left behind</i>, not
 *       dropped: a left-behind point comes back when it neighbours the leader or the runner-up.</li>
 *   <li><b>A local search.</b> Each round adds untried neighbours of the leader and the runner-up (on the ordered
 *       dimensions and, as {@link RaceStrategy#categorical} says, another collector or a flag flipped).</li>
 *   <li><b>A confirmed answer.</b> The race ends with a confirmation round of fresh forks, interleaved, for the
 *       leader, the default, the baseline, and the runner-up when its centre is within the threshold of the leader's.
 *       The answer's pick is {@link Confirmation}'s, and its gain over the default comes from these forks only, so the selection (the best of many is biased
 *       upward on the forks that chose it) does not inflate the gain.</li>
 *   <li><b>A final stage that grows</b> ({@link FinalStage}, when {@link RaceStrategy#growForks} is set): while the answer
 *       is open and the trial cap allows, one more round of fresh forks for the default, the candidate and the rivals
 *       whose chance of beating it is still open; the answer is judged on all of the stage's rounds.</li>
 * </ul>
 *
 * <p>A point whose forks failed twice ({@link #fail}), or that breaks a constraint, is {@link #exclude}d. The caller
 * runs each {@link Round} and {@link #record}s every fork, then asks for the {@link #next} round; points
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
                           double threshold, boolean higherIsBetter, RaceStrategy strategy) {
        /** Fewest and most points round one races. */
        public static final int MIN_FIRST_ROUND = 4;
        public static final int MAX_FIRST_ROUND = 24;

        public Settings {
            if (forksPerRound < 2) {
                throw new IllegalArgumentException("a round gives each point at least 2 forks, not " + forksPerRound);
            }
        }

        /**
         * The settings {@code tune} races with, and the race simulation measures (docs/tuning.md has its table): 2 forks a
         * point a round (round one 1, {@link RaceStrategy#STANDARD}), the best 4 race on beside the default and the
         * baseline (2 before round one screened on one fork), up to 4 points a round added, at most 6 racing rounds, 3
         * forks a side in the confirmation.
         */
        public static Settings standard(int trialCap, double threshold, boolean higherIsBetter) {
            return new Settings(2, 4, 4, 6, 3, trialCap, threshold, higherIsBetter, RaceStrategy.STANDARD);
        }

        /** These settings with {@code s} instead of their strategy. */
        public Settings with(RaceStrategy s) {
            return new Settings(forksPerRound, keep, neighboursPerRound, maxRounds, confirmForks, trialCap, threshold,
                    higherIsBetter, s);
        }

        /** These settings with {@code n} points a round through neighbours and {@code k} kept. */
        public Settings with(int k, int n) {
            return new Settings(forksPerRound, k, n, maxRounds, confirmForks, trialCap, threshold, higherIsBetter, strategy);
        }

        /**
         * How many points round one races (the default included): {@link RaceStrategy#firstShare} of the trial cap's
         * trials at {@link RaceStrategy#firstForks} a point, between {@value #MIN_FIRST_ROUND} and {@value #MAX_FIRST_ROUND};
         * a design over every categorical value, which no later round reaches through neighbours ({@link SearchSpace#sample}).
         */
        public int firstRoundSize() {
            return Math.max(MIN_FIRST_ROUND, Math.min(MAX_FIRST_ROUND, (int) (trialCap * strategy.firstShare()) / strategy.firstForks(forksPerRound)));
        }

        /** The fewest trials a race of {@code firstRound} points (default and baseline included) needs: round one and a confirmation. */
        public int leastTrials(int firstRound) {
            return firstRound * strategy.firstForks(forksPerRound) + 2 * confirmForks;
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
     * The race's answer: the confirmation round's ({@link Confirmation}), and the trials the race ran.
     *
     * @param confirmation null when the default has no confirmation forks (it failed)
     */
    public record Answer(String defaultPoint, Confirmation confirmation, int trials) {
        /**
         * The recommended point: the default when the race found nothing better; null when the default has no
         * confirmation forks (it failed, or its forks were all disturbed): then nothing was measured against it, and
         * neither it nor any other point is an answer.
         */
        public String pick() {
            return confirmation == null ? null : confirmation.pick();
        }

        /** Which of the three answers, {@link Confirmation.Form#CANNOT_TELL} without a confirmed default. */
        public Confirmation.Form form() {
            return confirmation == null ? Confirmation.Form.CANNOT_TELL : confirmation.form();
        }

        /** Whether the pick beats the default beyond noise and the threshold, on the confirmation forks. */
        public boolean beatsDefault() {
            return confirmation != null && confirmation.beatsDefault();
        }
    }

    private final String defaultPoint;
    private final String baseline;
    private final Function<String, List<String>> neighbours;
    private final Settings settings;
    private final Map<String, List<Fork>> forks = new LinkedHashMap<>();
    private final Set<String> active = new LinkedHashSet<>();
    private final Set<String> dropped = new LinkedHashSet<>();
    private final Set<String> behind = new LinkedHashSet<>();
    private final Set<String> excluded = new LinkedHashSet<>();
    /** Per point, the rounds of its failed forks. */
    private final Map<String, List<Integer>> failures = new LinkedHashMap<>();
    private Round last;
    private final Set<Integer> confirmRounds = new TreeSet<>(); // the confirmation rounds run, by number
    /** The final stage's rounds asked for, in order; whether the last runs again forks the judge could not use. */
    private final List<Round> stage = new ArrayList<>();
    private boolean replacing;
    /** Forks a side of a further confirmation round asked for ({@link #confirmMore}), 0 when none. */
    private int more;
    private String leader;
    /** A point whose centre beats the leader's on fewer forks, or null. */
    private String challenger;
    private int trials;
    private boolean done;
    /** Given the contenders' centres, the untried points a model predicts best ({@link #proposing}); null: none. */
    private Function<Map<String, Double>, List<String>> proposer;
    /** Given the contenders' centres, the centre a model predicts for each point ({@link #pooling}); null: none. */
    private Function<Map<String, Double>, Map<String, Double>> model;

    /**
     * @param baseline the user's own settings, which race beside the default and are never left behind, or null
     * @param firstRound the points of round one (a spread sample of the space); the default and the baseline are added
     * @param neighbours each point's neighbours on the space's ordered dimensions
     */
    public EliteRace(String defaultPoint, String baseline, List<String> firstRound, Function<String, List<String>> neighbours,
                     Settings settings) {
        this.defaultPoint = defaultPoint;
        this.baseline = baseline;
        this.neighbours = neighbours;
        this.settings = settings;
        active.add(defaultPoint);
        if (baseline != null) {
            active.add(baseline);
        }
        active.addAll(firstRound);
    }

    /** Lets each round add first up to {@link RaceStrategy#proposals} of the points {@code proposer} ranks best (untried, or left behind). */
    public EliteRace proposing(Function<Map<String, Double>, List<String>> proposer) {
        this.proposer = proposer;
        return this;
    }

    /**
     * Ranks the points (the leader, the elite, the final stage's) by their centres pooled with what {@code model}
     * predicts for them from all the points measured ({@link RaceStrategy#pool}): a point's own centre on 2 forks
     * is noisy, the model's estimate of it rests on every fork of its values. Drops and the answer stay the judge's, on
     * the forks alone. Returns this race.
     */
    public EliteRace pooling(Function<Map<String, Double>, Map<String, Double>> model) {
        this.model = model;
        return this;
    }

    /** {@code centres} pooled with the model's predictions, {@link RaceStrategy#pool} pseudo-forks of it; as given without. */
    private Map<String, Double> pooled(Map<String, Double> centres) {
        double k = settings.strategy().pool();
        if (model == null || k <= 0) {
            return centres;
        }
        Map<String, Double> predicted = model.apply(centres);
        Map<String, Double> out = new LinkedHashMap<>();
        centres.forEach((p, c) -> {
            Double m = predicted.get(p);
            int n = forksOf(p);
            out.put(p, m == null || m <= 0 || c <= 0 ? c : Math.exp((n * Math.log(c) + k * Math.log(m)) / (n + k)));
        });
        return out;
    }

    /** One fork of {@code point} that measured the objective. */
    public void record(String point, Fork fork) {
        forks.computeIfAbsent(point, k -> new ArrayList<>()).add(fork);
        trials++;
    }

    /** A fork that ran and is no evidence (another process disturbed it): it counts against the trial cap. */
    public void spend() {
        trials++;
    }

    /**
     * A fork of {@code point} failed in {@code round}: it counts against the trial cap and in the point's failures,
     * which the judge weighs (a point whose failures rose beyond chance is worse); the point is out of the race only
     * from its {@value TuneAnswer#FAILURES_OUT}th failed fork on, as the report counts it: one failed fork of a point
     * that measures well elsewhere (a host hiccup) does not remove it for good.
     */
    public void fail(String point, int round) {
        trials++;
        List<Integer> mine = failures.computeIfAbsent(point, k -> new ArrayList<>());
        mine.add(round);
        if (mine.size() >= TuneAnswer.FAILURES_OUT) {
            exclude(point);
        }
    }

    /** Takes {@code point} out of the race for good (its forks failed, or it breaks a constraint): it is not raced nor confirmed again. */
    public void exclude(String point) {
        excluded.add(point);
        active.remove(point);
        behind.remove(point);
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
            return last = new Round(1, List.copyOf(active), settings.strategy().firstForks(settings.forksPerRound()), false);
        }
        if (last.confirmation()) {
            confirmRounds.add(last.number());
            if (more > 0) {
                Round again = new Round(last.number() + 1, last.points(), more, true);
                more = 0;
                return staged(again, false);
            }
            Round lost = FinalStage.replace(this, last.number() + 1);
            Round grow = lost != null ? lost : FinalStage.grow(this, last.number() + 1);
            if (grow != null) {
                return staged(grow, lost != null);
            }
            done = true;
            return null;
        }
        leader = judgeRound();
        Round confirm = FinalStage.first(this, leader, last.number() + 1);
        // a round that does not fit the budget (less the stage it leads to) loses its newest points first, down to two
        int reserve = FinalStage.reserve(this, confirm);
        int racingCap = settings.trialCap() - (int) Math.round(settings.strategy().stageShare() * settings.trialCap());
        List<String> points = new ArrayList<>(active);
        while (points.size() > 2 && trials + points.size() * settings.forksPerRound() + reserve > racingCap) {
            String cut = null;
            for (int i = points.size() - 1; i >= 0 && cut == null; i--) {
                cut = isAnchor(points.get(i)) || points.get(i).equals(leader) ? null : points.get(i);
            }
            if (cut == null) {
                break;
            }
            points.remove(cut);
            if (forks.containsKey(cut)) {
                behind.add(cut);
            }
        }
        active.retainAll(points);
        Round racing = new Round(last.number() + 1, points, settings.forksPerRound(), false);
        boolean open = active.stream().anyMatch(p -> !p.equals(leader) && !isAnchor(p));
        if (last.number() >= settings.maxRounds() || !open
                || trials + racing.trials() + reserve > racingCap) {
            return staged(confirm, false);
        }
        return last = racing;
    }

    private Round staged(Round round, boolean again) { // a round of the final stage
        stage.add(round);
        replacing = again;
        return last = round;
    }

    /** Whether {@link #next}'s last round runs again forks of the final stage the judge could not use ({@link FinalStage#replace}). */
    public boolean replacing() {
        return replacing;
    }

    /** The final stage's rounds asked for so far, in order (the confirmation first). */
    List<Round> stage() {
        return List.copyOf(stage);
    }

    /** The evidence of {@code points} on the final stage's forks, as {@link #answer} judges it. */
    Evidence stageEvidence(List<String> points) {
        Set<Integer> rounds = confirmationRounds();
        return new Evidence("objective", "", settings.higherIsBetter(), points.stream().map(p -> row(p, rounds)).toList());
    }

    /** The default and the baseline: they race to the end, whatever their rank. */
    private boolean isAnchor(String p) {
        return p.equals(defaultPoint) || p.equals(baseline);
    }

    /**
     * After a racing round: drops, the elite, who is left behind and who joins; the leader. A challenger with fewer forks
     * than the leader does not take the lead on them (its centre is the noisier, and the best of many noisy centres is
     * lucky): it races on in the elite until it has as many, or two rounds' worth (the leader, raced every round, keeps
     * gaining forks too).
     */
    private String judgeRound() {
        Set<String> tried = contenders();
        Map<String, Double> measured = centres(tried, true);
        Map<String, Double> centre = pooled(measured);
        String top = best(centre.keySet(), centre);
        String before = leader;
        int needed = settings.strategy().strictChallenger() ? forksOf(before)
                : Math.min(forksOf(before), 2 * settings.forksPerRound());
        String leader = before != null && centre.containsKey(before) && !top.equals(before) && forksOf(top) < needed
                ? before : top;
        challenger = leader.equals(top) ? null : top;
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
        if (challenger != null && !isAnchor(challenger)) {
            elite.add(challenger);
        }
        for (String p : ranked) {
            if (elite.size() < settings.keep() && !isAnchor(p)) {
                elite.add(p);
            }
        }
        for (String p : ranked) {
            if (!elite.contains(p) && !isAnchor(p)) {
                behind.add(p);
            }
        }
        active.retainAll(elite);
        for (String anchor : new String[] {settings.strategy().defaultEveryRound() ? defaultPoint : null, baseline}) {
            if (anchor != null && !dropped.contains(anchor) && !excluded.contains(anchor)) {
                active.add(anchor);
            }
        }
        String runnerUp = ranked.stream().filter(p -> !p.equals(leader) && !isAnchor(p)).findFirst().orElse(null);
        int added = 0;
        int proposals = Math.min(settings.strategy().proposals(), settings.neighboursPerRound());
        for (String n : proposer == null || proposals == 0 ? List.<String>of() : proposer.apply(measured)) {
            if (added < proposals && !active.contains(n) && !dropped.contains(n) && !excluded.contains(n)
                    && (!forks.containsKey(n) || behind.remove(n))) {
                active.add(n); // the model's best guess at a combination not raced yet
                added++;
            }
        }
        for (String around : new String[] {leader, runnerUp}) {
            if (around == null) {
                continue;
            }
            for (String n : neighbours.apply(around)) {
                if (added >= settings.neighboursPerRound() || active.contains(n) || dropped.contains(n) || excluded.contains(n)) {
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

    /** Each contender's centre as the race ranks it (round-adjusted, pooled with the model where the strategy says). */
    Map<String, Double> ranking() {
        return pooled(centres(contenders(), true));
    }

    /** A point whose centre beats the leader's on fewer forks, or null. */
    String challenger() {
        return challenger;
    }

    Settings settings() {
        return settings;
    }

    String defaultPoint() {
        return defaultPoint;
    }

    String baseline() {
        return baseline;
    }

    Round last() { // the last round asked for, or null before the first
        return last;
    }

    /** The values of {@code p}'s forks of the rounds in {@code rounds}. */
    double[] values(String p, Set<Integer> rounds) {
        return forks.getOrDefault(p, List.of()).stream().filter(f -> rounds.contains(f.round())).mapToDouble(Fork::value).toArray();
    }

    List<Fork> forks() { // every fork recorded that measured the objective, of every point
        return forks.values().stream().flatMap(List::stream).toList();
    }

    /** The confirmation rounds run so far, the last included when it is one. */
    Set<Integer> confirmationRounds() {
        Set<Integer> out = new TreeSet<>(confirmRounds);
        if (last != null && last.confirmation()) {
            out.add(last.number());
        }
        return out;
    }

    private int forksOf(String p) { // its forks that measured the objective
        return forks.getOrDefault(p, List.of()).size();
    }

    /**
     * After the confirmation: one more confirmation round of the same points, {@code forks} fresh forks a side, judged
     * with the confirmation's forks ({@code tune --resume --more-forks N}, for an answer that cannot tell yet). The
     * trial cap does not bound it: the user asked for it.
     */
    public void confirmMore(int forks) {
        if (forks < 1) {
            throw new IllegalArgumentException("at least one more fork a side, not " + forks);
        }
        more = forks;
        done = false;
    }

    /** The answer, from the confirmation round's forks alone ({@link Confirmation}); null before it ran. */
    public Answer answer() {
        if (last == null || !last.confirmation()) {
            return null;
        }
        Evidence e = stageEvidence(last.points());
        Set<String> fitted = contenders(); // every point's forks tie the rounds' effects together
        fitted.addAll(last.points());
        Map<String, Double> all = centres(fitted, settings.strategy().nameTrimmed());
        return new Answer(defaultPoint, Confirmation.of(e, all, defaultPoint, baseline, settings.threshold()), trials);
    }

    /** The leader after the last racing round judged (best level- and round-adjusted centre), or null before. */
    public String leader() {
        return leader;
    }

    /** Each point's centre over all its forks (level- and round-adjusted, {@link RoundCentres}), the points still in contention. */
    public Map<String, Double> centres() {
        return centres(contenders(), false);
    }

    /** The points judged worse than the leader beyond noise and the threshold. */
    public Set<String> dropped() {
        return Collections.unmodifiableSet(dropped);
    }

    /** The points left behind by the elite (they may come back through a neighbour). */
    public Set<String> behind() {
        return Collections.unmodifiableSet(behind);
    }

    /** The points taken out of the race ({@link #exclude}). */
    public Set<String> excluded() {
        return Collections.unmodifiableSet(excluded);
    }

    /** The points raced so far: with a fork that measured, or one that failed. */
    public Set<String> tried() {
        Set<String> out = new LinkedHashSet<>(forks.keySet());
        out.addAll(failures.keySet());
        return out;
    }

    /** The points tried, neither dropped nor excluded. */
    private Set<String> contenders() {
        Set<String> tried = new LinkedHashSet<>(forks.keySet());
        tried.removeAll(dropped);
        tried.removeAll(excluded);
        return tried;
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
        int failed = (int) failures.getOrDefault(p, List.of()).stream().filter(rounds::contains).count();
        return new RowForks(p, mine.stream().mapToDouble(Fork::value).toArray(), failed,
                mine.stream().mapToInt(Fork::round).toArray(), mine.stream().mapToDouble(Fork::machineNs).toArray(), changed);
    }

    /** The points' centres; for {@code ranking}, on the forks {@link SlowForks} keeps ({@link RaceStrategy#trim}). */
    private Map<String, Double> centres(Set<String> points, boolean ranking) {
        List<RowForks> rows = new ArrayList<>();
        for (String p : points) {
            RowForks r = row(p, rounds(p));
            if (r.n() > 0) {
                rows.add(r);
            }
        }
        boolean higher = settings.higherIsBetter();
        return RoundCentres.of(ranking ? SlowForks.trimmed(rows, settings.strategy().trim(), higher) : rows, higher);
    }

    private String best(Set<String> points, Map<String, Double> centre) {
        return points.stream().min(Comparator.comparingDouble(p -> rank(centre.get(p)))).orElse(defaultPoint);
    }

    double rank(double centre) {
        return settings.higherIsBetter() ? -centre : centre;
    }
}
