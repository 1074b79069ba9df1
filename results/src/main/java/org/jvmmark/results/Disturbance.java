package org.jvmmark.results;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What else ran on the machine while one fork ran: the CPU time every other process took from the
 * machine's CPUs during the fork's window, the time the hypervisor stole, the load average, and the
 * runner's judgement whether the fork was disturbed by them. The {@code disturbance} object of a
 * trial's {@code process} block. Immutable, hence thread-safe.
 *
 * <p>A disturbed fork ({@code disturbed: true}) stays in {@code results.json}, marked, with its figures, but
 * is not evidence: a reader that judges (the report, {@code compare}, the history, adaptive forks) skips it,
 * the report names it instead, and the runner re-runs it once under a new fork number ({@link #rerunAs}).
 *
 * @param windowSeconds the wall time the figures cover: from just before the fork's JVM started until its
 *     processes (and, for a client/server trial, the driver's) had ended and been reaped
 * @param otherCpuSeconds the CPU time of every process but the trial's own and the runner's, in CPU seconds,
 *     steal included: the machine's busy time ({@code /proc/stat} user, nice, system, irq, softirq, steal)
 *     less the CPU time of the runner and of the trial's process trees; never negative
 * @param stealSeconds CPU time the hypervisor gave to other guests while this one wanted it
 * @param loadAverage the one-minute load average at the window's end, or null when unknown; context only
 *     (it counts the trial's own runnable threads too)
 * @param thresholdCpus the average number of CPUs other processes may use before the fork counts as disturbed, or
 *     null when the run did not judge ({@code run --disturbed ignore}): then the fork is never marked
 * @param reason one line saying why the fork is disturbed, or null when it is not
 * @param rerunAs the fork number of the trial that re-ran this disturbed one, or null
 * @param rerunOf the fork number of the disturbed trial this one re-ran, or null
 * @param runnerCpuSeconds the runner's own CPU time during the window (its threads, not the trial's processes), or
 *     null when not measured: context, never judged. The runner waits while a fork runs, so this is its background
 *     work (its JIT compiler, its garbage collector, a progress line), which competes with the trial on a small
 *     machine and which {@code otherCpuSeconds} leaves out
 */
public record Disturbance(double windowSeconds, double otherCpuSeconds, double stealSeconds,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double loadAverage, Double thresholdCpus, String reason,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer rerunAs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer rerunOf,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double runnerCpuSeconds) {

    /** Without the runner's own CPU time (not measured). */
    public Disturbance(double windowSeconds, double otherCpuSeconds, double stealSeconds, Double loadAverage,
                       Double thresholdCpus, String reason, Integer rerunAs, Integer rerunOf) {
        this(windowSeconds, otherCpuSeconds, stealSeconds, loadAverage, thresholdCpus, reason, rerunAs, rerunOf, null);
    }

    /** As the file says it: a disturbed fork without a reason (written by hand, say) gets one. */
    @JsonCreator
    static Disturbance fromFile(@JsonProperty("windowSeconds") double windowSeconds, @JsonProperty("otherCpuSeconds") double otherCpuSeconds,
                                @JsonProperty("stealSeconds") double stealSeconds, @JsonProperty("loadAverage") Double loadAverage,
                                @JsonProperty("thresholdCpus") Double thresholdCpus, @JsonProperty("reason") String reason,
                                @JsonProperty("rerunAs") Integer rerunAs, @JsonProperty("rerunOf") Integer rerunOf,
                                @JsonProperty("disturbed") boolean disturbed,
                                @JsonProperty("runnerCpuSeconds") Double runnerCpuSeconds) {
        return new Disturbance(windowSeconds, otherCpuSeconds, stealSeconds, loadAverage, thresholdCpus,
                reason == null && disturbed ? "disturbed (no reason recorded)" : reason, rerunAs, rerunOf, runnerCpuSeconds);
    }

    /** The average number of CPUs other processes used during the window (0 for an empty window). */
    public double otherCpus() {
        return windowSeconds > 0 ? otherCpuSeconds / windowSeconds : 0;
    }

    /** {@link #otherCpus()} as the file says it, to the thousandth. */
    @JsonProperty("otherCpus")
    private double otherCpusInFile() {
        return Math.round(otherCpus() * 1000) / 1000.0;
    }

    /** Whether other processes took more of the machine during the window than the threshold allows. */
    @JsonProperty("disturbed")
    public boolean disturbed() {
        return reason != null;
    }

    /** This disturbance, noting that fork {@code fork} re-ran the trial. */
    public Disturbance withRerunAs(int fork) {
        return new Disturbance(windowSeconds, otherCpuSeconds, stealSeconds, loadAverage, thresholdCpus, reason, fork, rerunOf, runnerCpuSeconds);
    }

    /** This measurement, noting that the trial re-ran the disturbed fork {@code fork}. */
    public Disturbance withRerunOf(int fork) {
        return new Disturbance(windowSeconds, otherCpuSeconds, stealSeconds, loadAverage, thresholdCpus, reason, rerunAs, fork, runnerCpuSeconds);
    }

    /**
     * The figures judged against {@code thresholdCpus}: disturbed, with its reason, when other processes used
     * more than that many CPUs on average over the window; never when {@code thresholdCpus} is null.
     */
    public static Disturbance judged(double windowSeconds, double otherCpuSeconds, double stealSeconds, Double loadAverage,
                                     Double thresholdCpus) {
        return judged(windowSeconds, otherCpuSeconds, stealSeconds, loadAverage, thresholdCpus, null);
    }

    /** As {@link #judged(double, double, double, Double, Double)}, with the runner's own CPU time as context. */
    public static Disturbance judged(double windowSeconds, double otherCpuSeconds, double stealSeconds, Double loadAverage,
                                     Double thresholdCpus, Double runnerCpuSeconds) {
        // milliseconds are finer than the clock ticks /proc counts in (10 ms)
        double window = Math.round(windowSeconds * 1000) / 1000.0;
        double other = Math.round(Math.max(0, otherCpuSeconds) * 1000) / 1000.0;
        double steal = Math.round(Math.max(0, stealSeconds) * 1000) / 1000.0;
        double cpus = window > 0 ? other / window : 0;
        String reason = thresholdCpus != null && cpus > thresholdCpus
                ? String.format(Locale.ROOT, "other processes used %.2f CPUs on average during its %.1f s window%s (more than %.2f)",
                        cpus, window, steal >= 0.05 ? ", " + String.format(Locale.ROOT, "%.1f", steal)
                                + " CPU s of it stolen by the hypervisor" : "", thresholdCpus)
                : null;
        Double runner = runnerCpuSeconds == null ? null : Math.round(Math.max(0, runnerCpuSeconds) * 1000) / 1000.0;
        return new Disturbance(window, other, steal, loadAverage, thresholdCpus, reason, null, null, runner);
    }
}
