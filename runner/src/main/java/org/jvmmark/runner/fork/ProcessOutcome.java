package org.jvmmark.runner.fork;

/**
 * What the runner saw of a child process from outside. Immutable.
 *
 * <p>A figure that could not be obtained is {@code null} (written as JSON {@code null}), never a
 * placeholder number a reader might average or rank.
 *
 * @param exitCode the exit status ({@code 128 + signal} for a signal), or {@code null} if it was killed by us
 * @param peakRssBytes the highest {@code VmHWM} read from {@code /proc}, or {@code null} where there is no {@code /proc}
 * @param cpuSeconds user + system CPU time at the last look, or {@code null} if unknown
 * @param timedOut true when the runner killed it at its time limit
 * @param cancelled true when the runner killed it because the user interrupted the run
 * @param cpusAllowed the CPUs the kernel let it run on ({@code Cpus_allowed_list}), or {@code null}
 */
public record ProcessOutcome(long pid, Integer exitCode, double wallSeconds, Double cpuSeconds, Long peakRssBytes,
                             boolean timedOut, boolean cancelled, String cpusAllowed) {
}
