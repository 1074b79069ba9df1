package org.jvmmark.results;

/**
 * The JDK as the runner found and chose it ({@code "jdk"} block of a trial), before it ran: a trial
 * whose JVM never started has only this. Immutable, hence thread-safe.
 *
 * @param label the runner's name for it, as in trial ids ("temurin-25.0.1")
 * @param feature the feature release (25), 0 when unknown
 */
public record PlannedJdk(String home, String label, String vendor, String version, int feature) {
    public PlannedJdk {
        home = home == null ? "" : home;
        label = label == null ? "" : label;
        vendor = vendor == null ? "" : vendor;
        version = version == null ? "" : version;
    }
}
