package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.tune.Confirmation;

/**
 * Seeded races of {@link EliteRace} over spaces made apart from the race's own model (issue 51, item 3), against a
 * 4-fork grid on the same spaces and machines. {@link RaceSimulation} draws from the model the race assumes; this one
 * draws what makes real races fail:
 * <ul>
 *   <li><b>spaces like the real ones:</b> 2–4 collectors (of G1, Parallel, Serial, ZGC) × 2–4 heap sizes (of 256m, 512m,
 *       1g, 2g) × 0–2 on/off flags, 10–40 points with the default, built by {@link SearchSpace} itself, so round one is
 *       tune's own design ({@link SearchSpace#sample}) and neighbours are tune's own ({@link SearchSpace#neighbours});</li>
 *   <li><b>true levels:</b> a collector effect (σ 4 %), a heap slope of 0–6 % over the sizes (more heap better in 70 % of
 *       spaces, worse in 30 %), a collector × heap interaction (σ 1.5 %), flag effects (σ 2 %) and flag × collector
 *       interactions (σ 1 %); in 35 % of spaces a <b>cliff</b>: one collector's smallest heap 20–50 % slower and failing
 *       40 % of its forks (out of memory). The levels are then shifted so that the best point beats the default (the
 *       JDK's own choice, level 0) by the scenario's gain; most points are then worse than the default, some much;</li>
 *   <li><b>forks:</b> a spread that differs by point (the scenario's × 0.6–1.6, ZGC's × 1.3 more), Student-t noise with 3
 *       degrees of freedom (heavy tails), a round effect (σ 1 %) and a round × point interaction (σ 0.4 × the spread),
 *       1 % of forks failing anywhere, 3 % disturbed: half of them seen (the fork is spent, no evidence), half not (the
 *       value 10–50 % slower, nothing says so).</li>
 * </ul>
 * The race runs with {@link EliteRace.Settings#standard} under a cap of 60 % of the 4-fork grid's trials; the grid runs
 * every point 4 forks in one batch (a point with 2 failed forks is out) and picks the best centre ({@link Judge#centres}).
 * Both are scored by the rule ({@link #right}). {@link #main} prints the table of docs/tuning.md. Lower is better
 * throughout. Not thread-safe; each race has its own seeded {@link Random}.
 */
public final class SpaceSimulation {
    /** "Right" is within this of the best. */
    static final double NEAR = 0.02;
    /** "Keep the default" is right when nothing beats it by this. */
    static final double THRESHOLD = 0.05;
    static final int GRID_FORKS = 4;
    /** The race's cap as a share of the grid's trials. */
    static final double CAP_SHARE = 0.6;
    private static final String[] GCS = {"G1", "Parallel", "Serial", "ZGC"};
    private static final String[] HEAPS = {"256m", "512m", "1g", "2g"};
    private static final String[] FLAGS = {"-XX:+UseCompactObjectHeaders", "-XX:+AlwaysPreTouch"};

    /** A scenario: the best point's true gain over the default is drawn from [gainLow, gainHigh]; forks spread so. */
    record Scenario(String name, double gainLow, double gainHigh, double spread, long seed) {
    }

    /** The scenarios of the table, seeds 5101–5108. */
    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("best 0–3 % better, spread 2 %", 0, 0.03, 0.02, 5101),
            new Scenario("best 3–7 % better, spread 2 %", 0.03, 0.07, 0.02, 5102),
            new Scenario("best 7–11 % better, spread 2 %", 0.07, 0.11, 0.02, 5103),
            new Scenario("best 11–15 % better, spread 2 %", 0.11, 0.15, 0.02, 5104),
            new Scenario("best 0–3 % better, spread 5 %", 0, 0.03, 0.05, 5105),
            new Scenario("best 3–7 % better, spread 5 %", 0.03, 0.07, 0.05, 5106),
            new Scenario("best 7–11 % better, spread 5 %", 0.07, 0.11, 0.05, 5107),
            new Scenario("best 11–15 % better, spread 5 %", 0.11, 0.15, 0.05, 5108),
            new Scenario("best 0–15 % better, spread 8 %", 0, 0.15, 0.08, 5109));

    /**
     * One scenario's outcome over its races.
     *
     * @param raceRight races whose answer was right (%)
     * @param gridRight the 4-fork grid's (%)
     * @param raceOnly races the race got right and the grid wrong; {@code gridOnly} the reverse (McNemar's b and c)
     * @param falseWinner races answering "use X" where X is not truly ≥ 5 % better than the default (%)
     * @param winner races answering "use X" (%); {@code keep} "keep the default"; the rest "cannot tell yet"
     * @param neverRaced races the race got wrong without ever racing a right point (%): what exploration cost
     */
    record Row(Scenario scenario, int races, double raceRight, double gridRight, int raceOnly, int gridOnly,
               double falseWinner, double winner, double keep, double raceTrials, double gridTrials, double points,
               double neverRaced) {
        /** McNemar's exact two-sided p over the discordant pairs. */
        double mcNemarP() {
            int n = raceOnly + gridOnly;
            if (n == 0) {
                return 1;
            }
            BinomialDistribution b = BinomialDistribution.of(n, 0.5);
            return Math.min(1, 2 * b.cumulativeProbability(Math.min(raceOnly, gridOnly)));
        }

        /** The Monte Carlo standard error of a rate {@code p} (%) over this row's races, in points. */
        double error(double p) {
            return Math.sqrt(p * (100 - p) / races);
        }
    }

    private SpaceSimulation() {
    }

    /**
     * A way to race: {@link EliteRace.Settings#standard} with {@code strategy}, {@code keep} of the best racing on and up
     * to {@code neighbours} points a round through neighbours.
     */
    record Variant(String name, RaceStrategy strategy, int keep, int neighbours) {
        /** What tune runs. */
        static final Variant STANDARD = new Variant("standard", RaceStrategy.STANDARD, EliteRace.Settings.standard(1, THRESHOLD,
                false).keep(), EliteRace.Settings.standard(1, THRESHOLD, false).neighboursPerRound());

        EliteRace.Settings settings(int cap) {
            return EliteRace.Settings.standard(cap, THRESHOLD, false).with(strategy).with(keep, neighbours);
        }
    }

    /** {@code races} races of {@code s}; race i's space and machine come from the i-th seed of the scenario's sequence. */
    static Row run(Scenario s, int races) {
        Random seeds = new Random(s.seed() + Long.getLong("seedOffset", 0)); // -DseedOffset=N: fresh seeds, for a check apart
        int raceRight = 0;
        int gridRight = 0;
        int raceOnly = 0;
        int gridOnly = 0;
        int falseWinner = 0;
        int winner = 0;
        int keep = 0;
        long raceTrials = 0;
        long gridTrials = 0;
        long points = 0;
        int neverRaced = 0;
        for (int i = 0; i < races; i++) {
            long seed = seeds.nextLong();
            Machine m = new Machine(new Random(seed), s);
            EliteRace.Answer a = race(m);
            boolean r = m.right(a.pick());
            boolean g = m.right(grid(m.fresh(seed + 1)));
            raceRight += r ? 1 : 0;
            neverRaced += !r && m.forked.stream().noneMatch(m::right) ? 1 : 0;
            gridRight += g ? 1 : 0;
            raceOnly += r && !g ? 1 : 0;
            gridOnly += g && !r ? 1 : 0;
            if (a.form() == Confirmation.Form.WINNER) {
                winner++;
                falseWinner += m.gainOf(a.pick()) < THRESHOLD - 1e-12 ? 1 : 0;
            }
            keep += a.form() == Confirmation.Form.KEEP_DEFAULT ? 1 : 0;
            raceTrials += a.trials();
            gridTrials += (long) GRID_FORKS * m.labels.size();
            points += m.labels.size();
        }
        double n = races;
        return new Row(s, races, 100 * raceRight / n, 100 * gridRight / n, raceOnly, gridOnly, 100 * falseWinner / n,
                100 * winner / n, 100 * keep / n, raceTrials / n, gridTrials / n, points / n, 100 * neverRaced / n);
    }

    /** One race as tune runs it: round one by tune's design, neighbours by the space, a cap of 60 % of the grid. */
    static EliteRace.Answer race(Machine m) {
        return race(m, Variant.STANDARD);
    }

    /** One race of {@code v}: round one by its design, neighbours by the space, a cap of 60 % of the grid. */
    static EliteRace.Answer race(Machine m, Variant v) {
        int cap = (int) (CAP_SHARE * GRID_FORKS * m.labels.size());
        EliteRace.Settings settings = v.settings(cap);
        RaceStrategy st = settings.strategy();
        List<String> sample = m.space.sample(m.all, settings.firstRoundSize(), st.pairs()).stream().map(Point::label)
                .filter(l -> !l.equals("default")).toList();
        EliteRace race = new EliteRace("default", null, sample, l -> m.neighbours(l, st.categorical()), settings)
                .proposing(m::predicted).pooling(m::levels);
        for (EliteRace.Round r = race.next(); r != null; r = race.next()) {
            m.newRound();
            for (int f = 0; f < r.forksEach(); f++) {
                for (String p : r.points()) {
                    Outcome o = m.fork(p, r.number());
                    switch (o.kind()) {
                        case FAILED -> race.fail(p, r.number());
                        case SEEN_DISTURBED -> race.spend();
                        case OK -> race.record(p, o.fork());
                    }
                }
            }
        }
        return race.answer();
    }

    /** The grid's pick: every point, 4 forks, one batch, the best centre; a point with 2 failed forks is out. */
    static String grid(Machine m) {
        m.newRound();
        List<RowForks> rows = new ArrayList<>();
        for (String p : m.labels) {
            List<EliteRace.Fork> ok = new ArrayList<>();
            int failed = 0;
            for (int f = 0; f < GRID_FORKS; f++) {
                Outcome o = m.fork(p, 1);
                failed += o.kind() == Kind.FAILED ? 1 : 0;
                if (o.kind() == Kind.OK) {
                    ok.add(o.fork());
                }
            }
            if (failed >= 2 || ok.size() < 2) {
                continue;
            }
            double[] v = ok.stream().mapToDouble(EliteRace.Fork::value).toArray();
            double[] probe = ok.stream().mapToDouble(EliteRace.Fork::machineNs).toArray();
            rows.add(new RowForks(p, v, failed, new int[v.length], probe, new boolean[v.length]));
        }
        Map<String, Double> c = Judge.centres(new Evidence("objective", "", false, rows));
        return c.entrySet().stream().filter(e -> !e.getValue().isNaN()).min(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse(null);
    }

    enum Kind { OK, FAILED, SEEN_DISTURBED }

    record Outcome(Kind kind, EliteRace.Fork fork) {
    }

    /** One race's space, true levels and machine. */
    static final class Machine {
        final SearchSpace space;
        final List<Point> all;
        final List<String> labels = new ArrayList<>();
        final Map<String, Point> byLabel = new HashMap<>();
        /** True log level per point (the default 0; lower is better). */
        final Map<String, Double> mu = new LinkedHashMap<>();
        final Map<String, Double> spread = new HashMap<>();
        final Map<String, Double> failRate = new HashMap<>();
        private final Random rnd;
        private final double forkSpread;
        private double roundEffect;
        private final Map<String, Double> roundPoint = new HashMap<>();
        /** The points forked so far. */
        final Set<String> forked = new HashSet<>();

        Machine(Random rnd, Scenario s) {
            this.rnd = rnd;
            this.forkSpread = s.spread();
            List<Point> pts;
            SearchSpace sp;
            List<String> gcs;
            int heaps;
            do {
                gcs = pick(GCS, 2 + rnd.nextInt(3));
                heaps = 2 + rnd.nextInt(3);
                int flags = rnd.nextInt(3);
                int from = rnd.nextInt(HEAPS.length - heaps + 1);
                List<String> dims = new ArrayList<>();
                dims.add("gc=" + String.join(",", gcs));
                dims.add("Xmx=" + String.join(",", List.of(HEAPS).subList(from, from + heaps)));
                dims.addAll(pick(FLAGS, flags));
                sp = SearchSpace.of(List.of(), dims);
                pts = sp.points();
            } while (pts.size() < 10 || pts.size() > 40);
            this.space = sp;
            this.all = pts;
            Dimension gcDim = sp.dimensions().get(0);
            Dimension heapDim = sp.dimensions().get(1);
            Map<String, Double> gcEffect = new HashMap<>();
            for (String g : gcDim.values()) {
                gcEffect.put(g, 0.04 * rnd.nextGaussian());
            }
            double slope = 0.06 * rnd.nextDouble() * (rnd.nextDouble() < 0.7 ? -1 : 1);
            Map<String, Double> interaction = new HashMap<>();
            Map<String, Double> flagEffect = new HashMap<>();
            String cliffGc = rnd.nextDouble() < 0.35 ? gcDim.values().get(rnd.nextInt(gcs.size())) : null;
            double cliff = 0.2 + 0.3 * rnd.nextDouble();
            double best = Double.POSITIVE_INFINITY;
            for (Point p : pts) {
                String l = p.label();
                labels.add(l);
                byLabel.put(l, p);
                double base = forkSpread * (0.6 + rnd.nextDouble());
                failRate.put(l, 0.01);
                if (p.isDefault()) {
                    mu.put(l, 0.0);
                    spread.put(l, base);
                    continue;
                }
                String gc = p.valueOf(gcDim);
                int h = heapDim.values().indexOf(p.valueOf(heapDim));
                double level = gcEffect.get(gc) + slope * h / (heapDim.values().size() - 1)
                        + interaction.computeIfAbsent(gc + h, k -> 0.015 * rnd.nextGaussian());
                for (Dimension d : sp.dimensions().subList(2, sp.dimensions().size())) {
                    if (p.valueOf(d) != null) {
                        level += flagEffect.computeIfAbsent(d.name(), k -> 0.02 * rnd.nextGaussian())
                                + flagEffect.computeIfAbsent(d.name() + gc, k -> 0.01 * rnd.nextGaussian());
                    }
                }
                if (gc.equals(cliffGc) && h == 0) {
                    level += cliff;
                    failRate.put(l, 0.4);
                }
                mu.put(l, level);
                spread.put(l, base * (gc.equals("ZGC") ? 1.3 : 1));
                best = Math.min(best, level);
            }
            // shift the settings so that the best beats the default by the scenario's gain
            double gain = s.gainLow() + (s.gainHigh() - s.gainLow()) * rnd.nextDouble();
            double shift = -Math.log1p(gain) - best;
            for (String l : labels) {
                if (!l.equals("default")) {
                    mu.put(l, mu.get(l) + shift);
                }
            }
        }

        private Machine(Machine same, Random rnd) {
            this.rnd = rnd;
            this.forkSpread = same.forkSpread;
            this.space = same.space;
            this.all = same.all;
            this.labels.addAll(same.labels);
            this.byLabel.putAll(same.byLabel);
            this.mu.putAll(same.mu);
            this.spread.putAll(same.spread);
            this.failRate.putAll(same.failRate);
        }

        /** The same space and truth, fresh forks (for the grid beside the race). */
        Machine fresh(long seed) {
            return new Machine(this, new Random(seed));
        }

        private List<String> pick(String[] from, int n) {
            List<String> all = new ArrayList<>(List.of(from));
            Collections.shuffle(all, rnd);
            return all.subList(0, n);
        }

        List<String> neighbours(String label, boolean categorical) {
            return space.steps(byLabel.get(label), categorical).stream().map(Point::label).filter(byLabel::containsKey).toList();
        }

        /** The points {@link SearchSpace#predicted} ranks best from {@code centres}, by label. */
        List<String> predicted(Map<String, Double> centres) {
            Map<Point, Double> measured = new HashMap<>();
            centres.forEach((l, c) -> measured.put(byLabel.get(l), c));
            return space.predicted(measured, all, false).stream().map(Point::label).toList();
        }

        /** The centre {@link SearchSpace#levels} predicts for each point, by label. */
        Map<String, Double> levels(Map<String, Double> centres) {
            Map<Point, Double> measured = new HashMap<>();
            centres.forEach((l, c) -> measured.put(byLabel.get(l), c));
            Map<String, Double> out = new HashMap<>();
            space.levels(measured, all).forEach((p, v) -> out.put(p.label(), v));
            return out;
        }

        void newRound() {
            roundEffect = 0.01 * rnd.nextGaussian();
            roundPoint.clear();
        }

        Outcome fork(String p, int round) {
            forked.add(p);
            if (rnd.nextDouble() < failRate.get(p)) {
                return new Outcome(Kind.FAILED, null);
            }
            double disturbed = rnd.nextDouble();
            if (disturbed < 0.015) {
                return new Outcome(Kind.SEEN_DISTURBED, null);
            }
            double t = rnd.nextGaussian() / Math.sqrt(chi3() / 3) / Math.sqrt(3); // Student t, 3 df, unit variance
            double log = Math.log(1e6) + mu.get(p) + roundEffect
                    + roundPoint.computeIfAbsent(p, k -> 0.4 * forkSpread * rnd.nextGaussian()) + spread.get(p) * t;
            if (disturbed < 0.03) {
                log += Math.log1p(0.1 + 0.4 * rnd.nextDouble());
            }
            return new Outcome(Kind.OK, new EliteRace.Fork(round, Math.exp(log), 130, false));
        }

        private double chi3() {
            double s = 0;
            for (int i = 0; i < 3; i++) {
                double z = rnd.nextGaussian();
                s += z * z;
            }
            return s;
        }

        double best() {
            return mu.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        }

        /** How much better than the default {@code p} truly is (0.07: 7 %). */
        double gainOf(String p) {
            return Math.expm1(-mu.get(p));
        }

        /**
         * The rule: the pick is the best or within 2 % of it, or it is the default and nothing beats the default
         * by 5 %. No pick (a failed default) is never right.
         */
        boolean right(String pick) {
            if (pick == null) {
                return false;
            }
            return mu.get(pick) - best() < Math.log1p(NEAR) - 1e-12
                    || pick.equals("default") && -best() < Math.log1p(THRESHOLD) - 1e-12;
        }
    }

    public static void main(String[] args) {
        int races = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        System.out.println("| scenario | points (mean) | race right | grid 4 forks right | race only / grid only |"
                + " McNemar p | race false winners | race: use X / keep default / cannot tell | race trials / grid trials |"
                + " race wrong, no right point raced |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (Scenario s : SCENARIOS) {
            Row r = run(s, races);
            System.out.println(String.format(Locale.ROOT,
                    "| %s | %.1f | %.1f %% ± %.1f | %.1f %% ± %.1f | %d / %d | %.3g | %.1f %% | %.0f / %.0f / %.0f %% | %.1f / %.1f"
                            + " (%.0f %%) | %.1f %% |", s.name(), r.points(), r.raceRight(), r.error(r.raceRight()), r.gridRight(),
                    r.error(r.gridRight()), r.raceOnly(), r.gridOnly(), r.mcNemarP(), r.falseWinner(), r.winner(), r.keep(),
                    100 - r.winner() - r.keep(), r.raceTrials(), r.gridTrials(), 100 * r.raceTrials() / r.gridTrials(),
                    r.neverRaced()));
        }
    }
}
