package org.jvmmark.report;
import org.jvmmark.report.verdict.Effect;

/**
 * A table cell: the row's figure for a column and how it stands against the column's best.
 * Built by {@link Verdicts}; immutable, hence thread-safe.
 *
 * @param figure null when the row has no value (failed trial, metric not measured)
 * @param delta relative difference to the best row's figure, signed so that positive is worse (0 for the best)
 * @param pValue the test's p-value against the best after Holm's correction over the table, NaN when no test was made
 * @param effect this row against the best (ratio and interval from one value per fork), or null
 * @param why what the mark rests on, in words ("forks on two levels (2.1× apart)"), or ""
 */
public record Cell(Figure figure, Mark mark, double delta, double pValue, Effect effect, String why) {
    /** How a cell compares with its column's best. */
    public enum Mark {
        /** The best value of the column, and better than every other stable row beyond noise and threshold. */
        BEST,
        /** The best value of the column, but not clearly better than every other row: no winner. */
        LEADS,
        /** Worse than the best, beyond noise (Holm-corrected) and beyond the practical threshold. */
        SIGNIFICANT,
        /** Worse than the best by its value, but within noise or within the threshold. */
        WITHIN_NOISE,
        /**
         * Tested and beyond noise, but a gap a split between the machine's two launch levels could make at these
         * fork counts: cannot tell (never shown as "no difference"); {@link Cell#why()} says what would tell.
         */
        CANNOT_TELL,
        /** Fewer than {@link ForkTest#MIN_FORKS} forks on a side: no test. */
        TOO_FEW_FORKS,
        /** This row's forks (or the runs inside one) disagree: shown with its per-fork values, never ranked. */
        UNSTABLE,
        /** The column is not trusted on this machine (samples, CPUs obtained): no difference is called. */
        UNTRUSTED,
        /** Nothing to compare with (single row, unranked column or no value). */
        NONE
    }

    public static final Cell EMPTY = new Cell(null, Mark.NONE, Double.NaN, Double.NaN, null, "");

    public static Cell plain(Figure f) {
        return new Cell(f, Mark.NONE, Double.NaN, Double.NaN, null, "");
    }
}
