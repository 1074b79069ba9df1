package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.jvmmark.api.Question;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.builders.Figures;
import org.jvmmark.report.builders.Verdicts;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.results.ForkAccount;
import org.jvmmark.results.Trial;
import org.jvmmark.results.Results;
import org.jvmmark.runner.base.Text;

/**
 * {@code --forks auto}: every row starts with the {@value Judge#MIN_FORKS} forks a verdict needs;
 * then, round by round, one more fork goes to each open row whose question the budget can still buy, up to
 * {@code --max-forks}. The budget is spent by expected value ({@link #nextRound(List, List, double,
 * java.util.function.ToDoubleFunction)}, {@link ForkValue}): each open row's remaining forks are weighed by the
 * probability that they turn its question into an answer, per second they cost; the best ratio goes first, a row whose
 * remaining forks no longer fit what is left goes without, and so does one whose forks would answer with less than
 * {@value #MIN_PROBABILITY} probability. A round adds one fork to each funded row, one after the other, so forks stay
 * interleaved across JVMs as in the first three; the next round weighs them again on what they measured.
 *
 * <p><b>When is a row's question open?</b> ({@link #states}, the one place that decides.) A row is
 * judged, for each kind of question its workload asks (across variants, across JVMs) on that question's first figure,
 * and is open while any of them is. Under each it is judged against the row(s) it is compared with — across JVMs the
 * best row of its group (same workload variant and swept point), across variants the question's
 * baseline on the same JVM — by the {@link Judge}, with every row of the group as evidence (the
 * machine's levels, the pooled noise). The row is open while
 * <ul>
 *   <li>a judgement is "cannot tell" — which now includes "not yet shown to be within the threshold" —
 *       and the forks a side that would tell are within {@code --max-forks}; or</li>
 *   <li>its own figure is not yet {@linkplain Judge#repeatable repeatable}: the next run of the same
 *       command could not yet be shown to be within the threshold of this one (what {@code compare}
 *       and the history will ask of it), while the forks forecast to make it so are within {@value #REPEAT_REACH}×
 *       {@code --max-forks} (a forecast from a spread of a few forks is rough).</li>
 * </ul>
 * Both criteria are on the <b>precision</b> of the estimate, never on its significance alone: a rule
 * that stopped when p fell below 5 % would, by looking again and again, turn noise into calls
 * ({@code AdaptiveForksTest} checks by simulation that false alarms at the adaptive stopping point stay within the
 * judge's 5 % and within 2 points of a fixed design run to the cap). A row
 * whose judgement would need more than {@value Judgement#CAP} forks a side stops at once with "cannot
 * tell" and says so; all pairs of a group are judged once, in one family, so a row and its reference
 * get the same answer. A row with a failed fork, or whose comparison has fewer than three forks a side that
 * measured the headline figure after its planned forks, is not grown: more forks of a failing row
 * answer nothing. Nor is a row whose ok forks did not measure its headline figure at all (queue-large's
 * past-limit figures where no burst went past the machine's RAM).
 *
 * <p>Every decision follows from the ok trials in {@code results.json} and the run's recorded
 * options, so {@code --resume} continues the same adaptive plan, and a shard grows only its own rows.
 * Stateless and thread-safe.
 */
public final class AdaptiveForks {
    /** The top-level object of {@code results.json} that says how many forks each row took and why. */
    public static final String KEY = Results.FORK_ACCOUNT;
    /** {@code --max-forks} default. */
    public static final int DEFAULT_MAX_FORKS = 10;

    private final int maxForks;
    private final double threshold;

    /**
     * @param maxForks the cap per row (at least {@value Judge#MIN_FORKS})
     * @param threshold the practical threshold as a fraction (0.05)
     */
    public AdaptiveForks(int maxForks, double threshold) {
        this.maxForks = maxForks;
        this.threshold = threshold;
    }

    public int maxForks() {
        return maxForks;
    }

    /**
     * Where a row stands: its ok forks, and whether it is open or why it stopped.
     *
     * @param forks the row's ok forks (whether or not each measured the headline figure: the account says
     *     how many JVMs ran, the reason why they could not be compared)
     */
    public record RowState(String row, int forks, boolean open, String reason, ForkValue.Question question) {
        /** A row whose question's figures are not needed (closed, or in tests). */
        public RowState(String row, int forks, boolean open, String reason) {
            this(row, forks, open, reason, null);
        }

        /** "3 — decided", "10 — cap reached, cannot tell": what the report shows. */
        public String words() {
            return forks + " — " + reason;
        }
    }

    /** A row not yet repeatable grows while its forecast of the forks that would make it so is within this × the cap. */
    static final int REPEAT_REACH = 2;

    /**
     * The state of every row of {@code plan}, from the trials recorded so far.
     *
     * @param plan the planned trials (their rows and forks: what may be grown)
     * @param recorded the trials of {@code results.json}, adaptive forks included
     */
    public Map<String, RowState> states(List<PlannedTrial> plan, List<Trial> recorded) {
        Map<String, PlannedTrial> all = new LinkedHashMap<>();
        plan.stream().filter(PlannedTrial::runnable).forEach(t -> all.putIfAbsent(t.rowId(), t));
        Map<String, List<Trial>> byRow = new LinkedHashMap<>();
        for (Trial t : recorded) {
            String row = PlannedTrial.rowOf(t.id());
            if (all.containsKey(row)) {
                byRow.computeIfAbsent(row, k -> new ArrayList<>()).add(t);
            }
        }
        // Every kind of question a workload asks, each on its own figure (http: virtual against platform on hold latency,
        // the fastest JVM on requests/s): a row is open while any of them is, and forks the judge leaves out of any of
        // those figures are replaced (main job on a flipping host, 2026-11-28: http's requests/s rows kept 5 of 6 forks
        // left out while only the hold latency was asked of them).
        Map<String, List<Question>> asked = new LinkedHashMap<>();
        all.values().forEach(t -> asked.computeIfAbsent(t.workload().name(), w -> QuestionGroups.asked(t.workload().info())));
        Map<String, RowState> states = new LinkedHashMap<>();
        for (int k = 0; ; k++) {
            int kind = k;
            Map<String, PlannedTrial> rows = new LinkedHashMap<>();
            all.forEach((r, t) -> {
                if (kind < asked.get(t.workload().name()).size()) {
                    rows.put(r, t);
                }
            });
            if (rows.isEmpty()) {
                break;
            }
            statesOf(rows, byRow, plan, recorded, t -> asked.get(t.workload().name()).get(kind))
                    .forEach((r, s) -> states.merge(r, s, this::moreOpen));
        }
        // In plan order, as the account is read.
        Map<String, RowState> ordered = new LinkedHashMap<>();
        all.keySet().forEach(r -> ordered.put(r, states.get(r)));
        return ordered;
    }

    /**
     * Of a row's states under two questions, the one that should decide: an open one over a closed one (replacements
     * first, then the better answer per fork); of closed ones, the one that says what was left unanswered.
     */
    private RowState moreOpen(RowState a, RowState b) {
        if (a.open() != b.open()) {
            return a.open() ? a : b;
        }
        if (a.open()) {
            if (replaces(a) != replaces(b)) {
                return replaces(a) ? a : b;
            }
            return value(b) > value(a) ? b : a;
        }
        return closedRank(b) > closedRank(a) ? b : a;
    }

    /** Which closed state says more of why the row stopped: one left unanswered, then "decided", then nothing compared. */
    private static int closedRank(RowState s) {
        return s.reason().startsWith("nothing to compare") ? 0 : s.reason().startsWith("decided") ? 1 : 2;
    }

    /** An open row's answer per fork under its question: how {@link #nextRound} ranks it, the fork's seconds aside. */
    private double value(RowState s) {
        return s.question() == null ? 1 : ForkValue.of(s.question(), maxForks, 1).perSecond();
    }

    private Map<String, RowState> statesOf(Map<String, PlannedTrial> rows, Map<String, List<Trial>> byRow, List<PlannedTrial> plan,
                                           List<Trial> recorded, Function<PlannedTrial, Question> askedOf) {
        Map<String, double[]> values = new LinkedHashMap<>();
        Map<String, RowForks> evidenceRows = new LinkedHashMap<>();
        Map<String, Integer> okForks = new LinkedHashMap<>();
        Map<String, Boolean> higher = new LinkedHashMap<>();
        Map<String, Boolean> failed = new LinkedHashMap<>();
        Map<String, Column> headlineOf = new LinkedHashMap<>();
        Map<String, String> labelOf = new LinkedHashMap<>();
        for (PlannedTrial t : rows.values()) {
            String w = t.workload().name();
            if (!labelOf.containsKey(w)) {
                Question q = askedOf.apply(t);
                String declared = q == null || q.figures().length == 0 ? null : q.figures()[0].trim();
                List<Trial> ofWorkload = recorded.stream().filter(r -> rows.containsKey(PlannedTrial.rowOf(r.id()))
                        && w.equals(rows.get(PlannedTrial.rowOf(r.id())).workload().name())).toList();
                Column h = Verdicts.headline(declared, Figures.headlineCandidates(ofWorkload));
                headlineOf.put(w, h);
                labelOf.put(w, h != null ? Words.figure(h) : declared != null ? declared : "the headline figure");
            }
        }
        for (Map.Entry<String, PlannedTrial> e : rows.entrySet()) {
            List<Trial> trials = byRow.getOrDefault(e.getKey(), List.of());
            Column h = headlineOf.get(e.getValue().workload().name());
            List<Double> v = new ArrayList<>();
            List<Double> machine = new ArrayList<>();
            List<Boolean> changed = new ArrayList<>();
            for (Trial t : trials) {
                if (h != null && t.ok() && !t.disturbed()) { // a disturbed fork is not evidence; its re-run is
                    Double x = h.forkValue(t);
                    if (x != null) {
                        v.add(x);
                        // the machine as the probe saw it beside the fork: the judge counts usable forks as the report does
                        machine.add(t.machineRoundTripNs().orElse(Double.NaN));
                        changed.add(t.machineChangedDuring());
                        higher.putIfAbsent(e.getKey(), h.higherIsBetter());
                    }
                }
            }
            evidenceRows.put(e.getKey(), rowForks(e.getKey(), v, machine, changed));
            okForks.put(e.getKey(), (int) trials.stream().filter(t -> t.ok() && !t.disturbed()).count());
            failed.put(e.getKey(), trials.stream().anyMatch(t -> t.outcome().trialStatus().failure()));
            values.put(e.getKey(), v.stream().mapToDouble(Double::doubleValue).toArray());
        }
        Map<String, RowState> states = new LinkedHashMap<>();
        Map<String, List<String>> pending = new LinkedHashMap<>();
        Map<String, List<String>> groups = QuestionGroups.groups(rows, askedOf);
        for (Map.Entry<String, PlannedTrial> e : rows.entrySet()) {
            String row = e.getKey();
            double[] mine = values.get(row);
            int n = okForks.get(row);
            int planned = (int) plan.stream().filter(t -> t.rowId().equals(row)).count();
            int recordedForks = byRow.getOrDefault(row, List.of()).size();
            if (failed.get(row)) {
                states.put(row, new RowState(row, n, false, "a fork failed, not grown"));
                continue;
            }
            if (recordedForks < planned) {
                states.put(row, new RowState(row, n, false, "planned forks not all run"));
                continue;
            }
            if (n == 0) {
                // every fork so far disturbed (its re-runs are in the plan) or none measured: nothing to weigh yet
                states.put(row, new RowState(row, 0, false, "no undisturbed fork yet"));
                continue;
            }
            if (mine.length == 0) {
                // e.g. queue-large's past-limit figures on a machine whose RAM no burst went past
                states.put(row, new RowState(row, n, false, labelOf.get(e.getValue().workload().name())
                        + " not measured, cannot tell"));
                continue;
            }
            List<String> partners = QuestionGroups.comparedWith(row, groups.get(QuestionGroups.groupOf(e.getValue(), askedOf.apply(e.getValue()))), values, rows,
                    higher.getOrDefault(row, false), askedOf.apply(e.getValue()));
            if (partners.isEmpty()) {
                states.put(row, new RowState(row, n, false, "nothing to compare with"));
                continue;
            }
            pending.put(row, partners);
        }
        // Every pair of a group judged once, in one family per group, whichever row asks: the row and its reference
        // get the same answer.
        Map<String, Judgement> pairs = new LinkedHashMap<>();
        Map<String, Evidence> evidenceOf = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            List<RowForks> measured = new ArrayList<>();
            for (String r : g.getValue()) {
                if (values.get(r).length > 0) {
                    measured.add(evidenceRows.get(r));
                }
            }
            if (measured.isEmpty()) {
                continue;
            }
            String first = g.getValue().get(0);
            Evidence evidence = new Evidence(labelOf.get(rows.get(first).workload().name()), "",
                    higher.getOrDefault(measured.get(0).id(), false), measured);
            List<Contrast> contrasts = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (String r : g.getValue()) {
                evidenceOf.put(r, evidence);
                for (String other : pending.getOrDefault(r, List.of())) {
                    String key = pairKey(r, other);
                    if (!keys.contains(key) && values.get(r).length > 0 && values.get(other).length > 0
                            && Judge.usableForks(evidence, r) >= Judge.MIN_FORKS
                            && Judge.usableForks(evidence, other) >= Judge.MIN_FORKS) {
                        keys.add(key);
                        contrasts.add(new Contrast(evidence, r, other));
                    }
                }
            }
            List<Judgement> judged = Judge.judge(contrasts, threshold);
            for (int k = 0; k < keys.size(); k++) {
                pairs.put(keys.get(k), judged.get(k));
            }
        }
        for (Map.Entry<String, List<String>> p : pending.entrySet()) {
            String row = p.getKey();
            int n = okForks.get(row);
            List<Judgement> judged = p.getValue().stream().map(o -> pairs.get(pairKey(row, o))).filter(Objects::nonNull)
                    .toList();
            boolean untestable = judged.size() < p.getValue().size();
            // A pair needs forks on both sides: the reference row (the group's best, judged against every other row)
            // grows for its most answerable open pair, not its least, or it would sit at 3 forks while its partners grow
            // and every pair's interval would keep the width of 3 forks on that side (chat, 2026-11-28: the best row
            // stayed at 3 with "more than 60" for one pair while a partner went to 8 for another).
            int tell = judged.stream().filter(j -> j.answer() == Judgement.Answer.CANNOT_TELL && j.forksToTell() > 0)
                    .mapToInt(Judgement::forksToTell).min().orElse(0);
            boolean repeatable = Judge.repeatable(evidenceOf.get(row), row, threshold);
            // Worth growing for its own precision where the cap may reach it: the forecast rests on a spread estimated
            // from a few forks (σ̂ from 2–4 degrees of freedom is often √2 too high or low), so a row forecast within
            // REPEAT_REACH × the cap grows. A/A pairs here (queue-latency p50, smoke) stopped at 3 forks a side with a
            // forecast of 10 forks, the cap being 8, and their compare could not show ±5 %.
            int toRepeat = Judge.forksToRepeat(evidenceOf.get(row), row, threshold);
            boolean growForRepeat = !repeatable && toRepeat <= REPEAT_REACH * maxForks;
            boolean pairOpen = tell > 0 && tell <= maxForks;
            String levels = judged.stream().anyMatch(Judgement::withinLevels) ? ", two levels" : "";
            String label = labelOf.get(rows.get(row).workload().name());
            Evidence evidence = evidenceOf.get(row);
            int usable = Judge.usableForks(evidence, row);
            int leftOut = Judge.leftOut(evidence, row);
            if (usable < Judge.MIN_FORKS && leftOut > 0 && n < maxForks) {
                // DESIGN.md §3: forks the judge cannot use for this figure (the machine changed level while they ran and
                // the figure follows the level) are replaced, before anything else is asked of the row.
                states.put(row, new RowState(row, n, true, "open, " + leftOut + (leftOut == 1 ? " fork" : " forks")
                        + " left out (the machine changed level)" + levels,
                        new ForkValue.Question(usable, Judge.MIN_FORKS, Judge.MIN_FORKS, 0, Double.NaN, 0, threshold,
                                keptShare(evidence))));
                continue;
            }
            if (untestable && judged.isEmpty()) {
                // a partner short of forks on one level is replaced on its own row; this one waits for it
                boolean partnerLeftOut = evidence != null && p.getValue().stream()
                        .anyMatch(o -> values.get(o).length > 0 && Judge.leftOut(evidence, o) > 0);
                states.put(row, new RowState(row, n, false, "fewer than " + Judge.MIN_FORKS + (partnerLeftOut
                        ? " forks that stayed on one level a side (the machine changed level), cannot tell"
                        : " forks measured " + label + " a side, cannot tell")));
            } else if (tell == 0 && repeatable) {
                states.put(row, new RowState(row, n, false, "decided" + levels));
            } else if ((pairOpen || growForRepeat || tell > maxForks && tell != Judgement.MORE_THAN_CAP) && n < maxForks) {
                states.put(row, new RowState(row, n, true, "open" + levels,
                        question(judged, evidence, usable, tell, toRepeat)));
            } else if (n >= maxForks) {
                states.put(row, new RowState(row, n, false, (tell == 0 ? "decided, not repeatable within ±"
                        + Math.round(threshold * 100) + " % at the cap" : "cap reached, cannot tell") + levels,
                        question(judged, evidence, usable, tell, toRepeat)));
            } else {
                // Hopeless within any cap (the pair would need more than 60 forks a side, the row's own noise more than
                // the cap allows): stop now rather than spend the budget.
                states.put(row, new RowState(row, n, false, tell == Judgement.MORE_THAN_CAP
                        ? "cannot tell, more than " + Judgement.CAP + " forks a side would tell" + levels
                        : "decided, not repeatable within ±" + Math.round(threshold * 100) + " % within the cap ("
                                + (toRepeat == Judgement.MORE_THAN_CAP ? "more than " + Judgement.CAP : String.valueOf(toRepeat))
                                + " forks would be)" + levels,
                        question(judged, evidence, usable, tell, toRepeat)));
            }
        }
        return states;
    }

    /**
     * The open row's question in numbers for {@link ForkValue}: the undecided pair that needs the most forks (its effect
     * and interval level), the figure's spread on this machine, the forks that would tell or make it repeatable.
     */
    private ForkValue.Question question(List<Judgement> judged, Evidence evidence, int forks, int tell, int toRepeat) {
        Judgement open = judged.stream().filter(j -> j.answer() == Judgement.Answer.CANNOT_TELL && j.forksToTell() == tell)
                .findFirst().orElse(null);
        double effect = open == null || !(open.effect().ratio() > 0) ? 0 : Math.log(open.effect().ratio());
        double confidence = open != null && open.effect().confidence() > 0 && open.effect().confidence() < 1
                ? open.effect().confidence() : Judge.EQUIVALENCE_CONFIDENCE;
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - confidence) / 2);
        double spread = Judge.spread(evidence);
        return new ForkValue.Question(forks, tell, toRepeat, effect, spread > -1 ? Math.log1p(spread) : Double.NaN, z, threshold,
                keptShare(evidence));
    }

    /**
     * The share of a figure's forks the judge keeps (DESIGN.md §3): below 1 on a host whose level flips, for a figure the
     * level moves, so a new fork is usable with about this probability and the plan buys forks accordingly. At least a
     * quarter: a share estimated from a few forks that kept almost none must not price a row out of the budget.
     */
    static double keptShare(Evidence e) {
        int kept = 0;
        int measured = 0;
        for (RowForks r : e.rows()) {
            kept += Judge.usableForks(e, r.id());
            measured += r.n();
        }
        return measured == 0 ? 1 : Math.max(0.25, (double) kept / measured);
    }

    /** A row's forks of one figure, with the machine as the probe saw it beside each (NaN: not observed). */
    private static RowForks rowForks(String row, List<Double> values, List<Double> machine, List<Boolean> changed) {
        boolean[] moved = new boolean[changed.size()];
        for (int i = 0; i < moved.length; i++) {
            moved[i] = changed.get(i);
        }
        return new RowForks(row, values.stream().mapToDouble(Double::doubleValue).toArray(), 0, new int[values.size()],
                machine.stream().mapToDouble(Double::doubleValue).toArray(), moved);
    }

    /** Whether an open row's forks would replace forks the judge left out, short of the {@value Judge#MIN_FORKS} it needs. */
    private static boolean replaces(RowState s) {
        return s.question() != null && s.question().forks() < Judge.MIN_FORKS;
    }

    private static String pairKey(String a, String b) {
        return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
    }


    /** Why the rows still open when the run ended were not grown further, as their reason in the account says it. */
    public enum OpenRows {
        /** Nothing stopped them (the run is still going, or none is open). */
        OPEN("open"),
        /** The next round did not fit the time budget. */
        BUDGET_REACHED("budget reached, cannot tell"),
        /** The run was interrupted (Ctrl-C) before they were decided; {@code --resume} continues them. */
        INTERRUPTED("interrupted, cannot tell");

        private final String reason;

        OpenRows(String reason) {
            this.reason = reason;
        }
    }

    /**
     * The fork account ({@value #KEY} in {@code results.json}): per row, its ok forks and why it stopped
     * ("http/temurin-25/tomcat-virtual/connections=1000": 7 forks, "decided").
     *
     * @param openRows why the rows still open stopped
     */
    public static ForkAccount account(Map<String, RowState> states, long budgetSeconds, OpenRows openRows) {
        return account(states, budgetSeconds, openRows, null);
    }

    /**
     * As {@link #account(Map, long, OpenRows)}, with the rows the last round left unfunded for want of an answer in
     * reach (not of budget) saying so: "no answer in reach (the next 7 forks would answer with 4 % chance), cannot tell".
     *
     * @param last the last round weighed, or null
     */
    public static ForkAccount account(Map<String, RowState> states, long budgetSeconds, OpenRows openRows, Round last) {
        Map<String, ForkAccount.Row> rows = new LinkedHashMap<>();
        states.forEach((row, s) -> {
            String why = last == null || last.pastBudget().contains(row) || openRows == OpenRows.INTERRUPTED ? null
                    : last.notGrown().get(row);
            rows.put(row, new ForkAccount.Row(s.forks(), !s.open() ? s.reason()
                    : why != null ? "no answer in reach (" + why + "), cannot tell" + s.reason().substring("open".length())
                    : openRows.reason + s.reason().substring("open".length())));
        });
        return new ForkAccount("auto", budgetSeconds, rows);
    }

    /** Below this probability that the forks answer, a question gets none: forks that buy no answer are not spent. */
    public static final double MIN_PROBABILITY = 0.1;

    /**
     * One round of adaptive forks.
     *
     * @param trials one more fork for each row the budget funds, the best answer per second first ({@code …/fork4})
     * @param offers what more forks would buy, per open row
     * @param notGrown why an open row got none this round, by row
     * @param pastBudget the rows of {@code notGrown} whose forks the budget could not hold (the others' would not answer)
     */
    public record Round(List<PlannedTrial> trials, Map<String, ForkValue.Offer> offers, Map<String, String> notGrown,
                        Set<String> pastBudget) {
    }

    /**
     * The next round, every open row alike: one more fork each, the best answer per second first. Empty when every
     * row is decided or capped.
     */
    public List<PlannedTrial> nextRound(List<PlannedTrial> plan, List<Trial> recorded) {
        return nextRound(plan, recorded, Double.POSITIVE_INFINITY, PlannedTrial::estimatedSeconds, false).trials();
    }

    /**
     * The next round within {@code secondsLeft}: the open rows ranked by the probability that their remaining forks
     * answer their question, per second those forks cost ({@link ForkValue}); each in turn gets its next fork when the
     * whole of its remaining forks still fits what the better-ranked rows left of the budget, and the answer is at
     * least {@value #MIN_PROBABILITY} likely. So the budget goes where it buys answers, and a question that the budget
     * cannot answer does not eat it.
     *
     * @param secondsOf a trial's estimated seconds (this run's measurements included)
     */
    public Round nextRound(List<PlannedTrial> plan, List<Trial> recorded, double secondsLeft,
                           ToDoubleFunction<PlannedTrial> secondsOf) {
        return nextRound(plan, recorded, secondsLeft, secondsOf, true);
    }

    private Round nextRound(List<PlannedTrial> plan, List<Trial> recorded, double secondsLeft,
                            ToDoubleFunction<PlannedTrial> secondsOf, boolean floor) {
        Map<String, RowState> states = states(plan, recorded);
        Map<String, Integer> highest = new LinkedHashMap<>();
        plan.forEach(t -> highest.merge(t.rowId(), t.fork(), Math::max));
        recorded.forEach(t -> {
            if (highest.containsKey(PlannedTrial.rowOf(t.id()))) {
                highest.merge(PlannedTrial.rowOf(t.id()), t.identity().fork(), Math::max);
            }
        });
        Map<String, PlannedTrial> next = new LinkedHashMap<>();
        Map<String, ForkValue.Offer> offers = new LinkedHashMap<>();
        plan.stream().filter(PlannedTrial::runnable).forEach(t -> {
            RowState s = states.get(t.rowId());
            if (s != null && s.open() && !next.containsKey(t.rowId())) {
                PlannedTrial fork = t.asFork(highest.get(t.rowId()) + 1);
                next.put(t.rowId(), fork);
                offers.put(t.rowId(), s.question() == null ? new ForkValue.Offer(1, secondsOf.applyAsDouble(fork), 1, s.forks() + 1)
                        : ForkValue.of(s.question(), maxForks, secondsOf.applyAsDouble(fork)));
            }
        });
        List<String> ranked = new ArrayList<>(next.keySet());
        // Replacements first (DESIGN.md §3): a row short of the forks a verdict needs answers nothing until it has them,
        // and on a host whose level flips its forks were spent already; then the most answer per second.
        ranked.sort(Comparator.comparingInt((String r) -> replaces(states.get(r)) ? 0 : 1)
                .thenComparingDouble(r -> -offers.get(r).perSecond()));
        List<PlannedTrial> round = new ArrayList<>();
        Map<String, String> notGrown = new LinkedHashMap<>();
        Set<String> pastBudget = new LinkedHashSet<>();
        double left = secondsLeft;
        for (String row : ranked) {
            ForkValue.Offer o = offers.get(row);
            if (floor && o.probability() < MIN_PROBABILITY) {
                notGrown.put(row, "the next " + o.more() + (o.more() == 1 ? " fork" : " forks") + " would answer with "
                        + Math.round(o.probability() * 100) + " % chance");
            } else if (o.seconds() > left) {
                pastBudget.add(row);
                notGrown.put(row, o.more() + " more " + (o.more() == 1 ? "fork" : "forks") + " would be needed ("
                        + Text.seconds(o.seconds()) + "), more than the "
                        + Text.seconds(Math.max(0, left)) + " left");
            } else {
                round.add(next.get(row));
                left -= o.seconds();
            }
        }
        return new Round(round, offers, notGrown, pastBudget);
    }

    /**
     * The figure {@code tune} optimises unless told otherwise, before any fork has run: the workload's declared headline
     * figure (its first question's first, as a question names it: {@code "endToEnd p50"}, a metric's name), else
     * {@code "endToEnd p50"}, the figure {@link Verdicts#defaultHeadline} picks first.
     */
    public static String headlineFigure(WorkloadInfo info) {
        Question q = question(info);
        return q != null && q.figures().length > 0 ? q.figures()[0].trim() : "endToEnd p50";
    }

    private static Question question(WorkloadInfo info) {
        return info.questions().isEmpty() ? null : info.questions().get(0);
    }
}
