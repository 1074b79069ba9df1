package org.jvmmark.api;

/** Which direction of a metric is an improvement. */
public enum Better {
    HIGHER,
    LOWER,
    /**
     * Neither: a fact about the trial, not a score (messages sent, connections served, threads).
     * The report shows it but never ranks it, and {@code compare} never calls it a regression.
     */
    NONE;

    /** The spelling in {@code results.json}. */
    public String json() {
        switch (this) {
            case HIGHER:
                return "higher";
            case LOWER:
                return "lower";
            default:
                return "none";
        }
    }
}
