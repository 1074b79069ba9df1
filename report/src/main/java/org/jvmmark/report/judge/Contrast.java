package org.jvmmark.report.judge;

/**
 * One question put to the judge: is {@code candidate} better or worse than {@code reference} on the figure
 * of {@code evidence}? Both rows belong to the same evidence, so the machine's levels and the pooled noise
 * of every row of the figure stand behind the answer. Immutable, hence thread-safe.
 */
public record Contrast(Evidence evidence, String candidate, String reference) {
    public Contrast {
        evidence.indexOf(candidate);
        evidence.indexOf(reference);
    }
}
