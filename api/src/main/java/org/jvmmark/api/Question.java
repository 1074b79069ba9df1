package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A question the workload exists to answer, declared once and read by {@code jvmmark list}, the report,
 * {@code compare}, the history and the planner: the first question's first figure is the workload's
 * headline. Every view answers a workload's questions first, one line each, before any other table.
 *
 * <p>A question compares rows in one of two ways ({@link #across()}):
 * <ul>
 * <li>{@link Across#JVMS} — one row per JVM (vendor, version, collector, flags) for the same workload
 *     variant: "which JVM has the lowest queue latency?";</li>
 * <li>{@link Across#VARIANTS} — the workload's own variants on the <em>same</em> JVM, each against
 *     {@link #baseline()}: "do virtual threads beat platform threads for Tomcat on JDK 25?". Rows of
 *     different JVMs are never compared in such a question.</li>
 * </ul>
 * A question is answered separately at each value of a swept parameter (for example at 100 and at
 * 1,000 connections): rows at different loads are never ranked against each other.
 *
 * <p>Figures are named as in {@code results.json}: a metric by its name ({@code "startupMillis"}), a
 * latency percentile as {@code "probe pNN"} ({@code "endToEnd p50"}, {@code "endToEnd p99"}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Question.List.class)
public @interface Question {

    /** How the rows of a question are compared. */
    enum Across {
        /** One row per JVM, the same workload variant; the best JVM wins. */
        JVMS,
        /** The workload's variants on one JVM, each against the baseline variant. */
        VARIANTS
    }

    /** Short identifier, unique within the workload, e.g. {@code "virtual-vs-platform"}. */
    String name();

    /** The question as a person asks it, e.g. "Do virtual threads beat platform threads?". */
    String text();

    /** How rows are compared. */
    Across across() default Across.JVMS;

    /**
     * The figures that answer the question, most important first. The first figure of the workload's
     * first question is its headline figure.
     */
    String[] figures();

    /**
     * {@link Across#VARIANTS} only: the variant the others are compared with, e.g.
     * {@code "tomcat-platform"}. Empty for {@link Across#JVMS}.
     */
    String baseline() default "";

    /**
     * {@link Across#VARIANTS} only: the variants compared with the baseline (empty: every variant whose
     * name shares the baseline's prefix before the last {@code '-'}, e.g. {@code tomcat-virtual} for
     * {@code tomcat-platform}). {@link Across#JVMS}: the variants whose rows are ranked (empty: each
     * variant on its own).
     */
    String[] variants() default {};

    /** Container of repeated {@link Question}s. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Question[] value();
    }
}
