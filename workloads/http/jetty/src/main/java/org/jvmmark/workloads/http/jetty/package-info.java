/**
 * The http workload's jetty server: Jetty 12 with a core handler — a pool of platform threads, or
 * virtual threads for the blocking handler. {@link org.jvmmark.workloads.http.jetty.JettyServer}
 * implements {@link org.jvmmark.workloads.http.server.ServerUnderTest}; {@code Servers} loads it
 * by name, in the JVM under test, from this module's own jars, so a trial of another server never
 * loads them.
 *
 * <p>Compiled for Java 17, where the workload's core targets 11: on a JDK older than this module's
 * jars (or the server's own), the trial is {@code unsupported} with the reason ({@code Servers}
 * checks). Not thread-safe: one instance serves one trial, started and stopped by {@code
 * ServerTrial}; the server's own threads serve the requests.
 */
package org.jvmmark.workloads.http.jetty;
