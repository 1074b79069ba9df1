/**
 * The server side of the http workload, in the JVM under test: {@link
 * org.jvmmark.workloads.http.server.ServerTrial} starts the server a variant names ({@link
 * org.jvmmark.workloads.http.server.ServerUnderTest}; the library servers — Tomcat, Jetty, Vert.x,
 * Helidon, Netty — live in modules of their own and are loaded by name from their own jars), or the
 * user's jar or the native reference as a process of its own, and answers the driver's footprint
 * requests through the trial's control directory ({@link
 * org.jvmmark.workloads.http.server.FootprintMonitor}).
 *
 * <p>Code here is compiled for Java 11 and must not link anything of the driver: the footprint of the
 * JVM under test depends on what it loads. Virtual threads are reached through {@link
 * org.jvmmark.workloads.http.server.VirtualThreads}.
 */
package org.jvmmark.workloads.http.server;
