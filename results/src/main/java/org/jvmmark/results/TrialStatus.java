package org.jvmmark.results;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How a trial ended: the {@code status} of a trial in {@code results.json}, one of four words. A
 * trial that is not {@link #OK} has no figures; {@link #UNSUPPORTED} is an answer (this JVM cannot run
 * the workload), {@link #FAILED} and {@link #TIMEOUT} are failures: a run with one exits 1, and
 * {@code --resume} runs it again. Immutable, hence thread-safe.
 *
 * <p>{@link #toString()} is the JSON word, so a status printed in a message reads as the file says it.
 */
public enum TrialStatus {
    /** The JVM ran the workload to the end and the workload's own validation passed: its figures count. */
    OK("ok"),
    /** The JVM did not start, crashed, exited early, wrote no (or a corrupt) result, or the workload failed its validation. */
    FAILED("failed"),
    /** This JVM cannot run the workload (too old, a collector or feature it lacks): said with the reason, not a failure. */
    UNSUPPORTED("unsupported"),
    /** No result within the profile's time limit: the runner killed the JVM. */
    TIMEOUT("timeout");

    private static final String VALID = Arrays.stream(values()).map(TrialStatus::json).collect(Collectors.joining(", "));

    private final String json;

    TrialStatus(String json) {
        this.json = json;
    }

    /** The word {@code results.json} writes: {@code ok}, {@code failed}, {@code unsupported} or {@code timeout}. */
    public String json() {
        return json;
    }

    /** True for {@link #FAILED} and {@link #TIMEOUT}: the trial did not give an answer it should have. */
    public boolean failure() {
        return this == FAILED || this == TIMEOUT;
    }

    /**
     * The status a file writes as {@code json}.
     *
     * @throws IllegalArgumentException one line naming the valid words, for anything else (null too)
     */
    public static TrialStatus of(String json) {
        for (TrialStatus s : values()) {
            if (s.json.equals(json)) {
                return s;
            }
        }
        throw new IllegalArgumentException("status '" + json + "' is not one of " + VALID);
    }

    @Override
    public String toString() {
        return json;
    }
}
