package org.jvmmark.runner.fork;

import java.util.Arrays;
import java.util.Locale;
import org.jvmmark.runner.base.UserException;

/**
 * What a run does with a fork another process disturbed ({@code run --disturbed}). In every case the runner measures
 * what else ran during each fork ({@link MachineActivity}) and records it in the trial's {@code process.disturbance}.
 */
public enum DisturbancePolicy {
    /** Mark it (its figures kept, but no evidence: the report leaves it out and names it) and re-run it once. */
    RERUN,
    /** Mark it, but do not re-run it. */
    MARK,
    /** Record the figures only: no fork is marked (a test suite on a machine others use, say). */
    IGNORE;

    /** The system property that sets the default when {@code --disturbed} is not given (the build sets it for its tests). */
    public static final String PROPERTY = "jvmmark.disturbed";
    /** The same as an environment variable, for a runner started in a JVM of its own (which inherits no {@code -D}). */
    public static final String ENVIRONMENT = "JVMMARK_DISTURBED";

    /**
     * {@code --disturbed}'s value, or when it is null the default: {@value #PROPERTY}, else {@value #ENVIRONMENT},
     * else rerun.
     */
    public static DisturbancePolicy of(String text) {
        String env = System.getenv(ENVIRONMENT);
        String t = text != null ? text : System.getProperty(PROPERTY, env != null && !env.isBlank() ? env : "rerun");
        try {
            return valueOf(t.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserException("--disturbed " + t + ": unknown; valid: " + String.join(", ",
                    Arrays.stream(values()).map(DisturbancePolicy::label).toList()));
        }
    }

    /** Whether a fork is judged disturbed at all. */
    public boolean judges() {
        return this != IGNORE;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
