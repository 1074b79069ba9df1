package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.RowForks;

/**
 * Seeded races of {@link EliteRace} over the judge's noise model (DESIGN.md §1, §8): a 5 × 5 space of two ordered
 * dimensions, the default in a corner, a true best {@code g} (4–10 %) better than the default at a random point, its
 * advantage falling off over three steps (so points far from it are the default's equal), and a round-one sample of
 * six spread points that often misses it: the best is then reachable only through neighbours. Per race: fork spread
 * 2–8 %, run-to-run spread 1–2.5 %, levels 2.4–3.4× apart observed by the probe, 10 % of forks switching level while
 * they run; per round: the share of upper-level launches, 0–80 %. Lower is better. Against it, the 3-fork grid: every
 * point, 3 forks, one batch, the best centre picked. {@link #main} prints the table docs/tuning.md shows.
 */
public final class RaceSimulation {
    static final int SIDE = 5;
    /** The grids the race is compared with: every point, this many forks each. */
    static final int[] GRID_FORKS = {3, 4, 5, 6};
    static final double THRESHOLD = 0.05;
    static final List<String> FIRST = List.of("0,4", "4,0", "2,2", "4,4", "1,3", "3,1");
    /** The race's trial cap in the table: 60 % of the 3-fork grid's 75 trials, and 60 % of the 4-fork grid's 100. */
    static final int[] CAPS = {45, 60};

    /**
     * One scenario's rates over its races.
     *
     * @param gain the largest true gain of the scenario (0: a flat space)
     * @param gridPicked per {@link #GRID_FORKS}, the grid's rate of correct picks (%)
     */
    record Row(String scenario, double gain, int races, int cap, double picked, double falseWinner, double calledBetter, double trials,
               double[] gridPicked) {
        /** The grid's trials at the race's rate of correct picks (interpolated); NaN outside the grids measured. */
        double gridTrialsAtRaceRate() {
            for (int i = 1; i < GRID_FORKS.length; i++) {
                double lo = gridPicked[i - 1];
                double hi = gridPicked[i];
                if (picked >= lo && picked <= hi && hi > lo) {
                    double forks = GRID_FORKS[i - 1] + (picked - lo) / (hi - lo) * (GRID_FORKS[i] - GRID_FORKS[i - 1]);
                    return forks * SIDE * SIDE;
                }
            }
            return Double.NaN;
        }

        /** Whether the race picks right less often than the smallest grid: the grid at its rate needs fewer trials. */
        boolean belowSmallestGrid() {
            return picked < gridPicked[0];
        }

        /** Whether the race picks right more often than the largest grid. */
        boolean aboveLargestGrid() {
            return picked > gridPicked[gridPicked.length - 1];
        }
    }

    private RaceSimulation() {
    }

    /** tune's own settings ({@link EliteRace.Settings#standard}) with a cap of {@code cap} trials. */
    static EliteRace.Settings settings(int cap) {
        return EliteRace.Settings.standard(cap, THRESHOLD, false);
    }

    /**
     * {@code races} races with true gains drawn from [gainLow, gainHigh] (0, 0: a flat space). Each race's machine and
     * space come from a seed of their own, so the grids meet the same machines whatever the race's cap.
     */
    static Row run(String scenario, int races, double gainLow, double gainHigh, long seed, int cap) {
        Random rnd = new Random(seed);
        int picked = 0;
        int falseWinner = 0;
        int called = 0;
        long trials = 0;
        int[] gridPicked = new int[GRID_FORKS.length];
        for (int i = 0; i < races; i++) {
            double gain = gainLow + (gainHigh - gainLow) * rnd.nextDouble();
            long machineSeed = rnd.nextLong();
            Machine m = new Machine(new Random(machineSeed), gain);
            EliteRace race = new EliteRace("0,0", null, FIRST, RaceSimulation::neighbours, settings(cap));
            for (EliteRace.Round r = race.next(); r != null; r = race.next()) {
                m.newRound();
                for (int f = 0; f < r.forksEach(); f++) {
                    for (String p : r.points()) {
                        race.record(p, m.fork(p, r.number()));
                    }
                }
            }
            EliteRace.Answer a = race.answer();
            trials += a.trials();
            boolean flat = m.gain == 0;
            if (m.correct(a.pick())) {
                picked++;
            }
            if (a.beatsDefault()) {
                called++;
                if (flat || m.mu(a.pick()) >= m.mu("0,0") - 1e-12) { // called better, not truly better
                    falseWinner++;
                }
            }
            for (int g = 0; g < GRID_FORKS.length; g++) {
                Machine same = new Machine(new Random(machineSeed + 1 + g), gain, m);
                if (same.correct(grid(same, GRID_FORKS[g]))) {
                    gridPicked[g]++;
                }
            }
        }
        double[] gridRate = java.util.Arrays.stream(gridPicked).mapToDouble(n -> 100.0 * n / races).toArray();
        return new Row(scenario, gainHigh, races, cap, 100.0 * picked / races, 100.0 * falseWinner / races, 100.0 * called / races,
                (double) trials / races, gridRate);
    }

    /** The grid's pick: every point, {@code forks} forks, one batch, the best level-adjusted centre. */
    private static String grid(Machine m, int forks) {
        m.newRound();
        List<RowForks> rows = new ArrayList<>();
        for (int x = 0; x < SIDE; x++) {
            for (int y = 0; y < SIDE; y++) {
                String p = x + "," + y;
                double[] v = new double[forks];
                double[] l = new double[forks];
                boolean[] c = new boolean[forks];
                int[] b = new int[forks];
                for (int f = 0; f < forks; f++) {
                    EliteRace.Fork k = m.fork(p, 1);
                    v[f] = k.value();
                    l[f] = k.machineNs();
                    c[f] = k.machineChanged();
                }
                rows.add(new RowForks(p, v, 0, b, l, c));
            }
        }
        Map<String, Double> c = Judge.centres(new Evidence("objective", "", false, rows));
        return c.entrySet().stream().filter(e -> !e.getValue().isNaN()).min(Map.Entry.comparingByValue()).orElseThrow()
                .getKey();
    }

    static List<String> neighbours(String p) {
        String[] xy = p.split(",");
        int x = Integer.parseInt(xy[0]);
        int y = Integer.parseInt(xy[1]);
        List<String> out = new ArrayList<>();
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int[] s : steps) {
            int nx = x + s[0];
            int ny = y + s[1];
            if (nx >= 0 && ny >= 0 && nx < SIDE && ny < SIDE) {
                out.add(nx + "," + ny);
            }
        }
        return out;
    }

    /** One race's machine and space. */
    static final class Machine {
        final Random rnd;
        final double gain;
        final int bestX;
        final int bestY;
        final double forkSpread;
        final double runSpread;
        final double levelGap;
        double upperShare;
        double runEffect;

        Machine(Random rnd, double gain) {
            this.rnd = rnd;
            this.gain = gain;
            this.bestX = rnd.nextInt(SIDE);
            this.bestY = rnd.nextInt(SIDE);
            this.forkSpread = 0.02 + 0.06 * rnd.nextDouble();
            this.runSpread = 0.01 + 0.015 * rnd.nextDouble();
            this.levelGap = Math.log(2.4 + rnd.nextDouble());
        }

        /** The machine and space of {@code same}, its forks drawn from {@code rnd} (a grid beside the race). */
        Machine(Random rnd, double gain, Machine same) {
            this.rnd = rnd;
            this.gain = gain;
            this.bestX = same.bestX;
            this.bestY = same.bestY;
            this.forkSpread = same.forkSpread;
            this.runSpread = same.runSpread;
            this.levelGap = same.levelGap;
        }

        void newRound() {
            upperShare = 0.8 * rnd.nextDouble();
            runEffect = runSpread * rnd.nextGaussian();
        }

        /** The point's true log level (0 for the default far from the best; lower is better). */
        double mu(String p) {
            String[] xy = p.split(",");
            int d = Math.abs(Integer.parseInt(xy[0]) - bestX) + Math.abs(Integer.parseInt(xy[1]) - bestY);
            return -Math.log1p(gain) * Math.max(0, 1 - d / 3.0);
        }

        /** Whether {@code pick} is the true best or within the threshold of it. */
        boolean correct(String pick) {
            return mu(pick) - mu(bestX + "," + bestY) < Math.log1p(THRESHOLD) - 1e-12;
        }

        EliteRace.Fork fork(String p, int round) {
            double level = rnd.nextDouble() < 0.1 ? 0.5 : rnd.nextDouble() < upperShare ? 1 : 0;
            double log = Math.log(1e6) + mu(p) + runEffect + levelGap * level + forkSpread * rnd.nextGaussian();
            // The machine probe beside the fork: ≈ 130 ns round trips on the lower level, ≈ 400 ns on the upper, and
            // readings that straddle them (the machine changed while the fork ran) for a switching fork.
            double probe = (level == 0.5 ? 265 : level == 1 ? 400 : 130) * Math.exp(0.05 * rnd.nextGaussian());
            return new EliteRace.Fork(round, Math.exp(log), probe, level == 0.5);
        }
    }

    /** The table of docs/tuning.md: 1,000 races a scenario and cap, seeds 42–45. */
    static List<Row> table(int races) {
        List<Row> out = new ArrayList<>();
        for (int cap : CAPS) {
            out.addAll(table(races, cap));
        }
        return out;
    }

    /** The four scenarios at one cap: 4–10 %, 4–6 %, 8–10 % better, flat. */
    static List<Row> table(int races, int cap) {
        return List.of(run("best 4–10 % better", races, 0.04, 0.10, 42, cap), run("best 4–6 % better", races, 0.04, 0.06, 43, cap),
                run("best 8–10 % better", races, 0.08, 0.10, 44, cap), run("flat space", races, 0, 0, 45, cap));
    }

    public static void main(String[] args) {
        int races = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        StringBuilder head = new StringBuilder("| scenario | race cap | race picks best (or within 5 %) | false winner | called better"
                + " than default | race trials (mean) |");
        StringBuilder rule = new StringBuilder("|---|---|---|---|---|---|");
        for (int f : GRID_FORKS) {
            head.append(" grid ").append(f).append(" forks (").append(f * SIDE * SIDE).append(" trials) |");
            rule.append("---|");
        }
        System.out.println(head.append(" grid trials at the race's rate | race / grid at equal rate |"));
        System.out.println(rule.append("---|---|"));
        for (Row r : table(races)) {
            StringBuilder line = new StringBuilder(String.format("| %s | %d | %.1f %% | %.1f %% | %.1f %% | %.1f |", r.scenario(),
                    r.cap(), r.picked(), r.falseWinner(), r.calledBetter(), r.trials()));
            for (double g : r.gridPicked()) {
                line.append(String.format(" %.1f %% |", g));
            }
            int smallest = GRID_FORKS[0] * SIDE * SIDE;
            int largest = GRID_FORKS[GRID_FORKS.length - 1] * SIDE * SIDE;
            double equal = r.gridTrialsAtRaceRate();
            if (r.gain() == 0) {
                line.append(" — | — |"); // every pick is right in a flat space: no rate to match
            } else if (r.belowSmallestGrid()) {
                line.append(String.format(" < %d | > %.0f %% |", smallest, 100 * r.trials() / smallest));
            } else if (r.aboveLargestGrid()) {
                line.append(String.format(" > %d | < %.0f %% |", largest, 100 * r.trials() / largest));
            } else {
                line.append(String.format(" %.0f | %.0f %% |", equal, 100 * r.trials() / equal));
            }
            System.out.println(line);
        }
    }
}
