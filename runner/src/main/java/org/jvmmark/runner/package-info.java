/**
 * The runner: finds JDKs, plans trials (workload × JDK × variant × fork), forks a fresh JVM under test
 * per trial, watches it from outside and records what it measured in {@code results.json}. The root
 * package holds only the entry point ({@link org.jvmmark.runner.Main}); the work is in rooms:
 * <ul>
 * <li>{@code base} — what every room shares and that depends on none of them: the one exception a user sees, the exit
 *     statuses, one-line text, the environment every child process gets and a short child process that cannot hang;</li>
 * <li>{@code cli} — the commands (picocli), their options and what they print, and {@code RunSession},
 *     which walks the rooms in order for a run;</li>
 * <li>{@code jdk} — JDK discovery, probing and selection, and the collectors each JVM has;</li>
 * <li>{@code plan} — the workload catalog, variants, sweeps, shards and resume: which trials to run;</li>
 * <li>{@code fork} — running one trial: the forked JVM, the client/server pair, the child process
 *     watched from outside, and what came back;</li>
 * <li>{@code output} — the output directory, the results file rewritten after every trial, and merging
 *     slices;</li>
 * <li>{@code instruments} — opt-in per-trial instruments (GC log, JFR, async-profiler).</li>
 * </ul>
 * Dependencies point one way, with no cycle between packages: the root uses {@code cli}; {@code cli} uses every room;
 * {@code output} uses {@code fork}, {@code fork} uses {@code plan} and {@code jdk}, {@code plan} uses {@code jdk}; every
 * room uses {@code base}, which uses none. The runner never links a workload's dependencies: workloads are reached through their
 * annotations (read without initialising the class) and through the forked JVM.
 */
package org.jvmmark.runner;
