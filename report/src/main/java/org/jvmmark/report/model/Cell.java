package org.jvmmark.report.model;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Judgement;

/**
 * A table cell: the row's figure for a column and how it stands against the column's best.
 * Built by {@code Verdicts}; immutable, hence thread-safe.
 *
 * @param figure null when the row has no value (failed trial, metric not measured)
 * @param delta relative difference to the best row's figure, signed so that positive is worse (0 for the best)
 * @param pValue the test's p-value against the best after Holm's correction over the table, NaN when no test was made
 * @param effect this row against the best (ratio and interval from one value per fork), or null
 * @param why what the mark rests on, in words, or ""
 * @param judgement the judge's answer for this row against the column's best, null when not judged
 */
public record Cell(Figure figure, Mark mark, double delta, double pValue, Effect effect, String why,
                   Judgement judgement) {
    /** How a cell compares with its column's best. */
    public enum Mark {
        /** The best value of the column, and better than every other stable row beyond noise and threshold. */
        BEST,
        /** The best value of the column, but not clearly better than every other row: no winner. */
        LEADS,
        /** Worse than the best, beyond noise (Holm-corrected) and beyond the practical threshold. */
        SIGNIFICANT,
        /** No difference from the best: the whole interval lies within ±threshold. */
        WITHIN_NOISE,
        /** The judge cannot tell (the interval reaches past the threshold, or the machine's levels are confounded
         * with the rows): {@link Cell#why()} says why and what would tell. */
        CANNOT_TELL,
        /** Fewer than {@link org.jvmmark.report.judge.Judge#MIN_FORKS} forks on a side: cannot tell. */
        TOO_FEW_FORKS,
        /** The column is not trusted on this machine (samples, CPUs obtained): no difference is called. */
        UNTRUSTED,
        /** Nothing to compare with (single row, unranked column or no value). */
        NONE
    }

    public static final Cell EMPTY = new Cell(null, Mark.NONE, Double.NaN, Double.NaN, null, "", null);

    public static Cell plain(Figure f) {
        return new Cell(f, Mark.NONE, Double.NaN, Double.NaN, null, "", null);
    }
}
