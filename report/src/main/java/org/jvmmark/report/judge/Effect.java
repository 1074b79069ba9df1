package org.jvmmark.report.judge;

/**
 * How one row's figure stands against another's (normally the column's best): the ratio of their
 * values and its confidence interval, both computed from one value per fork (a fresh JVM is the
 * unit of replication). Immutable, hence thread-safe.
 *
 * @param ratio this row's value ÷ the other row's value (1.12: 12 % higher)
 * @param low the lower bound of the ratio's confidence interval
 * @param high the upper bound of the ratio's confidence interval
 * @param confidence the interval's level, e.g. 0.95
 * @param higherIsBetter the figure's direction ({@code Words} says it as "slower" or "faster")
 */
public record Effect(double ratio, double low, double high, double confidence, boolean higherIsBetter) {

    /** Whether this row is worse than the other one by its point estimate. */
    public boolean worse() {
        return higherIsBetter ? ratio < 1 : ratio > 1;
    }
}
