package org.jvmmark.report.verdict;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.Cell;
import org.jvmmark.report.Column;
import org.jvmmark.report.Figure;
import org.jvmmark.report.Format;
import org.jvmmark.report.ModelBuilder;
import org.jvmmark.report.Row;
import org.jvmmark.report.Table;
import org.jvmmark.report.Words;

/**
 * From evidence to verdicts, for the report: marks every cell of a table against its column's best
 * and says who won each workload ({@link Headline}). The statistic is {@link ForkTest} (one value per
 * fork, Welch on logs, Holm over the table, practical threshold), the per-row check {@link Stability};
 * {@code compare} uses the same two. Renderers only render what this produces.
 *
 * <p>Per column: rows whose forks disagree are marked {@link Cell.Mark#UNSTABLE} and left out of the
 * ranking; the best of the stable rows is the reference; every other stable row is tested against
 * it. The p-values of all tests of one table are corrected together (Holm). The best row is
 * {@link Cell.Mark#BEST} (★) only when it beats every other stable row beyond noise and threshold;
 * otherwise it merely {@link Cell.Mark#LEADS}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Verdicts {
    private Verdicts() {
    }

    /** The cells of one table, row-major. */
    public static List<List<Cell>> judge(List<Column> columns, Figure[][] figures, double threshold) {
        int rows = figures.length;
        int cols = columns.size();
        Cell[][] cells = new Cell[rows][cols];
        ForkTest.Result[][] tests = new ForkTest.Result[rows][cols];
        int[] best = new int[cols];
        TwoLevels[] levels = new TwoLevels[cols];
        // Two Holm families: the headline figure (endToEnd p50, else the score), and the rest.
        List<double[]> headlineFamily = new ArrayList<>(); // {row, col, p}
        List<double[]> otherFamily = new ArrayList<>();
        for (int c = 0; c < cols; c++) {
            Column col = columns.get(c);
            best[c] = -1;
            levels[c] = TwoLevels.ONE_LEVEL;
            int present = 0;
            for (int r = 0; r < rows; r++) {
                present += figures[r][c] == null ? 0 : 1;
            }
            boolean[] stable = new boolean[rows];
            List<double[]> all = new ArrayList<>();
            List<double[]> stableLogs = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                Figure f = figures[r][c];
                if (f == null) {
                    cells[r][c] = Cell.EMPTY;
                } else if (!col.ranked() || present < 2) {
                    cells[r][c] = Cell.plain(f);
                } else if (!col.trusted()) {
                    // Not even a "best": ranking JVMs on noise is what the verdict is there to prevent.
                    cells[r][c] = new Cell(f, Cell.Mark.UNTRUSTED, Double.NaN, Double.NaN, null, "");
                } else {
                    all.add(f.forks());
                    Stability s = Stability.of(f);
                    stable[r] = s.stable();
                    if (!s.stable()) {
                        cells[r][c] = new Cell(f, Cell.Mark.UNSTABLE, Double.NaN, Double.NaN, null, s.reason());
                    } else if (f.forks().length < ForkTest.MIN_FORKS) {
                        // Shown, not ranked: a row whose other forks crashed must not become the reference.
                        stable[r] = false;
                        cells[r][c] = new Cell(f, Cell.Mark.TOO_FEW_FORKS, Double.NaN, Double.NaN, null,
                                ForkTest.forksNeeded(f.forks().length, ForkTest.MIN_FORKS) + "; shown, not ranked");
                    } else {
                        if (Stats.allPositive(f.forks())) {
                            stableLogs.add(Stats.logs(f.forks()));
                        }
                        if (best[c] < 0 || better(col, f.value(), figures[best[c]][c].value())) {
                            best[c] = r;
                        }
                    }
                }
            }
            if (best[c] < 0) {
                continue;
            }
            levels[c] = TwoLevels.of(all);
            PooledNoise noise = PooledNoise.of(stableLogs);
            Figure ref = figures[best[c]][c];
            for (int r = 0; r < rows; r++) {
                if (stable[r] && r != best[c]) {
                    ForkTest.Result t = ForkTest.test(figures[r][c].forks(), ref.forks(), col.higherIsBetter(), noise);
                    tests[r][c] = t;
                    if (t.tested()) {
                        (headlineColumn(col) ? headlineFamily : otherFamily).add(new double[] {r, c, t.pValue()});
                    }
                }
            }
        }
        double[][] adjustedAt = new double[rows][cols];
        int[][] familySize = new int[rows][cols];
        for (double[] row : adjustedAt) {
            java.util.Arrays.fill(row, Double.NaN);
        }
        for (List<double[]> family : List.of(headlineFamily, otherFamily)) {
            double[] adjusted = ForkTest.holm(family.stream().mapToDouble(x -> x[2]).toArray());
            for (int i = 0; i < family.size(); i++) {
                adjustedAt[(int) family.get(i)[0]][(int) family.get(i)[1]] = adjusted[i];
                familySize[(int) family.get(i)[0]][(int) family.get(i)[1]] = family.size();
            }
        }
        for (int c = 0; c < cols; c++) {
            if (best[c] < 0) {
                continue;
            }
            Column col = columns.get(c);
            boolean beatsAll = true;
            int compared = 0;
            for (int r = 0; r < rows; r++) {
                ForkTest.Result t = tests[r][c];
                if (t == null) {
                    continue;
                }
                compared++;
                Figure f = figures[r][c];
                double delta = ModelBuilder.worseBy(col.higherIsBetter(), figures[best[c]][c].value(), f.value());
                Cell.Mark mark;
                String why;
                Effect effect = ForkTest.corrected(t, adjustedAt[r][c], familySize[r][c]);
                double alpha = ForkTest.ALPHA / Math.max(1, familySize[r][c]);
                if (!t.tested()) {
                    mark = Cell.Mark.TOO_FEW_FORKS;
                    why = ForkTest.forksNeeded(t.forksCandidate(), t.forksReference());
                } else if (ForkTest.called(adjustedAt[r][c], t, threshold) && levels[c].couldBeSplit(effect.ratio())
                        && levels[c].splitProbability(t.forksCandidate(), t.forksReference()) > alpha) {
                    mark = Cell.Mark.CANNOT_TELL;
                    why = "cannot tell: " + levels[c].words(col.unit()) + "; " + levels[c].forksToTell(alpha)
                            + " forks a side would tell";
                } else if (ForkTest.called(adjustedAt[r][c], t, threshold)) {
                    mark = Cell.Mark.SIGNIFICANT;
                    why = Format.p(adjustedAt[r][c]) + " (Holm)";
                } else {
                    mark = Cell.Mark.WITHIN_NOISE;
                    why = t.size() <= threshold ? "within the " + Format.percent(threshold) + " threshold"
                            : "within noise, " + Format.p(adjustedAt[r][c]) + " (Holm)";
                }
                beatsAll &= mark == Cell.Mark.SIGNIFICANT;
                cells[r][c] = new Cell(f, mark, delta, adjustedAt[r][c], effect, why);
            }
            Figure bf = figures[best[c]][c];
            String couldBeat = couldBeat(columns.get(c), figures, cells, c, bf);
            if (couldBeat != null) {
                beatsAll = false;
            }
            cells[best[c]][c] = compared == 0 && couldBeat == null ? Cell.plain(bf)
                    : new Cell(bf, beatsAll ? Cell.Mark.BEST : Cell.Mark.LEADS, 0, Double.NaN, null,
                            beatsAll ? "better than every other row" : couldBeat != null ? couldBeat
                                    : "not clearly better than every other row");
        }
        List<List<Cell>> out = new ArrayList<>();
        for (Cell[] row : cells) {
            out.add(List.of(row));
        }
        return out;
    }

    /**
     * Why no winner may be named when a row left out of the ranking (unstable, or too few forks) could
     * beat the best: one of its forks is better than the best row's figure. Null when none could.
     */
    private static String couldBeat(Column col, Figure[][] figures, Cell[][] cells, int c, Figure best) {
        int n = 0;
        for (int r = 0; r < figures.length; r++) {
            Cell cell = cells[r][c];
            if (cell == null || cell.figure() == null
                    || cell.mark() != Cell.Mark.UNSTABLE && cell.mark() != Cell.Mark.TOO_FEW_FORKS) {
                continue;
            }
            for (double v : cell.figure().forks()) {
                if (better(col, v, best.value())) {
                    n++;
                    break;
                }
            }
        }
        return n == 0 ? null : n + (n == 1 ? " row" : " rows") + " not ranked (forks disagree or too few) could beat it: no winner";
    }

    private static boolean better(Column col, double a, double b) {
        return col.higherIsBetter() ? a > b : a < b;
    }

    /**
     * Who won a workload on its headline figure: endToEnd p50 for a latency workload, else the
     * score (or its first ranked metric).
     */
    public static Headline headline(String workload, String family, List<Row> rows, List<Table> tables) {
        return headline(workload, family, rows, tables, null);
    }

    /**
     * Who won on a chosen figure: the column whose {@link Column#id()} is {@code columnId} (a workload's
     * declared headline figure), or as {@link #headline(String, String, List, List)} when null or absent.
     */
    public static Headline headline(String workload, String family, List<Row> rows, List<Table> tables, String columnId) {
        List<String> notRun = rows.stream().filter(r -> r.okTrials().isEmpty())
                .map(r -> r.label() + ": " + r.status() + (r.failureNote().isEmpty() ? "" : " (" + r.failureNote() + ")"))
                .toList();
        Table table = null;
        int c = -1;
        for (Table t : tables) {
            for (int i = 0; i < t.columns().size() && c < 0; i++) {
                if (columnId != null ? t.columns().get(i).id().equals(columnId) : headlineColumn(t.columns().get(i))) {
                    table = t;
                    c = i;
                }
            }
        }
        if (table == null) {
            // No latency p50: the score, else the first ranked metric.
            for (Table t : tables) {
                for (int i = 0; i < t.columns().size(); i++) {
                    Column col = t.columns().get(i);
                    if (col.kind() == Column.Kind.METRIC && col.ranked()
                            && (table == null || col.key().equals("score"))) {
                        table = t;
                        c = i;
                    }
                }
            }
        }
        if (table == null) {
            String words = rows.stream().allMatch(r -> r.okTrials().isEmpty()) ? "Nothing ran ok." : "No ranked figure.";
            return new Headline(workload, family, null, Headline.Outcome.NOTHING_RAN, null, null, null, words, notRun);
        }
        Column col = table.columns().get(c);
        String figure = figureName(col);
        List<Integer> present = new ArrayList<>();
        for (int r = 0; r < table.rows().size(); r++) {
            if (table.cell(r, c).figure() != null) {
                present.add(r);
            }
        }
        if (present.size() < 2) {
            Row only = present.isEmpty() ? null : table.rows().get(present.get(0));
            String words = only == null ? "Nothing ran ok." : "Only " + only.label() + " ran: nothing to compare.";
            return new Headline(workload, family, col, present.isEmpty() ? Headline.Outcome.NOTHING_RAN : Headline.Outcome.ONE_ROW,
                    only, null, null, words, notRun);
        }
        if (!col.trusted()) {
            return new Headline(workload, family, col, Headline.Outcome.NOT_TRUSTED, null, null, null,
                    figure + " cannot be trusted on this machine: no ranking.", notRun);
        }
        int best = -1;
        int second = -1;
        List<String> unstable = new ArrayList<>();
        List<String> few = new ArrayList<>();
        for (int r : present) {
            Cell cell = table.cell(r, c);
            switch (cell.mark()) {
                case BEST, LEADS -> best = r;
                case UNSTABLE -> unstable.add(table.rows().get(r).label() + " (" + cell.why() + ")");
                case TOO_FEW_FORKS -> {
                    if (cell.effect() == null) {
                        unstable.add(table.rows().get(r).label() + " (" + cell.why() + ")");
                        few.add(cell.why().replace("; shown, not ranked", ""));
                    } else if (second < 0 || better(col, cell.figure().value(), table.cell(second, c).figure().value())) {
                        second = r;
                    }
                }
                default -> {
                    if (second < 0 || better(col, cell.figure().value(), table.cell(second, c).figure().value())) {
                        second = r;
                    }
                }
            }
        }
        String unstableWords = unstable.isEmpty() ? "" : " Not ranked: " + String.join("; ", unstable) + ".";
        if ((best < 0 || second < 0) && !few.isEmpty() && few.size() == unstable.size()) {
            return new Headline(workload, family, col, Headline.Outcome.TOO_FEW_FORKS, null, null, null,
                    "No verdict on " + figure + ": " + few.get(0) + "." + unstableWords, notRun);
        }
        if (best < 0 || second < 0) {
            return new Headline(workload, family, col, Headline.Outcome.UNSTABLE, null, null, null,
                    "No ranking on " + figure + ": fewer than two rows with stable forks." + unstableWords, notRun);
        }
        Row winner = table.rows().get(best);
        Row runnerUp = table.rows().get(second);
        Cell rc = table.cell(second, c);
        Effect effect = rc.effect();
        String diff = effect == null ? "" : Words.effect(col, effect);
        String forks = forksText(table.cell(best, c).figure().forks().length, rc.figure().forks().length);
        return switch (rc.mark()) {
            case TOO_FEW_FORKS -> new Headline(workload, family, col, Headline.Outcome.TOO_FEW_FORKS, null, null, effect,
                    "No verdict on " + figure + ": " + rc.why() + ". So far " + winner.label() + " leads, " + runnerUp.label()
                            + " is " + diff + "." + unstableWords, notRun);
            case SIGNIFICANT -> table.cell(best, c).mark() == Cell.Mark.BEST
                    ? new Headline(workload, family, col, Headline.Outcome.WINNER, winner, runnerUp, effect, winner.label()
                            + " wins on " + figure + ": " + runnerUp.label() + " is " + diff + ", " + forks + "." + unstableWords,
                            notRun)
                    // The runner-up is behind beyond noise, yet the leader is not ahead of every row: who wins cannot be
                    // told — never "no difference", which the interval beside it would contradict.
                    : new Headline(workload, family, col, Headline.Outcome.CANNOT_TELL, winner, runnerUp, effect,
                            "Cannot tell which is best on " + figure + ": " + winner.label() + " leads (" + runnerUp.label() + " is "
                            + diff + "), but " + (table.cell(best, c).why().contains("could beat")
                                    ? table.cell(best, c).why().replace(": no winner", "")
                                    : "not every other row is behind it beyond noise") + "." + unstableWords, notRun);
            // Within noise of the leader, but a row left out of the ranking could beat both: which is best cannot be told.
            default -> table.cell(best, c).why().contains("could beat") && !rc.why().startsWith("cannot tell: ")
                    ? new Headline(workload, family, col, Headline.Outcome.CANNOT_TELL, winner, runnerUp, effect,
                            "Cannot tell which is best on " + figure + ": no difference beyond noise between " + winner.label()
                            + " and " + runnerUp.label() + " (" + diff + ", " + rc.why() + "), but "
                            + table.cell(best, c).why().replace(": no winner", "") + "." + unstableWords, notRun)
                    : rc.why().startsWith("cannot tell: ")
                    ? new Headline(workload, family, col, Headline.Outcome.CANNOT_TELL, winner, runnerUp, effect,
                            "Cannot tell on " + figure + " whether " + winner.label() + " beats " + runnerUp.label() + " ("
                            + diff + "): " + rc.why().substring("cannot tell: ".length()) + "." + unstableWords, notRun)
                    : new Headline(workload, family, col, Headline.Outcome.NO_DIFFERENCE, winner, runnerUp, effect,
                    "No difference beyond noise on " + figure + " between " + winner.label() + " and " + runnerUp.label()
                            + " (" + diff + ", " + rc.why() + ", " + forks + ")." + unstableWords, notRun);
        };
    }

    private static boolean headlineColumn(Column col) {
        return col.kind() == Column.Kind.LATENCY && col.ranked() && "endToEnd".equals(col.probe()) && "50".equals(col.key());
    }

    public static String figureName(Column col) {
        return switch (col.kind()) {
            case LATENCY -> col.probe() + " " + col.title();
            case UNCORRECTED -> col.probe() + " uncorrected " + col.title();
            case RATE -> col.probe() + " achieved rate";
            case METRIC -> org.jvmmark.report.QuestionAnswers.label(col.key());
        };
    }

    private static String forksText(int a, int b) {
        return a == b ? a + " forks each" : a + " and " + b + " forks";
    }
}
