package org.jvmmark.report.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A scenario generator over the noise model of DESIGN.md (§1), and the gate ({@code compare}: two JVMs, each a row on
 * both sides, both gating in one family, failures judged per row) run over it: P(exit 0), P(exit 1), P(exit 5) per
 * scenario. Its parameters are this VM kind's measured noise (DESIGN.md §8). Seeded, hence reproducible; {@link #main}
 * prints the table published in the guide. Not thread-safe (one {@link Random} per call).
 */
final class GateScenarios {
    static final double THRESHOLD = 0.05;

    /**
     * A machine, as the noise model's terms.
     *
     * @param name what the table calls it
     * @param twoLevels whether launches land on one of two levels 2.4–3.4× apart, the upper share drawn per run from 0–80 %
     * @param observed whether the machine probe observes each fork's level (else the judge sees only the values)
     * @param runSpread the run-to-run standard deviation of a row's log centre
     * @param forkSpread the within-level fork-to-fork standard deviation of log values
     * @param switchRate the share of forks whose level changes while they run
     * @param flakeRate the share of forks that fail for reasons of the machine
     */
    record Machine(String name, boolean twoLevels, boolean observed, double runSpread, double forkSpread, double switchRate,
                   double flakeRate) {
    }

    /** What the candidate (side B) changed, on the first of the two JVMs. */
    enum Scenario {
        AA("A/A (no change)", 0),
        UNIFORM_3("+3 % on every fork", 0.03),
        UNIFORM_6("+6 % on every fork", 0.06),
        UNIFORM_10("+10 % on every fork", 0.10),
        UNIFORM_20("+20 % on every fork", 0.20),
        SHARE_MOVE("40 % more launches at the upper level's value", 0),
        UPPER_ONLY("+20 % on the upper level only", 0),
        CLIMB("half the forks climb to the upper level while they run", 0),
        FAILURES("30 % of forks fail (was the flake rate)", 0),
        MISSING("headline missing on B", 0);

        final String words;
        final double uniform;

        Scenario(String words, double uniform) {
            this.words = words;
            this.uniform = uniform;
        }

        /** Whether the candidate is truly slower by at least the threshold (on average over the machine's draws). */
        boolean slowdown(Machine m) {
            return switch (this) {
                case UNIFORM_6, UNIFORM_10, UNIFORM_20, SHARE_MOVE, CLIMB -> true;
                default -> false;
            };
        }
    }

    /** The shares of exit statuses over the simulated gates. */
    record Rates(double exit0, double exit1, double exit5) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%5.1f | %5.1f | %5.1f", 100 * exit0, 100 * exit1, 100 * exit5);
        }
    }

    private GateScenarios() {
    }

    /** {@code gates} gates of {@code runs} runs a side of {@code forks} forks each, seeded. */
    static Rates simulate(Machine m, Scenario s, int runs, int forks, int gates, long seed) {
        Random random = new Random(seed);
        int[] exits = new int[6];
        for (int g = 0; g < gates; g++) {
            exits[gate(random, m, s, runs, forks)]++;
        }
        return new Rates((double) exits[0] / gates, (double) exits[1] / gates, (double) exits[5] / gates);
    }

    /** One gate: the exit status {@code compare} gives. */
    static int gate(Random random, Machine m, Scenario s, int runs, int forks) {
        double gap = m.twoLevels ? 2.4 + random.nextDouble() : 1;
        double[] base = {Math.log(450), Math.log(520)};
        List<RowForks> rows = new ArrayList<>();
        int[][] failed = new int[2][2];
        int[][] launched = new int[2][2];
        // Each run's share on the upper level is the machine's, drawn per run and met alike by both JVMs of the run.
        double[][] share = new double[2][runs];
        for (double[] side : share) {
            for (int k = 0; k < runs; k++) {
                side[k] = m.twoLevels ? 0.8 * random.nextDouble() : 0;
            }
        }
        for (int jvm = 0; jvm < 2; jvm++) {
            for (int side = 0; side < 2; side++) {
                boolean changed = side == 1 && jvm == 0;
                List<Double> values = new ArrayList<>();
                List<Integer> batches = new ArrayList<>();
                List<Double> levels = new ArrayList<>();
                List<Boolean> moved = new ArrayList<>();
                for (int k = 0; k < runs; k++) {
                    double run = m.runSpread * random.nextGaussian();
                    for (int f = 0; f < forks; f++) {
                        launched[jvm][side]++;
                        double flake = changed && s == Scenario.FAILURES ? 0.30 : m.flakeRate;
                        if (random.nextDouble() < flake) {
                            failed[jvm][side]++;
                            continue;
                        }
                        boolean upper = random.nextDouble() < share[side][k];
                        double level = upper ? 1 : 0;
                        double y = base[jvm] + run + m.forkSpread * random.nextGaussian();
                        double high = Math.log(gap);
                        double lift = upper ? high : 0;
                        if (m.twoLevels && random.nextDouble() < m.switchRate) {
                            // The machine moved the fork to the other level after a share u of its time.
                            double u = random.nextDouble();
                            lift = Math.log((1 - u) * Math.exp(lift) + u * Math.exp(high - lift));
                            level = 0.5;
                        }
                        if (changed) {
                            if (s == Scenario.SHARE_MOVE && !upper && random.nextDouble() < 0.4) {
                                lift = Math.log(m.twoLevels ? gap : 2.9); // the JVM, not the machine: the probe still sees low
                            } else if (s == Scenario.UPPER_ONLY && upper) {
                                lift += Math.log(1.2);
                            } else if (s == Scenario.CLIMB && random.nextDouble() < 0.5) {
                                double u = random.nextDouble();
                                double top = Math.log(m.twoLevels ? gap : 2.9);
                                lift = Math.log((1 - u) * Math.exp(lift) + u * Math.exp(Math.max(lift, top)));
                            }
                            y += Math.log1p(s.uniform);
                        }
                        values.add(Math.exp(y + lift));
                        batches.add(side * runs + k);
                        // The probe's cache-line round trip: ≈ 130 ns on the lower level, ≈ 400 ns on the upper, their
                        // mean for a fork whose readings before and after straddle them.
                        double probe = level == 0.5 ? 265 : level == 1 ? 400 : 130;
                        levels.add(m.observed ? probe * Math.exp(0.05 * random.nextGaussian()) : Double.NaN);
                        moved.add(m.observed && level == 0.5);
                    }
                }
                rows.add(new RowForks((side == 0 ? "A#" : "B#") + jvm, values.stream().mapToDouble(Double::doubleValue).toArray(),
                        0, batches.stream().mapToInt(Integer::intValue).toArray(),
                        levels.stream().mapToDouble(Double::doubleValue).toArray(), booleans(moved)));
            }
        }
        Evidence e = new Evidence("endToEnd/50", "ns", false, rows);
        List<Judgement> all = new ArrayList<>();
        List<Contrast> family = new ArrayList<>();
        for (int jvm = 0; jvm < 2; jvm++) {
            if (jvm == 0 && s == Scenario.MISSING) {
                all.add(Judge.missing(false, THRESHOLD));
            } else {
                family.add(new Contrast(e, "B#" + jvm, "A#" + jvm));
            }
            Judgement f = Judge.failures(failed[jvm][1], launched[jvm][1], failed[jvm][0], launched[jvm][0], THRESHOLD);
            if (f != null) {
                all.add(f);
            }
        }
        all.addAll(Judge.judge(family, THRESHOLD));
        return ExitStatus.of(all);
    }

    private static boolean[] booleans(List<Boolean> b) {
        boolean[] out = new boolean[b.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.get(i);
        }
        return out;
    }

    /** The machines of the published table: this VM kind's measured noise (DESIGN.md §8). */
    static final List<Machine> MACHINES = List.of(
            new Machine("one level, quiet (run 1 %, fork 2 %)", false, true, 0.01, 0.02, 0, 0.01),
            new Machine("one level, noisy (run 2.5 %, fork 8 %)", false, true, 0.025, 0.08, 0, 0.01),
            new Machine("two levels, probe observes them (run 2.5 %, fork 8 %)", true, true, 0.025, 0.08, 0.1, 0.01),
            new Machine("two levels, not observed (run 2.5 %, fork 8 %)", true, false, 0.025, 0.08, 0.1, 0.01));

    /** Prints the published table: {@code mvn -pl report test-compile} then run this class on the test classpath. */
    public static void main(String[] args) {
        int gates = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        for (Machine m : MACHINES) {
            System.out.println();
            System.out.println("**" + m.name() + "**, switches inside forks " + (int) (100 * m.switchRate()) + " %, flakes "
                    + (int) (100 * m.flakeRate()) + " %; P(exit 0) | P(exit 1) | P(exit 5), in %, " + gates + " gates each");
            System.out.println();
            System.out.println("| scenario | 1 run a side, 5 forks | 1 run, 8 forks | 3 runs a side, 5 forks | 3 runs, 8 forks |");
            System.out.println("|---|---|---|---|---|");
            for (Scenario s : Scenario.values()) {
                StringBuilder line = new StringBuilder("| " + s.words + (s.slowdown(m) ? " ▲" : "") + " |");
                for (int runs : new int[] {1, 3}) {
                    for (int forks : new int[] {5, 8}) {
                        line.append(' ').append(simulate(m, s, runs, forks, gates, 42)).append(" |");
                    }
                }
                System.out.println(line);
            }
        }
        System.out.println();
        System.out.println("▲: a true slowdown of at least the threshold (5 %) on average.");
    }
}
