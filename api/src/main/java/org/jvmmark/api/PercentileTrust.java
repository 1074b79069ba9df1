package org.jvmmark.api;

/**
 * How deep a latency percentile may be trusted: the one rule the harness's warnings, the report and
 * {@code compare} all apply, so they never disagree about which figures mean something.
 *
 * <p>Two things limit the depth. <b>Samples</b>: a percentile is a stable figure only when enough
 * samples lie beyond it; {@value #TAIL_SAMPLES} are asked for, so p99 needs 10⁴ samples, p99.9
 * 10⁵ and p99.99 10⁶ (the seed experiment on this suite's 2-core machine: with fewer, p99.99 moved
 * by a factor of several between identical runs). The maximum is one sample and is never trusted
 * for a ranking. <b>CPUs</b>: a latency workload spins some threads (the harness's benchmark thread,
 * a consumer, the jitter sampler). With fewer CPUs than spinning threads they time-slice, every
 * hand-off waits for the scheduler and no percentile measures the JVM; with no CPU left over for the
 * OS, JIT and GC threads, their work lands in the tail, and p99 and above record the scheduler.
 * The CPUs counted are those the trial actually obtained (its affinity mask), not the machine's.
 *
 * <p>Child-side code (compiled for Java 11, no dependencies). Stateless and thread-safe.
 */
public final class PercentileTrust {
    /** Samples that must lie beyond a percentile for it to be a stable figure. */
    public static final long TAIL_SAMPLES = 100;
    /** From this percentile on, the tail needs a CPU left over for the OS, JIT and GC. */
    public static final double SCHEDULER_PERCENTILE = 99;

    private PercentileTrust() {
    }

    /**
     * The samples a percentile needs: {@value #TAIL_SAMPLES} beyond it ({@code Long.MAX_VALUE} for
     * the maximum, {@code percentile >= 100}).
     */
    public static long samplesNeeded(double percentile) {
        if (percentile >= 100) {
            return Long.MAX_VALUE;
        }
        // In percent units, rounded, so that 100 - 99.9 = 0.0999999… does not ask for 100001 samples.
        return (long) Math.ceil(TAIL_SAMPLES * 100 / (100 - percentile) - 1e-6);
    }

    /**
     * Why a percentile cannot be trusted, or null when it can.
     *
     * @param percentile 50, 99.9, or 100 for the maximum
     * @param samples the samples the figure was computed from (one fork's measured runs)
     * @param cpusObtained the CPUs the trial's JVM was allowed to run on, {@code <= 0} when unknown
     * @param spinningThreads threads the workload keeps busy (benchmark, consumer, jitter sampler),
     *     {@code <= 0} when unknown
     */
    public static String distrust(double percentile, long samples, int cpusObtained, int spinningThreads) {
        if (percentile >= 100) {
            return "the maximum is a single sample";
        }
        if (cpusObtained > 0 && spinningThreads > 0) {
            if (cpusObtained < spinningThreads) {
                return spinningThreads + " spinning threads on " + cpus(cpusObtained) + ": they time-slice, every figure"
                        + " records the scheduler";
            }
            if (cpusObtained == spinningThreads && percentile >= SCHEDULER_PERCENTILE) {
                return spinningThreads + " spinning " + (spinningThreads == 1 ? "thread" : "threads") + " on "
                        + cpus(cpusObtained) + ": no CPU left for the OS, JIT and GC, p99 and above record the scheduler";
            }
        }
        long needed = samplesNeeded(percentile);
        if (samples >= 0 && samples < needed) {
            return samples + " samples per fork; this percentile needs " + needed + " (" + TAIL_SAMPLES + " beyond it)";
        }
        return null;
    }

    /** Whether a percentile can be trusted; see {@link #distrust}. */
    public static boolean trusted(double percentile, long samples, int cpusObtained, int spinningThreads) {
        return distrust(percentile, samples, cpusObtained, spinningThreads) == null;
    }

    private static String cpus(int n) {
        return n == 1 ? "1 CPU" : n + " CPUs";
    }
}
