/**
 * The plan: which trials a run consists of. The workload catalog (read from the workloads'
 * annotations), variant selection, parameter sweeps, profiles, shards of one plan across machines, and
 * resume (what of a recorded plan is still to run). Pure computation over immutable values: nothing
 * here starts a process.
 */
package org.jvmmark.runner.plan;
