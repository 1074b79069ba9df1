package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The order in which {@code jvmmark run --budget 30m} shrinks this workload's part of a plan that
 * does not fit, most expendable first. Each entry is one of:
 * <ul>
 * <li>{@code "connections=100,25000,10000"}: the points of a swept parameter to drop, in that order
 *     (a point is never dropped when it is the workload's last);</li>
 * <li>{@code "levels"}: the points of any swept parameter, the last of the sweep first;</li>
 * <li>{@code "variants"}: the workload's variants outside the default set ({@link Variant#inDefaultSet()}),
 *     the last declared first;</li>
 * <li>{@code "questions"}: the variants only a later {@link Question} asks about (its baseline and variants), the
 *     last declared question first; the first question's are never cut (http: the JDK server's virtual-vs-platform
 *     pair goes, Tomcat's stays);</li>
 * <li>{@code "forks"}: planned forks above the three a verdict needs.</li>
 * </ul>
 * Without this annotation: {@code levels}, {@code variants}, {@code forks}. The runner prints what
 * it left out.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BudgetCuts {
    /** The cuts, most expendable first. */
    String[] value();
}
