package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A variant the workload itself declares, such as platform vs virtual threads. Each declared
 * variant becomes its own trial (multiplied with the runner's {@code --gc}/{@code --jvm-args}
 * variants). A workload without variants runs once per JVM variant.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Variant.List.class)
public @interface Variant {

    /** Short name shown in trial ids and reports, e.g. {@code virtual}. */
    String name();

    /** Parameter settings as {@code key=value} that make this variant. */
    String[] params() default {};

    /** Extra JVM flags of this variant. */
    String[] jvmArgs() default {};

    /** Lowest JDK feature version; older JDKs get an {@code unsupported} trial for this variant. */
    int since() default 0;

    /**
     * A directory, relative to the workload's laid-out classpath directory (e.g.
     * {@code servers/tomcat}), whose jars join the classpath of this variant's JVM under test only:
     * a workload comparing servers loads just the one server each trial runs. The load driver's
     * classpath never includes it. Empty: no extra jars.
     */
    String classpath() default "";

    /**
     * {@code false} when the server under test is not a JVM (a native reference, such as a Rust
     * server): the variant is planned once, under the first JDK of the run, whose JVM merely starts
     * it, and its rows say "not a JVM".
     */
    boolean jvm() default true;

    /**
     * Whether a plain {@code jvmmark run} (the default set) runs this variant; {@code --all-variants}
     * or naming it with {@code --variant} runs it regardless. The default set must still answer each of
     * the workload's {@link Question}s.
     */
    boolean inDefaultSet() default true;

    /** Container of repeated {@link Variant}s. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Variant[] value();
    }
}
