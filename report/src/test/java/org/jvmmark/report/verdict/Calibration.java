package org.jvmmark.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.jvmmark.report.Figure;

/**
 * The calibration simulation behind {@link ChangeJudge}'s thresholds: thousands of compare tables
 * drawn from fork distributions measured on this machine, judged by the same code {@code compare}
 * runs, counting false alarms per table (A/A: any figure called better or worse) and power (A/B: the
 * one row made 10 % slower is called worse).
 *
 * <p>A table is one workload's headline figure (a latency, lower is better) on {@value #ROWS} rows
 * (JVMs) whose true values differ a little (1.00, 1.04, 0.97, 1.10 × the level), compared A against
 * B. Fork value distributions (log-normal, one value per fork):
 * <ul>
 *   <li>tight: 1 % fork to fork (synthetic's p50 on this machine);</li>
 *   <li>noisy 3 % and noisy 5 % (chat's score, startup times);</li>
 *   <li>two-level: each fork lands on ≈ 600 ns or ≈ 1.25 µs (2.1× apart) with equal chance, 3 % within a
 *       level — queue-latency's p50 here (DESIGN.md: ≈ 530–660 ns or ≈ 1.2–1.4 µs, every JDK on both).</li>
 * </ul>
 * Seeded, so the table is reproducible. Not thread-safe.
 */
final class Calibration {
    static final int ROWS = 4;
    private static final double[] ROW_TRUTH = {1.00, 1.04, 0.97, 1.10};

    /** A fork value distribution. */
    enum Machine {
        TIGHT("tight (1 %)", 0.01, false), NOISY3("noisy (3 %)", 0.03, false), NOISY5("noisy (5 %)", 0.05, false),
        TWO_LEVEL("two-level (2.1×, 3 % within)", 0.03, true);

        final String title;
        final double sigma;
        final boolean twoLevel;

        Machine(String title, double sigma, boolean twoLevel) {
            this.title = title;
            this.sigma = sigma;
            this.twoLevel = twoLevel;
        }

        double fork(Random r, double truth) {
            double level = twoLevel && r.nextBoolean() ? 2.1 : 1.0;
            return 600 * truth * level * Math.exp(sigma * r.nextGaussian());
        }
    }

    /**
     * One cell of the calibration table.
     *
     * @param falseAlarms share of A/A tables with any call
     * @param aaCannotTell share of A/A tables ending in "cannot tell"
     * @param power share of A/B tables in which the +10 % row is called worse
     * @param abCannotTell share of A/B tables in which the +10 % row is "cannot tell"
     */
    record Cell(Machine machine, int forks, int tables, double falseAlarms, double aaCannotTell, double power,
                double abCannotTell) {
    }

    private final Random random;

    Calibration(long seed) {
        this.random = new Random(seed);
    }

    Cell run(Machine m, int forks, int tables) {
        int alarms = 0;
        int aaUnsure = 0;
        int caught = 0;
        int abUnsure = 0;
        for (int t = 0; t < tables; t++) {
            List<ChangeJudge.Answer> aa = ChangeJudge.judge(table(m, forks, 1.0), ChangeJudge.DEFAULT_THRESHOLD);
            alarms += aa.stream().anyMatch(a -> a.kind() == ChangeJudge.Kind.WORSE || a.kind() == ChangeJudge.Kind.BETTER)
                    ? 1 : 0;
            aaUnsure += aa.stream().anyMatch(a -> a.kind() == ChangeJudge.Kind.CANNOT_TELL) ? 1 : 0;
            List<ChangeJudge.Answer> ab = ChangeJudge.judge(table(m, forks, 1.10), ChangeJudge.DEFAULT_THRESHOLD);
            caught += ab.get(0).kind() == ChangeJudge.Kind.WORSE ? 1 : 0;
            abUnsure += ab.get(0).kind() == ChangeJudge.Kind.CANNOT_TELL ? 1 : 0;
        }
        return new Cell(m, forks, tables, (double) alarms / tables, (double) aaUnsure / tables, (double) caught / tables,
                (double) abUnsure / tables);
    }

    /** One table: row 0 is {@code change} × slower in B, the others are unchanged. */
    private List<ChangeJudge.Pair> table(Machine m, int forks, double change) {
        List<ChangeJudge.Pair> pairs = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
            double[] a = new double[forks];
            double[] b = new double[forks];
            for (int f = 0; f < forks; f++) {
                a[f] = m.fork(random, ROW_TRUTH[row]);
                b[f] = m.fork(random, ROW_TRUTH[row] * (row == 0 ? change : 1));
            }
            pairs.add(new ChangeJudge.Pair("endToEnd/50", true, figure(a), figure(b), false, "ns"));
        }
        return pairs;
    }

    private static Figure figure(double[] forks) {
        return new Figure(Stats.center(forks), forks, List.of());
    }

    /** The table as Markdown, for report/README.md. */
    static String markdown(List<Cell> cells) {
        StringBuilder sb = new StringBuilder("| forks a side | fork values | false alarms per table (A/A) | A/A cannot tell"
                + " | power at +10 % | +10 % cannot tell |\n|---:|---|---:|---:|---:|---:|\n");
        for (Cell c : cells) {
            sb.append(String.format(Locale.ROOT, "| %d | %s | %.1f %% | %.1f %% | %.1f %% | %.1f %% |%n", c.forks(),
                    c.machine().title, 100 * c.falseAlarms(), 100 * c.aaCannotTell(), 100 * c.power(),
                    100 * c.abCannotTell()));
        }
        return sb.toString();
    }

    /** Prints the table: {@code java ... Calibration [tables]}. */
    public static void main(String[] args) {
        int tables = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Calibration sim = new Calibration(20261124L);
        List<Cell> cells = new ArrayList<>();
        for (int forks : new int[] {3, 5, 10}) {
            for (Machine m : Machine.values()) {
                cells.add(sim.run(m, forks, tables));
            }
        }
        System.out.print(markdown(cells));
    }
}
