/**
 * The {@code synthetic} workload: calibration with known ground truth. {@link
 * org.jvmmark.workloads.synthetic.SyntheticWorkload} drives {@link
 * org.jvmmark.workloads.synthetic.SyntheticTask} — a busy-spin of a known service time with a stall
 * every so many iterations — through the harness at a fixed rate, so the figures every JVM must
 * produce follow from the schedule, and the workload checks that the stalls are visible.
 *
 * <p>Runs in the JVM under test (compiled for Java 11). Not thread-safe: one instance runs one trial,
 * on the harness's benchmark thread.
 */
package org.jvmmark.workloads.synthetic;
