/**
 * The statistics behind every verdict: one value per fork and figure (a fresh JVM is the unit of
 * evidence), stability per row, the machine's evidence over all rows of a workload ({@link
 * org.jvmmark.report.verdict.TwoLevels}: launches on two levels; {@link org.jvmmark.report.verdict.PooledNoise}:
 * fork-to-fork noise pooled where the rows' spreads agree), the test of two rows (t-test on log fork values,
 * effect as the ratio of geometric means with an interval that agrees with the Holm correction), the
 * headline per workload, and {@link org.jvmmark.report.verdict.ChangeJudge}'s three answers for
 * {@code compare} and the history (worse/better, no difference, cannot tell). {@code report},
 * {@code compare} and the history all judge through this package, so one row has one figure and one
 * verdict everywhere. Stateless and thread-safe.
 */
package org.jvmmark.report.verdict;
