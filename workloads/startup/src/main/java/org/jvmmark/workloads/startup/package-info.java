/**
 * The {@code startup} workload: startup time and memory footprint per JVM and startup setting.
 *
 * <p>{@link org.jvmmark.workloads.startup.StartupWorkload} runs in the JVM under test and, through
 * {@link org.jvmmark.workloads.startup.ProgramMeasurement}, launches that same JDK on the programs of
 * the {@code programs} package again and again: {@link org.jvmmark.workloads.startup.Launcher} times
 * each launch from outside, {@link org.jvmmark.workloads.startup.LaunchFailure} turns a refusal into
 * {@code unsupported} in the JVM's own words, and {@link org.jvmmark.workloads.startup.StartupMetrics}
 * records one sample per launch. The module's README explains each figure and its resolution.
 */
package org.jvmmark.workloads.startup;
