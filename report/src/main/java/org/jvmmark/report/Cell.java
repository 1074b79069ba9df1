package org.jvmmark.report;

/**
 * A table cell: the row's figure for a column and how it stands against the column's best.
 * Immutable, hence thread-safe.
 *
 * @param figure null when the row has no value (failed trial, metric not measured)
 * @param delta relative difference to the best, signed so that positive is worse (0 for the best)
 * @param pValue Welch's p-value against the best, NaN when no test was made
 */
public record Cell(Figure figure, Mark mark, double delta, double pValue) {
    /** How a cell compares with its column's best. */
    public enum Mark {
        /** The best value of the column. */
        BEST,
        /** Worse than the best, and the difference stands outside the runs' spread. */
        SIGNIFICANT,
        /** Worse than the best, but within the runs' spread. */
        WITHIN_NOISE,
        /** Not enough runs on one side to tell. */
        TOO_FEW_RUNS,
        /** The column is not trusted on this machine: no difference is called. */
        UNTRUSTED,
        /** Nothing to compare with (single row, unranked column or no value). */
        NONE
    }

    static final Cell EMPTY = new Cell(null, Mark.NONE, Double.NaN, Double.NaN);
}
