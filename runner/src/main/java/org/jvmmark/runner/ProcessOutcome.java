package org.jvmmark.runner;

/**
 * What the runner saw of a child process from outside. Immutable.
 *
 * @param exitCode the exit status ({@code 128 + signal} for a signal), or -1 if it was killed by us
 * @param peakRssBytes the highest {@code VmHWM} read from {@code /proc}, or -1 where there is no {@code /proc}
 * @param cpuSeconds user + system CPU time at the last look, or -1 if unknown
 * @param timedOut true when the runner killed it at its time limit
 * @param cancelled true when the runner killed it because the user interrupted the run
 * @param cpusAllowed the CPUs the kernel let it run on ({@code Cpus_allowed_list}), or {@code null}
 */
public record ProcessOutcome(long pid, int exitCode, double wallSeconds, double cpuSeconds, long peakRssBytes,
                             boolean timedOut, boolean cancelled, String cpusAllowed) {
}
