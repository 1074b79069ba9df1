package org.jvmmark.results;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * One probe's latency block. Percentile keys are as in the file ("50", "99.9", "max"). Immutable,
 * hence thread-safe.
 *
 * @param uncorrected percentiles measured from the actual rather than the intended start
 *     (coordinated omission not corrected); empty when absent
 * @param runs the per-run percentiles, in run order
 * @param fellBehind whether the harness flagged that the schedule fell behind its target rate
 * @param histogram all measured runs, decoded once when the file is read (not to be modified), or null
 * @param jitter what the harness's jitter sampler saw during the trial, or null when it was off
 * @param origin where the block came from, for error messages: "trial queue-latency/3 probe endToEnd"
 */
public record Probe(String unit, long count, boolean coCorrected, double targetRate, double achievedRate,
                    boolean fellBehind, Map<String, Double> percentiles, Map<String, Double> uncorrected,
                    List<Run> runs, Histogram histogram, Jitter jitter, String origin) {

    /**
     * The gaps a spinning sampler thread saw in its own clock readings longer than the threshold:
     * time the OS, other processes or the hypervisor took the CPU away.
     */
    public record Jitter(double thresholdNanos, long count, Map<String, Double> percentiles) {
        public Jitter {
            percentiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percentiles));
        }
    }

    /**
     * One run's summary.
     *
     * @param gcEvents the collections the harness saw during this measured run (empty: none), or null when the
         *     block did not record them
     */
    public record Run(long count, Map<String, Double> percentiles, List<GcEvent> gcEvents) {
        public Run {
            percentiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percentiles));
            gcEvents = gcEvents == null ? null : List.copyOf(gcEvents);
        }

        public Run(long count, Map<String, Double> percentiles) {
            this(count, percentiles, null);
        }
    }

    public Probe {
        percentiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percentiles));
        uncorrected = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(uncorrected));
        runs = List.copyOf(runs);
    }
}
