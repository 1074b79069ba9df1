package org.jvmmark.report.builders;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.judge.Contrast;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.NotRun;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.words.Words;

/**
 * The report's marks and "Who won", both from the {@link Judge}: every cell of a table against its column's
 * best, every contrast of the table in one family, so a mark and the headline that reads it always agree.
 *
 * <p>Per column (ranked, trusted, two rows or more): the column's rows are one {@link Evidence} (the machine's
 * levels and pooled noise come from all of them); the best is the row with the best level-adjusted figure among
 * rows with {@value Judge#MIN_FORKS} forks or more; every other row is judged against it. The best is {@link
 * Cell.Mark#BEST} (★) only when every other row is judged worse; otherwise it merely {@link Cell.Mark#LEADS}.
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
        int[] best = new int[cols];
        List<Contrast> family = new ArrayList<>();
        List<int[]> at = new ArrayList<>(); // {row, col} of each contrast
        for (int c = 0; c < cols; c++) {
            Column col = columns.get(c);
            best[c] = -1;
            int present = 0;
            for (int r = 0; r < rows; r++) {
                present += figures[r][c] == null ? 0 : 1;
            }
            List<RowForks> evidence = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                Figure f = figures[r][c];
                if (f == null) {
                    cells[r][c] = Cell.EMPTY;
                } else if (!col.ranked() || present < 2) {
                    cells[r][c] = Cell.plain(f);
                } else if (!col.trusted()) {
                    // Not even a "best": ranking JVMs on noise is what the verdict is there to prevent.
                    cells[r][c] = new Cell(f, Cell.Mark.UNTRUSTED, Double.NaN, Double.NaN, null, "", null);
                } else {
                    evidence.add(f.rowForks(String.valueOf(r), 0));
                }
            }
            if (evidence.size() < 2) {
                for (RowForks rf : evidence) {
                    int r = Integer.parseInt(rf.id());
                    cells[r][c] = Cell.plain(figures[r][c]);
                }
                continue;
            }
            Evidence e = new Evidence(col.id(), col.unit(), col.higherIsBetter(), evidence);
            Map<String, Double> centres = Judge.centres(e);
            if (Double.isFinite(Judge.levelGap(e))) {
                // Judged within the machine's levels: each row's figure is shown at the lower level, as it is compared.
                for (RowForks rf : evidence) {
                    int r = Integer.parseInt(rf.id());
                    figures[r][c] = figures[r][c].withValue(centres.get(rf.id()));
                }
            }
            for (RowForks rf : evidence) {
                int r = Integer.parseInt(rf.id());
                if (rf.n() >= Judge.MIN_FORKS && (best[c] < 0
                        || better(col, centres.get(rf.id()), centres.get(String.valueOf(best[c]))))) {
                    best[c] = r;
                }
            }
            if (best[c] < 0) {
                // No row has the forks a verdict needs: shown, each saying so.
                for (RowForks rf : evidence) {
                    int r = Integer.parseInt(rf.id());
                    cells[r][c] = new Cell(figures[r][c], Cell.Mark.TOO_FEW_FORKS, Double.NaN, Double.NaN, null,
                            rf.n() + (rf.n() == 1 ? " fork" : " forks") + ", " + Judge.MIN_FORKS + " a row needed", null);
                }
                continue;
            }
            for (RowForks rf : evidence) {
                int r = Integer.parseInt(rf.id());
                if (r != best[c]) {
                    family.add(new Contrast(e, rf.id(), String.valueOf(best[c])));
                    at.add(new int[] {r, c});
                }
            }
        }
        List<Judgement> judged = Judge.judge(family, threshold);
        boolean[] beatsAll = new boolean[cols];
        java.util.Arrays.fill(beatsAll, true);
        for (int i = 0; i < judged.size(); i++) {
            int r = at.get(i)[0];
            int c = at.get(i)[1];
            Judgement j = judged.get(i);
            Column col = columns.get(c);
            Figure f = figures[r][c];
            // The judge's effect (within the machine's levels where it applies), else the rows' figures.
            double delta = Double.isFinite(j.effect().ratio()) ? Column.worseBy(col.higherIsBetter(), 1, j.effect().ratio())
                    : Column.worseBy(col.higherIsBetter(), figures[best[c]][c].value(), f.value());
            Cell.Mark mark = switch (j.answer()) {
                case WORSE -> Cell.Mark.SIGNIFICANT;
                case NO_DIFFERENCE -> Cell.Mark.WITHIN_NOISE;
                case BETTER, CANNOT_TELL -> j.reason() == Judgement.Reason.TOO_FEW_FORKS ? Cell.Mark.TOO_FEW_FORKS
                        : Cell.Mark.CANNOT_TELL;
            };
            beatsAll[c] &= mark == Cell.Mark.SIGNIFICANT;
            String tell = Words.tell(j);
            cells[r][c] = new Cell(f, mark, delta, j.p(), j.effect(), Words.why(j, col.unit())
                    + (tell.isEmpty() ? "" : "; " + tell), j);
        }
        for (int c = 0; c < cols; c++) {
            if (best[c] >= 0) {
                Figure bf = figures[best[c]][c];
                cells[best[c]][c] = new Cell(bf, beatsAll[c] ? Cell.Mark.BEST : Cell.Mark.LEADS, 0, Double.NaN, null,
                        beatsAll[c] ? "better than every other row" : "not shown better than every other row", null);
            }
        }
        List<List<Cell>> out = new ArrayList<>();
        for (Cell[] row : cells) {
            out.add(List.of(row));
        }
        return out;
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
     * declared headline figure), or as {@link #headline(String, String, List, List)} when null or absent. Read
     * from the table's own marks (the judge's answers), so the headline and the table never disagree.
     */
    public static Headline headline(String workload, String family, List<Row> rows, List<Table> tables, String columnId) {
        List<NotRun> notRun = NotRun.of(rows);
        List<Column> columns = tables.stream().flatMap(t -> t.columns().stream()).toList();
        String id = columnId;
        if (id == null || columns.stream().noneMatch(col -> col.id().equals(columnId))) {
            Column fallback = defaultHeadline(columns);
            id = fallback == null ? null : fallback.id();
        }
        Table table = null;
        int c = -1;
        for (Table t : tables) {
            for (int i = 0; i < t.columns().size() && c < 0 && id != null; i++) {
                if (t.columns().get(i).id().equals(id)) {
                    table = t;
                    c = i;
                }
            }
        }
        if (table == null) {
            String words = rows.stream().allMatch(r -> r.okTrials().isEmpty()) ? "Nothing ran ok." : "No ranked figure.";
            return new Headline(workload, family, null, Headline.Outcome.NOTHING_RAN, null, null, null, words, notRun);
        }
        Column col = table.columns().get(c);
        String figure = Words.figure(col);
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
                    "not ranked: this machine cannot support the figure (too few samples or CPUs).", notRun);
        }
        int best = -1;
        List<Integer> others = new ArrayList<>();
        for (int r : present) {
            Cell.Mark m = table.cell(r, c).mark();
            if (m == Cell.Mark.BEST || m == Cell.Mark.LEADS) {
                best = r;
            } else if (table.cell(r, c).judgement() != null) {
                others.add(r);
            }
        }
        if (best < 0) {
            return new Headline(workload, family, col, Headline.Outcome.TOO_FEW_FORKS, null, null, null,
                    "no row has the " + Judge.MIN_FORKS + " forks a verdict needs.", notRun);
        }
        // The row the answer turns on: the first that cannot be told from the best (the closest by value), else the
        // closest row.
        Table t = table;
        int cc = c;
        others.sort((x, y) -> Double.compare(Math.abs(Math.log(t.cell(x, cc).effect().ratio())),
                Math.abs(Math.log(t.cell(y, cc).effect().ratio()))));
        int open = others.stream().filter(r -> t.cell(r, cc).judgement().answer() == Judgement.Answer.CANNOT_TELL)
                .findFirst().orElse(-1);
        int second = open >= 0 ? open : others.get(0);
        Row winner = table.rows().get(best);
        Row runnerUp = table.rows().get(second);
        Cell rc = table.cell(second, c);
        Judgement j = rc.judgement();
        String diff = Words.effect(col, rc.effect());
        String forks = Words.forksEach(table.cell(best, c).figure().forks().length, rc.figure().forks().length);
        if (table.cell(best, c).mark() == Cell.Mark.BEST) {
            return new Headline(workload, family, col, Headline.Outcome.WINNER, winner, runnerUp, rc.effect(), winner.label()
                    + " wins on " + figure + ": " + runnerUp.label() + " is " + diff + ", " + forks + ".", notRun, j);
        }
        if (open < 0 && j.answer() == Judgement.Answer.NO_DIFFERENCE) {
            // No row left open: the leaders are within the threshold of each other, the rest called slower (DESIGN.md §5).
            List<Integer> slower = others.stream().filter(r -> t.cell(r, cc).judgement().answer() != Judgement.Answer.NO_DIFFERENCE)
                    .toList();
            long within = others.size() - slower.size();
            String rest = slower.isEmpty()
                    ? (within > 1 ? "; every other row within ±" + Format.percent(j.threshold()) + " too" : "")
                    : (within > 1 ? "; " + (within - 1) + " more within ±" + Format.percent(j.threshold()) : "") + "; worse: "
                            + String.join(", ", slower.stream().map(r -> t.rows().get(r).label() + " ("
                                    + Words.effect(col, t.cell(r, cc).effect()) + ")").toList());
            return new Headline(workload, family, col, Headline.Outcome.NO_DIFFERENCE, winner, runnerUp, rc.effect(),
                    "No difference on " + figure + " between " + winner.label() + " and " + runnerUp.label() + " (" + diff
                            + ", within ±" + Format.percent(j.threshold()) + ", " + forks + ")" + rest + ".", notRun, j);
        }
        String tell = Words.tell(j);
        Headline.Outcome outcome = j.reason() == Judgement.Reason.TOO_FEW_FORKS ? Headline.Outcome.TOO_FEW_FORKS
                : Headline.Outcome.CANNOT_TELL;
        // How close (issue 43): the provisional leader, the largest difference the intervals rule out, and what more forks
        // would cost in minutes.
        double worst = Double.NaN;
        boolean allBounded = true;
        for (int r : others) {
            Effect e = t.cell(r, cc).effect();
            double end = e == null ? Double.NaN : col.higherIsBetter() ? e.low() : e.high();
            allBounded &= Double.isFinite(end);
            if (Double.isFinite(end)) {
                worst = Double.isNaN(worst) ? end : col.higherIsBetter() ? Math.min(worst, end) : Math.max(worst, end);
            }
        }
        String close = allBounded && Double.isFinite(worst)
                ? Words.ruledOut(col, winner.label(), worst, others.size() > 1) : "";
        // past the cap, what the cap's forks alone would cost: a floor ("more than 60 forks a side … (more than 7 min)")
        boolean pastCap = j.forksToTell() == Judgement.MORE_THAN_CAP;
        int toTell = pastCap ? Judgement.CAP : j.forksToTell();
        int more = toTell <= 0 || j.acrossRuns() ? 0
                : Math.max(0, toTell - j.forksCandidate()) + Math.max(0, toTell - j.forksReference());
        String cost = Words.minutes(more, secondsPerFork(table, best, second), pastCap);
        String howClose = cost + (close.isEmpty() ? "" : "; provisionally " + winner.label() + " leads, and " + close);
        return new Headline(workload, family, col, outcome, winner, runnerUp, rc.effect(), "Cannot tell on " + figure
                + " whether " + winner.label() + " beats " + runnerUp.label() + ": " + Words.why(j, col.unit())
                + (tell.isEmpty() ? "" : "; " + tell + cost) + (close.isEmpty() ? "" : "; provisionally " + winner.label()
                + " leads, and " + close) + ".", notRun, j, howClose);
    }

    /** The mean wall time of a fork of the two rows, in seconds (what one more fork a side costs, each side); NaN if none. */
    private static double secondsPerFork(Table t, int ra, int rb) {
        double[] walls = java.util.stream.Stream.of(t.rows().get(ra), t.rows().get(rb)).flatMap(r -> r.okTrials().stream())
                .mapToDouble(tr -> tr.outcome().process().wallSeconds()).filter(w -> w > 0).toArray();
        return walls.length == 0 ? Double.NaN : java.util.Arrays.stream(walls).average().orElse(Double.NaN);
    }

    /**
     * A workload's headline figure among {@code columns}, by the one rule Who won, {@code compare} and {@code --forks
     * auto} share: its declared figure (its first question's first, as a question names it: {@code "endToEnd p50"}, a
     * metric's name) where measured, else {@link #defaultHeadline}; null when neither.
     */
    public static Column headline(String declared, List<Column> columns) {
        Column c = declared == null ? null : Column.named(columns, declared);
        return c != null ? c : defaultHeadline(columns);
    }

    /**
     * The headline figure of a workload that declares no question (or whose declared figure was not measured): the
     * one rule Who won and {@code compare} share — the end-to-end p50 latency, else the score, else the first ranked
     * metric; null when there is none.
     */
    public static Column defaultHeadline(List<Column> columns) {
        Column first = null;
        for (Column col : columns) {
            if (col.kind() == Column.Kind.LATENCY && col.ranked() && "endToEnd".equals(col.probe()) && "50".equals(col.key())) {
                return col;
            }
        }
        for (Column col : columns) {
            if (col.kind() == Column.Kind.METRIC && col.ranked()) {
                if (col.key().equals("score")) {
                    return col;
                }
                first = first == null ? col : first;
            }
        }
        return first;
    }

}
