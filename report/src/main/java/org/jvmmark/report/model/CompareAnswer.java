package org.jvmmark.report.model;

import org.jvmmark.report.model.Comparison;

/**
 * {@code compare}'s answer: the comparison of two sides and how the user asked it to be said. Immutable.
 *
 * @param comparison the judged comparison
 * @param nameA how side A is named (its directory)
 * @param nameB how side B is named
 * @param onlyChanges list only the lines that moved (see {@link Comparison.Line#isChange})
 * @param requireAll whether a row on one side only fails the comparison
 */
public record CompareAnswer(Comparison comparison, String nameA, String nameB, boolean onlyChanges, boolean requireAll) {
    /** The exit status: 1 when a row on one side only fails it under {@code requireAll}, else the comparison's. */
    public int exitStatus() {
        return requireAll && !comparison.notCompared().isEmpty() ? 1 : comparison.exitStatus();
    }
}
