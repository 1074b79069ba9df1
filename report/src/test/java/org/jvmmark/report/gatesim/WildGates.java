package org.jvmmark.report.gatesim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.jvmmark.report.builders.SameMeasurement;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.ExitStatus;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.judge.RunSpread;
import org.jvmmark.testkit.gates.WildRuns;
import org.jvmmark.testkit.gates.WildRuns.Run;
import org.jvmmark.testkit.gates.WildRuns.Scenario;

/**
 * {@code compare}'s gate over {@link WildRuns}: the host check ({@link SameMeasurement#speedDifference}), then every
 * row's figure of both sides as one evidence (A's runs 0…k−1, B's k…2k−1, the probe's round trips beside each fork),
 * the three rows' contrasts B against A in one family, each row's failed forks judged once ({@link Judge#failures}),
 * one run a side on the assumed spread — as {@code ComparisonBuilder} builds them. Run {@link #main} for the table.
 * Stateless and thread-safe.
 */
public final class WildGates {
    /** The published seed: the table in DESIGN.md §8 and docs/ci.md. */
    public static final long SEED = 48_2026_1128L;
    /** Gates per cell of the published table. */
    public static final int TABLE_GATES = 1000;
    /** Forks a run on side A (B's too unless the scenario says otherwise). */
    public static final int FORKS = 5;

    private WildGates() {
    }

    /** The scenarios of the table, each breaking one of the judge's assumptions. */
    public static final List<Scenario> SCENARIOS = List.of(
            Scenario.quiet("quiet (fork 2 %, run 1 %)"),
            Scenario.quiet("heavy tails (t, 3 df; fork 3 %)").withForks(0.03, 3),
            Scenario.quiet("rows of unequal spread (1, 2, 8 %)").withRows(0.5, 1, 4),
            Scenario.quiet("run effects 6 % (4 % shared, 4.5 % a row's own)").withRuns(0.04, 0.045),
            Scenario.quiet("drift 0.5 % a run").withDrift(0.005),
            Scenario.quiet("outliers (5 % of forks × 1.5–3)").withOutliers(0.05),
            Scenario.quiet("two levels, 30 % of probe readings missing").withLevels(0.6, 0.3),
            Scenario.quiet("unequal forks (B 9 a run)").withForksB(9),
            Scenario.quiet("two hosts (B's 8 % faster)").withHostB(0.92),
            Scenario.quiet("failing forks (10 %)").withFailures(0.10));

    /** The true changes of B's first row in the table. */
    public static final double[] CHANGES = {1.00, 1.05, 1.10};

    /** P(exit 0), P(exit 1), P(exit 5) over {@code gates} gates. */
    public record Rates(double exit0, double exit1, double exit5, int gates) {
        /** One binomial standard error of a rate {@code p} at these gates. */
        public double error(double p) {
            return Math.sqrt(Math.max(p * (1 - p), 1.0 / gates) / gates);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%5.1f | %5.1f | %5.1f", 100 * exit0, 100 * exit1, 100 * exit5);
        }
    }

    /** The rates of {@code gates} gates of scenario {@code s}, its own random stream from {@code seed}. */
    public static Rates simulate(Scenario s, double change, int runs, int gates, long seed) {
        Random random = new Random(seed ^ s.name().hashCode() * 31L ^ Double.hashCode(change) * 17L ^ runs);
        int[] count = new int[6];
        for (int g = 0; g < gates; g++) {
            count[gate(random, s, change, runs)]++;
        }
        return new Rates((double) count[0] / gates, (double) count[1] / gates, (double) count[5] / gates, gates);
    }

    /** One gate's exit status. */
    static int gate(Random random, Scenario s, double change, int runs) {
        double[] changes = new double[WildRuns.ROWS];
        Arrays.fill(changes, 1);
        changes[0] = change;
        List<Run> a = WildRuns.side(random, s, runs, FORKS, 0, false, changes);
        List<Run> b = WildRuns.side(random, s, runs, FORKS, runs, true, changes);
        if (SameMeasurement.speedDifference(WildRuns.singleCoreLogs(a), WildRuns.singleCoreLogs(b)) != null) {
            return ExitStatus.CANNOT_TELL; // another host class: refused
        }
        List<RowForks> rows = new ArrayList<>();
        List<Judgement> status = new ArrayList<>();
        for (int i = 0; i < WildRuns.ROWS; i++) {
            int row = i;
            rows.add(row("A#" + row, a, row, 0));
            rows.add(row("B#" + row, b, row, runs));
            int failedA = a.stream().mapToInt(r -> WildRuns.failed(r, row)).sum();
            int failedB = b.stream().mapToInt(r -> WildRuns.failed(r, row)).sum();
            int launchedA = a.stream().mapToInt(r -> r.rows().get(row).size()).sum();
            int launchedB = b.stream().mapToInt(r -> r.rows().get(row).size()).sum();
            Judgement f = Judge.failures(failedB, launchedB, failedA, launchedA, Judge.DEFAULT_THRESHOLD);
            if (f != null) {
                status.add(f);
            }
        }
        Evidence e = new Evidence("endToEnd/50", "ns", false, rows, RunSpread.UNKNOWN);
        List<Contrast> family = new ArrayList<>();
        for (int row = 0; row < WildRuns.ROWS; row++) {
            family.add(new Contrast(e, "B#" + row, "A#" + row));
        }
        List<Judgement> all = new ArrayList<>(Judge.judge(family, Judge.DEFAULT_THRESHOLD));
        all.addAll(status);
        return ExitStatus.of(all);
    }

    private static RowForks row(String id, List<Run> side, int row, int firstRun) {
        List<Double> values = new ArrayList<>();
        List<Double> probe = new ArrayList<>();
        List<Integer> batches = new ArrayList<>();
        for (int k = 0; k < side.size(); k++) {
            for (double v : WildRuns.values(side.get(k), row)) {
                values.add(v);
                batches.add(firstRun + k);
            }
            for (double p : WildRuns.roundTrips(side.get(k), row)) {
                probe.add(p);
            }
        }
        return new RowForks(id, values.stream().mapToDouble(Double::doubleValue).toArray(), 0,
                batches.stream().mapToInt(Integer::intValue).toArray(), probe.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Prints the table of DESIGN.md §8: {@code TABLE_GATES} gates a cell, seed {@link #SEED}. */
    public static void main(String[] args) {
        int gates = args.length > 0 ? Integer.parseInt(args[0]) : TABLE_GATES;
        System.out.println("| scenario | B's first JVM | 1 run a side: P(exit 0) | P(exit 1) | P(exit 5) | 3 runs a side:"
                + " P(exit 0) | P(exit 1) | P(exit 5) |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Scenario s : SCENARIOS) {
            for (double change : CHANGES) {
                System.out.printf(Locale.ROOT, "| %s | %s | %s | %s |%n", s.name(),
                        change == 1 ? "none" : String.format(Locale.ROOT, "+%.0f %%", 100 * (change - 1)),
                        simulate(s, change, 1, gates, SEED), simulate(s, change, 3, gates, SEED));
            }
        }
    }
}
