package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * JVM flags the workload needs on JDK feature versions {@code since..until} (inclusive), e.g. the
 * {@code --add-exports} Chronicle Queue needs from 9 on and {@code --sun-misc-unsafe-memory-access}
 * that exists only from 23 on.
 *
 * <p>On a workload class it applies to that workload. On an annotation type it applies to every
 * workload carrying that annotation: a library's flags are declared once (e.g.
 * {@code @ChronicleFlags} for Chronicle Queue) and shared by the workloads that use it. Flags from
 * such annotations come first, then the workload's own.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(JvmArgs.List.class)
public @interface JvmArgs {

    String[] value();

    int since() default 0;

    int until() default Integer.MAX_VALUE;

    /** Container of repeated {@link JvmArgs}. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        JvmArgs[] value();
    }
}
