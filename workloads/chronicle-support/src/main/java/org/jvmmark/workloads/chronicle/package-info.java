/**
 * Shared by the workloads that use Chronicle Queue ({@code queue-latency}, {@code queue-large}):
 * the JVM flags it needs per JDK ({@link org.jvmmark.workloads.chronicle.ChronicleFlags}), its log
 * routed to the trial, and opening a queue so that a JVM it cannot run on gives an
 * {@code unsupported} trial in the library's own words.
 */
package org.jvmmark.workloads.chronicle;
