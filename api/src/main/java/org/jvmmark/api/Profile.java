package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a profile changes for this workload. Profiles are {@code smoke} (seconds, for CI),
 * {@code quick} (the default: minutes) and {@code standard} (the sizes of the published
 * experiment). A profile the workload does not declare uses the parameters' defaults.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Profile.List.class)
public @interface Profile {

    /** {@code smoke}, {@code quick} or {@code standard}. */
    String name();

    /** Parameter overrides as {@code key=value}. */
    String[] params() default {};

    /** Wall-clock limit of one trial under this profile; the runner kills the child past it. */
    int timeoutSeconds() default 300;

    /**
     * Typical wall-clock time of one trial under this profile, JVM start included, for
     * {@code jvmmark run --dry-run}; {@code 0} means unknown (the runner then assumes a tenth of
     * {@link #timeoutSeconds()}).
     */
    int estimatedSeconds() default 0;

    /** Container of repeated {@link Profile}s. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Profile[] value();
    }
}
