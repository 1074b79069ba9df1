/**
 * The programs the startup workload launches, and nothing else: this package alone is copied into
 * the small jar that is the launched JVM's whole class path, so its footprint is that of the
 * program, not of jvmmark. The classes here use only the JDK ({@code java.base},
 * {@code jdk.httpserver}, {@code java.net.http}, and {@code java.management} when idling).
 */
package org.jvmmark.workloads.startup.programs;
