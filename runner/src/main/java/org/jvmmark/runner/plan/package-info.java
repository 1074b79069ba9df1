/**
 * The plan: which trials a run consists of. The workload catalog (read from the workloads'
 * annotations), variant selection and the default set ({@code DefaultSet}), parameter sweeps, profiles,
 * shards of one plan across machines, resume (what of a recorded plan is still to run), how long it
 * will take ({@code DurationEstimates}: measured durations, else the scaled annotations), what a
 * {@code --budget} cuts ({@code BudgetPlan}), and where more forks are worth their time
 * ({@code AdaptiveForks}, one decision function over the verdicts' own statistics). Computation over
 * immutable values: nothing here starts a process; the one file it touches is the durations cache.
 */
package org.jvmmark.runner.plan;
