/**
 * The http workload's helidon server: Helidon 4 SE — a virtual thread per request, reached by
 * reflection, since Helidon 4 is compiled for Java 21 and jvmmark builds on 17. {@link
 * org.jvmmark.workloads.http.helidon.HelidonServer} implements {@link
 * org.jvmmark.workloads.http.server.ServerUnderTest}; {@code Servers} loads it by name, in the JVM
 * under test, from this module's own jars, so a trial of another server never loads them.
 *
 * <p>Compiled for Java 17, where the workload's core targets 11: on a JDK older than this module's
 * jars (or the server's own), the trial is {@code unsupported} with the reason ({@code Servers}
 * checks). Not thread-safe: one instance serves one trial, started and stopped by {@code
 * ServerTrial}; the server's own threads serve the requests.
 */
package org.jvmmark.workloads.http.helidon;
