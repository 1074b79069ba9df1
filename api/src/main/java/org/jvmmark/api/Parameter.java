package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A parameter of a workload. The runner refuses unknown names and values that do not fit
 * {@link #type()} or {@link #choices()} before it forks anything.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Parameter.List.class)
public @interface Parameter {

    String name();

    /** The value used when neither the profile nor {@code --param} sets one. */
    String defaultValue();

    String summary();

    ParamType type() default ParamType.STRING;

    /** When not empty, the only values accepted. */
    String[] choices() default {};

    /**
     * The workload's own check of a non-empty value ({@link ParamCheck}), run by the runner before it forks anything;
     * {@code ParamCheck.class} itself (the default): none.
     */
    Class<? extends ParamCheck> check() default ParamCheck.class;

    /** Container of repeated {@link Parameter}s. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Parameter[] value();
    }
}
