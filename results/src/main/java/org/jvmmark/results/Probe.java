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
 * @param arrivals how the harness scheduled requests ("fixed", "poisson"), or null when not said
 * @param encodedHistogram {@code histogram} as in the file (compressed HdrHistogram, base64), or null:
 *     written back as it was read, byte for byte
 * @param uncorrectedHistogram the uncorrected histogram as in the file, or null
 * @param more fields of the block this model does not name (variation, cpus ...), as plain JSON values
 */
public record Probe(String unit, long count, boolean coCorrected, double targetRate, double achievedRate,
                    boolean fellBehind, Map<String, Double> percentiles, Map<String, Double> uncorrected,
                    List<Run> runs, Histogram histogram, Jitter jitter, String origin, String arrivals,
                    String encodedHistogram, String uncorrectedHistogram, Map<String, Object> more) {

    /**
     * The gaps a spinning sampler thread saw in its own clock readings longer than the threshold:
     * time the OS, other processes or the hypervisor took the CPU away.
     */
    public record Jitter(double thresholdNanos, long count, Map<String, Double> percentiles, Map<String, Object> more) {
        public Jitter {
            percentiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percentiles));
            more = JsonValues.copy(more);
        }

        public Jitter(double thresholdNanos, long count, Map<String, Double> percentiles) {
            this(thresholdNanos, count, percentiles, Map.of());
        }
    }

    /**
     * One run's summary; {@code more} keeps what else the harness said of it (run number, its own
     * uncorrected percentiles, achieved rate ...) as plain JSON values.
     *
     * @param gcEvents the collections the harness saw during this measured run (empty: none), or null when the
     *     block did not record them
     */
    public record Run(long count, Map<String, Double> percentiles, List<GcEvent> gcEvents, Map<String, Object> more) {
        public Run {
            percentiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percentiles));
            gcEvents = gcEvents == null ? null : List.copyOf(gcEvents);
            more = JsonValues.copy(more);
        }

        public Run(long count, Map<String, Double> percentiles) {
            this(count, percentiles, null, Map.of());
        }
    }

    public Probe {
        percentiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percentiles));
        uncorrected = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(uncorrected));
        runs = List.copyOf(runs);
        more = JsonValues.copy(more);
    }

    public Probe(String unit, long count, boolean coCorrected, double targetRate, double achievedRate,
                 boolean fellBehind, Map<String, Double> percentiles, Map<String, Double> uncorrected,
                 List<Run> runs, Histogram histogram, Jitter jitter, String origin) {
        this(unit, count, coCorrected, targetRate, achievedRate, fellBehind, percentiles, uncorrected, runs, histogram,
                jitter, origin, null, null, null, Map.of());
    }
}
