package org.jvmmark.history;

/**
 * A change in a series found by {@link EDivisive}: the first point after it, the means either side,
 * the relative change and the p-value of Student's t-test between the two sides. Immutable.
 *
 * @param index the index of the first point of the new level
 * @param forwardChange mean after / mean before - 1 (0.12 = 12 % up)
 */
public record ChangePoint(int index, double meanBefore, double meanAfter, double forwardChange, double pValue) {
    /** Otava's magnitude: the larger of the forward and backward relative changes, in absolute value. */
    public double magnitude() {
        double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
        return Math.max(Math.abs(forwardChange), Math.abs(backward));
    }

    /** Whether the change is for the worse, for a figure with that direction. */
    public boolean regression(boolean higherIsBetter) {
        return higherIsBetter ? forwardChange < 0 : forwardChange > 0;
    }
}
