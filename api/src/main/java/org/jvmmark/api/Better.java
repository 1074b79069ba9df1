package org.jvmmark.api;

/** Which direction of a metric is an improvement. */
public enum Better {
    HIGHER,
    LOWER;

    /** The spelling in {@code results.json}. */
    public String json() {
        return this == HIGHER ? "higher" : "lower";
    }
}
