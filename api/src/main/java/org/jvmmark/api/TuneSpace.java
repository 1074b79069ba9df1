package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The JVM settings that matter for this workload, as {@code jvmmark tune} searches them: one dimension per
 * entry, in the syntax of {@code tune --space} — {@code "gc=G1,Parallel,ZGC"} (collectors),
 * {@code "Xmx=64m..4g:log"} (an ordered size, a few grid points), {@code "-XX:+UseCompactObjectHeaders"} (a
 * flag on or off), {@code "-XX:TieredStopAtLevel=1,4"} (a flag's values). {@code --space} adds dimensions to
 * these or replaces one of the same name. Without it, {@code tune} searches collectors and heap size.
 *
 * <p>{@link #objective()} and {@link #constraints()} say what the settings are judged on when the user names none
 * ({@code tune --objective}, {@code --constraint}): a figure the settings can move (a hold latency set by the
 * handler's sleep is not one), in the syntax of those options.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TuneSpace {
    /** One dimension per entry. */
    String[] value();

    /** The figure {@code tune} optimises by default ("endToEnd p99", "score"); "" for the workload's headline figure. */
    String objective() default "";

    /** Bounds the best must keep by default ("peak RSS <= 512m"), each as {@code --constraint} takes it. */
    String[] constraints() default {};
}
