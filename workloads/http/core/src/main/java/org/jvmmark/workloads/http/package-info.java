/**
 * The http workload: HTTP servers on platform and virtual threads under a load driver of our own.
 *
 * <p>{@link org.jvmmark.workloads.http.HttpWorkload} declares the workload (parameters, variants,
 * profiles) and is its entry point in the JVM under test. The code lives in three packages because it
 * runs in two processes:
 * <ul>
 *   <li>{@link org.jvmmark.workloads.http.server} — the server side, in the JVM under test: starts
 *       the server a variant names and answers the driver's footprint requests. It loads only the
 *       server's own jars.</li>
 *   <li>{@link org.jvmmark.workloads.http.driver} — the load driver, on the host JDK in a process of
 *       its own: connections, schedules, response checks, histograms.</li>
 *   <li>{@link org.jvmmark.workloads.http.common} — what both sides must agree on: the handlers and
 *       their body, the footprint and how it is asked for, an application's URL.</li>
 * </ul>
 * Neither {@code server} nor {@code driver} imports the other.
 */
package org.jvmmark.workloads.http;
