package org.jvmmark.results;

import java.util.Locale;
import java.util.OptionalDouble;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * The machine as a short probe saw it just before and just after one fork: the trial's {@code machineState}
 * block. Immutable, hence thread-safe.
 *
 * <p>Why a probe: on some hosts a spinning hand-off between the two CPUs a trial uses lands on one of two levels
 * 2.4–3.4× apart from one launch to the next (AMD EPYC, 2026-11-20…26; probably the two vCPUs sitting in one L3
 * domain or in two), and a fork's figures follow the level. Inferring the level from the workload's own fork
 * values mixes the machine with the JVM under test; a cache-line round trip between the same two CPUs, measured
 * beside the fork by the runner, observes it. A fork whose two readings differ ran while the machine changed.
 *
 * @param before the reading taken just before the fork's JVM started, or null when none was taken
 * @param after the reading taken just after its processes ended, or null when none was taken (an interrupted
 *     run, a file that predates the probe)
 */
@JsonInclude(Include.NON_NULL)
public record MachineState(Reading before, Reading after) {
    /** No probe ran (a file that predates it, a trial that never started a JVM). */
    public static final MachineState NONE = new MachineState(null, null);

    /**
     * How far apart, as a ratio, a fork's before and after round trips must be for the machine to count as changed
     * while it ran: 2.75, the geometric middle between the widest spread seen on one level and the narrowest gap seen
     * across a change of level, on both kinds of host behind the development VM.
     *
     * <p>One level: on the Intel Xeon host of 2026-11-27 (2 vCPUs, one L3, others building: load average 8–13) four smoke
     * runs read round trips of 106–206 ns; of 143 forks with both readings, the before/after ratio reached 1.71. On the
     * AMD EPYC host of 2026-11-28 (quiet, load 0.2), 56 forks whose two readings sat on one level were at most 1.26×
     * apart. Two levels: on that AMD host the round trip read 53–77 ns or 303–338 ns (3.9× apart), and the 26 forks
     * that read one level before and the other after were at least 4.43× apart. √(1.71 × 4.43) ≈ 2.75 (the factor was
     * 2.0 before the AMD readings: a choice between the Intel spread and the 2.4× gap of the workloads' own levels).
     */
    public static final double CHANGE_FACTOR = 2.75;

    /** Whether no reading was taken. */
    @JsonIgnore
    public boolean isEmpty() {
        return before == null && after == null;
    }

    /**
     * The fork's cache-line round trip in ns: the mean of the before and after readings when both measured it,
     * else the one that did; empty when neither did (one CPU, no probe, a file that predates it).
     */
    public OptionalDouble roundTripNs() {
        Double b = before == null ? null : before.cacheLineRoundTripNs();
        Double a = after == null ? null : after.cacheLineRoundTripNs();
        if (b != null && a != null) {
            return OptionalDouble.of((b + a) / 2);
        }
        return b != null ? OptionalDouble.of(b) : a != null ? OptionalDouble.of(a) : OptionalDouble.empty();
    }

    /**
     * Whether the machine changed while the fork ran: its before and after round trips differ by more than
     * {@link #CHANGE_FACTOR} (either way). False when either reading lacks a round trip: unknown is not a change.
     */
    public boolean changedDuring() {
        if (before == null || after == null || before.cacheLineRoundTripNs() == null || after.cacheLineRoundTripNs() == null) {
            return false;
        }
        double b = before.cacheLineRoundTripNs();
        double a = after.cacheLineRoundTripNs();
        return b > 0 && a > 0 && Math.max(a, b) / Math.min(a, b) > CHANGE_FACTOR;
    }

    /** "cache-line round trip 133 → 410 ns" when {@link #changedDuring()}, else "". */
    public String change() {
        if (!changedDuring()) {
            return "";
        }
        return String.format(Locale.ROOT, "cache-line round trip %.0f → %.0f ns", before.cacheLineRoundTripNs(),
                after.cacheLineRoundTripNs());
    }

    /**
     * One probe's reading. Immutable, hence thread-safe.
     *
     * @param cacheLineRoundTripNs one cache line passed from one thread to the other and back, in ns: the median
     *     over batches of round trips of the batch's mean, the two threads pinned to the two CPUs {@code cpus}
     *     names; null when not measured (then {@code notApplicable} says why)
     * @param singleCoreNsPerOp ns per iteration of a fixed dependent arithmetic loop (a 64-bit multiply and add
     *     whose result feeds the next) on the first CPU: the median over batches; a figure of the core's speed, not
     *     of any JVM's; null when not measured
     * @param memoryLoadNs ns per load of a dependent chain through a 16 MiB random cycle on the first CPU (each load's
     *     address is the last load's value): the memory system's latency past the core's own caches, the median over
     *     batches. The host behind a VM can slow memory without slowing arithmetic (another tenant's traffic in a
     *     shared L3 or memory controller): on the AMD EPYC host of 2026-11-29 a JVM's start followed this latency
     *     (r = 0.5 over blocks of 8 launches) while {@code singleCoreNsPerOp} stayed within 0.8 %. Null when not
     *     measured (a file that predates it)
     * @param cpus the CPUs the probe's threads were pinned to, as each thread read back its own affinity: {@code
     *     "0,1"} (the first thread's, then the second's), {@code "1"} with one CPU
     * @param notApplicable why the round trip was not measured ("no pair: the trial has one CPU (1)"), or null
     * @param tookMs the probe's own wall time in ms, thread start and pinning included: its cost to the run
     */
    @JsonInclude(Include.NON_NULL)
    public record Reading(Double cacheLineRoundTripNs, Double singleCoreNsPerOp, String cpus, String notApplicable,
                         Double tookMs, Double memoryLoadNs) {
        /** A reading without the memory latency (a file that predates it, a test's machine). */
        public Reading(Double cacheLineRoundTripNs, Double singleCoreNsPerOp, String cpus, String notApplicable, Double tookMs) {
            this(cacheLineRoundTripNs, singleCoreNsPerOp, cpus, notApplicable, tookMs, null);
        }
    }
}
