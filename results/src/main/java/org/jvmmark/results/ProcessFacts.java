package org.jvmmark.results;

/**
 * What the runner saw of the forked JVM from outside. Zero where it was not measured. Immutable,
 * hence thread-safe.
 */
public record ProcessFacts(long peakRssBytes, double wallSeconds, double cpuSeconds, Integer exitCode) {
    public static final ProcessFacts NONE = new ProcessFacts(0, 0, 0, null);
}
