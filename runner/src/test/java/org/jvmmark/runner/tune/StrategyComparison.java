package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.jvmmark.report.tune.Confirmation;

/**
 * Ways to race ({@link SpaceSimulation.Variant}) compared on {@link SpaceSimulation}'s scenarios, race by race on the same
 * seeds (each variant's race i sees the same space, truth and machine seed; the 4-fork grid runs once per race), with
 * McNemar's exact test between each variant and the first, and between each and the grid. How docs/tuning.md chose
 * {@link RaceStrategy#STANDARD}: {@code main RACES [NAME...]} prints one line per scenario and variant (all
 * variants of {@link #VARIANTS} when no name is given; {@code -Dscenarios=1,2} only those of the table, from 0). The
 * variants are those docs/tuning.md names, in the four comparisons it reports. Not thread-safe; single-threaded by
 * design (a shared machine).
 */
final class StrategyComparison {
    /** The variants tried, the first the one the others are compared with. */
    static final Map<String, SpaceSimulation.Variant> VARIANTS = new LinkedHashMap<>();

    static {
        RaceStrategy b = RaceStrategy.BEFORE;
        double q = b.firstShare();
        add("before", b, 2, 4);
        add("standard", RaceStrategy.STANDARD, 4, 4);
        add("standard 2026-11-29", RaceStrategy.TWO_FORK_FIRST_ROUND, 2, 4);
        // docs/tuning.md, first comparison (400 races a scenario): one change at a time, then together
        add("categorical", s(q, true, false, 0, 0, 0, 0, true, false), 2, 4);
        add("pairs", s(q, true, false, 0, 0, 0, 0, false, true), 2, 4);
        add("no-default", s(q, false, false, 0, 0, 0, 0, false, false), 2, 4);
        add("strict", s(q, true, true, 0, 0, 0, 0, false, false), 2, 4);
        add("grow", s(q, true, false, 2, 0.15, 0.1, 0, false, false), 2, 4);
        add("grow-top2", s(q, true, false, 2, 0.15, 0.1, 2, false, false), 2, 4);
        add("cat+nodef", s(q, false, false, 0, 0, 0, 0, true, false), 2, 4);
        add("cat+nodef+grow", s(q, false, false, 2, 0.15, 0.1, 0, true, false), 2, 4);
        add("cat+nodef+grow-top2", s(q, false, false, 2, 0.15, 0.1, 2, true, false), 2, 4);
        add("cat+nodef+grow-top3", s(q, false, false, 2, 0.15, 0.1, 3, true, false), 2, 4);
        add("cat+nodef+grow-top2 stage 0", s(q, false, false, 2, 0, 0.1, 2, true, false), 2, 4);
        // second (400): the additive model's proposals
        RaceStrategy g = s(q, false, false, 2, 0, 0.1, 2, true, false);
        add("model1", p(g, 1), 2, 4);
        add("model2", p(g, 2), 2, 4);
        add("model2 n6", p(g, 2), 2, 6);
        add("model2 first 0.4", p(s(0.4, false, false, 2, 0, 0.1, 2, true, false), 2), 2, 4);
        // third (500): around the model with round one over pairs
        RaceStrategy mp = p(s(q, false, false, 2, 0, 0.1, 2, true, true), 2);
        add("model2 pairs", mp, 2, 4);
        add("model3 pairs", p(mp, 3), 2, 4);
        add("model4 pairs", p(mp, 4), 2, 4);
        add("model2 pairs strict", p(s(q, false, true, 2, 0, 0.1, 2, true, true), 2), 2, 4);
        add("model2 pairs no growth", p(s(q, false, false, 0, 0, 0.1, 2, true, true), 2), 2, 4);
        add("model2 pairs default every round", p(s(q, true, false, 2, 0, 0.1, 2, true, true), 2), 2, 4);
        add("model2 pairs not categorical", p(s(q, false, false, 2, 0, 0.1, 2, false, true), 2), 2, 4);
        add("model2 pairs keep 3", mp, 3, 4);
        // fourth (1,000, -Dscenarios=1,2,3,6,7): around STANDARD
        RaceStrategy st = RaceStrategy.TWO_FORK_FIRST_ROUND; // STANDARD until 2026-11-29
        add("standard stage 0.1", with(st, st.firstShare(), 0.1, st.top()), 2, 4);
        add("standard stage 0.2", with(st, st.firstShare(), 0.2, st.top()), 2, 4);
        add("standard top3", with(st, st.firstShare(), 0, 3), 2, 4);
        add("standard first 0.4", with(st, 0.4, 0, st.top()), 2, 4);
        add("standard first 0.6", with(st, 0.6, 0, st.top()), 2, 4);
        add("standard n5", st, 2, 5);
        // fifth (1,000, -Dscenarios=1,2,3,6,7): ranking on centres pooled with the model
        add("standard pool 1", pool(st, 1), 2, 4);
        add("standard pool 2", pool(st, 2), 2, 4);
        add("standard pool 4", pool(st, 4), 2, 4);
        // sixth (1,000, -Dscenarios=1,2,3,5,6,7): the 7–11 % gap at 2 % spread
        add("standard first 0.45", with(st, 0.45, 0, st.top()), 2, 4);
        add("standard first 0.55", with(st, 0.55, 0, st.top()), 2, 4);
        add("standard keep 3 n5", st, 3, 5);
        add("standard keep 1", st, 1, 4);
        add("standard as merged", new RaceStrategy(st.firstShare(), st.defaultEveryRound(), st.strictChallenger(),
                st.growForks(), st.stageShare(), st.open(), st.top(), st.categorical(), st.pairs(), st.proposals(), st.pool(),
                false, 0, 0, 0, false), 2, 4);
        add("standard trim 2", trim(st, 2), 2, 4);
        add("standard trim 3", trim(st, 3), 2, 4);
        add("standard trim 4", trim(st, 4), 2, 4);
        add("standard trim 5", trim(st, 5), 2, 4);
        add("standard trim 6", trim(st, 6), 2, 4);
        add("standard top0", with(st, st.firstShare(), 0, 0), 2, 4);
        add("standard optimism 1", optimism(st, 1), 2, 4);
        add("standard optimism 2", optimism(st, 2), 2, 4);
        // seventh (1,000, -Dscenarios=1,2,3,5,6,7): round one on one fork a point; naming on trimmed centres
        add("standard one fork", first(st, 1, st.firstShare()), 2, 4);
        add("standard one fork 0.4", first(st, 1, 0.4), 2, 4);
        add("standard one fork 0.6", first(st, 1, 0.6), 2, 4);
        add("standard one fork keep 3", first(st, 1, st.firstShare()), 3, 4);
        add("standard one fork keep 4", first(st, 1, st.firstShare()), 4, 4);
        add("standard one fork keep 3 n5", first(st, 1, st.firstShare()), 3, 5);
        add("standard one fork keep 5", first(st, 1, st.firstShare()), 5, 4);
        add("standard one fork keep 4 n3", first(st, 1, st.firstShare()), 4, 3);
        add("standard one fork keep 4 n5", first(st, 1, st.firstShare()), 4, 5);
        add("standard one fork 0.4 keep 3", first(st, 1, 0.4), 3, 4);
        add("standard named trimmed", named(st), 2, 4);
        add("standard one fork named trimmed", named(first(st, 1, st.firstShare())), 2, 4);
    }

    private static RaceStrategy with(RaceStrategy t, double first, double stage, int top) {
        return new RaceStrategy(first, t.defaultEveryRound(), t.strictChallenger(), t.growForks(), stage, t.open(), top,
                t.categorical(), t.pairs(), t.proposals(), t.pool(), t.replaceLost(), t.optimism(), t.trim(), t.firstForks(), t.nameTrimmed());
    }

    private static RaceStrategy first(RaceStrategy t, int forks, double share) {
        return new RaceStrategy(share, t.defaultEveryRound(), t.strictChallenger(), t.growForks(), t.stageShare(), t.open(),
                t.top(), t.categorical(), t.pairs(), t.proposals(), t.pool(), t.replaceLost(), t.optimism(), t.trim(), forks,
                t.nameTrimmed());
    }

    private static RaceStrategy named(RaceStrategy t) {
        return new RaceStrategy(t.firstShare(), t.defaultEveryRound(), t.strictChallenger(), t.growForks(), t.stageShare(), t.open(),
                t.top(), t.categorical(), t.pairs(), t.proposals(), t.pool(), t.replaceLost(), t.optimism(), t.trim(),
                t.firstForks(), true);
    }

    private static RaceStrategy trim(RaceStrategy t, double k) {
        return new RaceStrategy(t.firstShare(), t.defaultEveryRound(), t.strictChallenger(), t.growForks(), t.stageShare(), t.open(),
                t.top(), t.categorical(), t.pairs(), t.proposals(), t.pool(), t.replaceLost(), t.optimism(), k, t.firstForks(), t.nameTrimmed());
    }

    private static RaceStrategy optimism(RaceStrategy t, double z) {
        return new RaceStrategy(t.firstShare(), t.defaultEveryRound(), t.strictChallenger(), t.growForks(), t.stageShare(), t.open(),
                t.top(), t.categorical(), t.pairs(), t.proposals(), t.pool(), t.replaceLost(), z, t.trim(), t.firstForks(), t.nameTrimmed());
    }

    private static RaceStrategy pool(RaceStrategy t, double k) {
        return new RaceStrategy(t.firstShare(), t.defaultEveryRound(), t.strictChallenger(), t.growForks(), t.stageShare(), t.open(),
                t.top(), t.categorical(), t.pairs(), t.proposals(), k, t.replaceLost(), t.optimism(), t.trim(), t.firstForks(), t.nameTrimmed());
    }

    private static RaceStrategy s(double first, boolean def, boolean strict, int grow, double stage, double open, int top,
                                  boolean cat, boolean pairs) {
        return new RaceStrategy(first, def, strict, grow, stage, open, top, cat, pairs, 0, 0, false, 0, 0, 0, false);
    }

    private static RaceStrategy p(RaceStrategy t, int proposals) {
        return new RaceStrategy(t.firstShare(), t.defaultEveryRound(), t.strictChallenger(), t.growForks(), t.stageShare(), t.open(),
                t.top(), t.categorical(), t.pairs(), proposals, t.pool(), t.replaceLost(), t.optimism(), t.trim(), t.firstForks(), t.nameTrimmed());
    }

    private static void add(String name, RaceStrategy st, int keep, int neighbours) {
        VARIANTS.put(name, new SpaceSimulation.Variant(name, st, keep, neighbours));
    }

    private StrategyComparison() {
    }

    /** One variant's outcome over a scenario's races, race by race. */
    record Outcome(boolean[] right, int winners, int falseWinners, long trials, int neverRaced, int notConfirmed) {
    }

    /** Each of {@code variants} over {@code races} races of {@code s}, then the grid's rights last. */
    static List<Outcome> compare(SpaceSimulation.Scenario s, int races, List<SpaceSimulation.Variant> variants, boolean[] grid,
                                 long[] gridTrials) {
        List<boolean[]> rights = new ArrayList<>();
        int[] winners = new int[variants.size()];
        int[] falseWinners = new int[variants.size()];
        long[] trials = new long[variants.size()];
        int[] never = new int[variants.size()];
        int[] notConfirmed = new int[variants.size()];
        variants.forEach(v -> rights.add(new boolean[races]));
        Random seeds = new Random(s.seed());
        for (int i = 0; i < races; i++) {
            long seed = seeds.nextLong();
            SpaceSimulation.Machine first = new SpaceSimulation.Machine(new Random(seed), s);
            grid[i] = first.right(SpaceSimulation.grid(first.fresh(seed + 1)));
            gridTrials[0] += (long) SpaceSimulation.GRID_FORKS * first.labels.size();
            for (int v = 0; v < variants.size(); v++) {
                SpaceSimulation.Machine m = new SpaceSimulation.Machine(new Random(seed), s);
                EliteRace.Answer a = SpaceSimulation.race(m, variants.get(v));
                boolean r = m.right(a.pick());
                rights.get(v)[i] = r;
                never[v] += !r && m.forked.stream().noneMatch(m::right) ? 1 : 0;
                notConfirmed[v] += !r && m.forked.stream().anyMatch(m::right) && (a.confirmation() == null
                        || a.confirmation().confirmed().stream().noneMatch(m::right)) ? 1 : 0;
                if (a.form() == Confirmation.Form.WINNER) {
                    winners[v]++;
                    falseWinners[v] += m.gainOf(a.pick()) < SpaceSimulation.THRESHOLD - 1e-12 ? 1 : 0;
                }
                trials[v] += a.trials();
            }
        }
        List<Outcome> out = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            out.add(new Outcome(rights.get(v), winners[v], falseWinners[v], trials[v], never[v], notConfirmed[v]));
        }
        return out;
    }

    /** McNemar's exact two-sided p, and the discordant counts, of {@code a} against {@code b}. */
    static String mcNemar(boolean[] a, boolean[] b) {
        int onlyA = 0;
        int onlyB = 0;
        for (int i = 0; i < a.length; i++) {
            onlyA += a[i] && !b[i] ? 1 : 0;
            onlyB += b[i] && !a[i] ? 1 : 0;
        }
        int n = onlyA + onlyB;
        double p = n == 0 ? 1 : Math.min(1, 2 * BinomialDistribution.of(n, 0.5).cumulativeProbability(Math.min(onlyA, onlyB)));
        return String.format(Locale.ROOT, "%d/%d p=%.2g", onlyA, onlyB, p);
    }

    private static double rate(boolean[] r) {
        int n = 0;
        for (boolean b : r) {
            n += b ? 1 : 0;
        }
        return 100.0 * n / r.length;
    }

    public static void main(String[] args) {
        int races = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        List<SpaceSimulation.Variant> variants = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (!VARIANTS.containsKey(args[i])) {
                throw new IllegalArgumentException("no variant " + args[i] + "; known: " + VARIANTS.keySet());
            }
            variants.add(VARIANTS.get(args[i]));
        }
        if (variants.isEmpty()) {
            variants.addAll(VARIANTS.values());
        }
        System.out.println("| scenario | variant | right | vs " + variants.get(0).name() + " (only a / only b, McNemar p) | grid right"
                + " | vs grid | false winners | use X | trials / grid | wrong, no right point raced | wrong, one raced, none"
                + " confirmed |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        String only = System.getProperty("scenarios"); // e.g. -Dscenarios=1,2,3: those of the table (from 0) only
        for (SpaceSimulation.Scenario s : SpaceSimulation.SCENARIOS) {
            if (only != null && !List.of(only.split(",")).contains(String.valueOf(SpaceSimulation.SCENARIOS.indexOf(s)))) {
                continue;
            }
            boolean[] grid = new boolean[races];
            long[] gridTrials = new long[1];
            List<Outcome> out = compare(s, races, variants, grid, gridTrials);
            for (int v = 0; v < variants.size(); v++) {
                Outcome o = out.get(v);
                System.out.println(String.format(Locale.ROOT, "| %s | %s | %.1f %% | %s | %.1f %% | %s | %.1f %% | %.0f %% | %.0f %% | %.1f %% | %.1f %% |",
                        s.name(), variants.get(v).name(), rate(o.right()), mcNemar(o.right(), out.get(0).right()), rate(grid),
                        mcNemar(o.right(), grid), 100.0 * o.falseWinners() / races, 100.0 * o.winners() / races,
                        100.0 * o.trials() / gridTrials[0], 100.0 * o.neverRaced() / races, 100.0 * o.notConfirmed() / races));
            }
            System.out.flush();
        }
    }
}
