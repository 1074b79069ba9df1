package org.jvmmark.results;

/**
 * What a forked JVM said of its own trial: its result file ({@code jvmmark/trial-result/1}, written by
 * {@code org.jvmmark.api.ForkMain}) read once, by {@link ResultsReader#child}, with the same rules as
 * {@code results.json} (a metric without a finite value is left out with a warning). The runner judges
 * it together with what it saw from outside, and builds the trial from it with {@link TrialBuilder}.
 * Immutable, hence thread-safe.
 *
 * @param status what the child said: ok, failed or unsupported (not yet judged against its exit status)
 * @param error the child's own reason when not ok, or null
 * @param jvm what the JVM said of itself, or null when it did not say
 * @param measured its metrics, latency blocks, series, info and warnings
 */
public record ChildResult(String status, String error, JvmInfo jvm, Trial.Measured measured) {
    public ChildResult {
        measured = measured == null ? Trial.Measured.NONE : measured;
    }

    /**
     * The status the child said, as a {@link TrialStatus}: ok, failed or unsupported; null for any other word
     * (a {@code timeout} is the runner's to call, not the child's).
     */
    public TrialStatus said() {
        for (TrialStatus s : java.util.List.of(TrialStatus.OK, TrialStatus.FAILED, TrialStatus.UNSUPPORTED)) {
            if (s.json().equals(status)) {
                return s;
            }
        }
        return null;
    }
}
