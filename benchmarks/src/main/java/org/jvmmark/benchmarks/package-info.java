/**
 * The harness measures itself: {@link org.jvmmark.benchmarks.ProbeOverheadBenchmark} (the cost of a
 * probe sample against a bare {@code System.nanoTime()} plus {@code Histogram.recordValue}) and
 * {@link org.jvmmark.benchmarks.JlbhComparisonBenchmark} (the same hand-off under JLBH and under
 * jvmmark). Each is a main with a "how to run" block; neither runs in the build.
 *
 * <p>Not thread-safe: each is a program, run once.
 */
package org.jvmmark.benchmarks;
