package org.jvmmark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a client/server workload. The annotated workload is the <em>server</em>: it runs in the
 * JVM under test, publishes its endpoint with {@link TrialContext#announce} and then blocks in
 * {@link TrialContext#awaitStop()}. The runner then starts {@link #value()} — another
 * {@link Workload}, the load driver — in a second process on the host JDK (the same JVM for every
 * trial, so only the server changes), with the same parameters plus every announced key as a
 * parameter (e.g. {@code server.port}). When the driver has finished, the runner asks the server
 * to stop, and merges both results: the driver's metrics and latency, the server's footprint.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Driver {
    Class<? extends Workload> value();
}
