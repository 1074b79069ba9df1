package org.jvmmark.results;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.util.StdConverter;
import org.HdrHistogram.Histogram;
import org.jvmmark.api.FellBehind;

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
 * @param worst the worst samples and the clocks that place them, for the instruments to explain; null when the
 *     harness did not keep them
 * @param more fields of the block this model does not name (variation, cpus ...), as plain JSON values
 */
@JsonSerialize(converter = Probe.ToFile.class)
@JsonDeserialize(converter = Probe.FromFile.class)
public record Probe(String unit, long count, boolean coCorrected, double targetRate, double achievedRate,
                    boolean fellBehind, Map<String, Double> percentiles, Map<String, Double> uncorrected,
                    List<Run> runs, Histogram histogram, Jitter jitter, String origin, String arrivals,
                    String encodedHistogram, String uncorrectedHistogram, Worst worst, Map<String, Object> more) {

    /**
     * The gaps a spinning sampler thread saw in its own clock readings longer than the threshold:
     * time the OS, other processes or the hypervisor took the CPU away.
     */
    public record Jitter(double thresholdNanos, long count, Map<String, Double> percentiles,
                         @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {
        public Jitter {
            percentiles = JsonValues.finite(percentiles);
            more = JsonValues.copy(more);
        }

        public Jitter(double thresholdNanos, long count, Map<String, Double> percentiles) {
            this(thresholdNanos, count, percentiles, Map.of());
        }
    }

    /**
     * A probe's worst samples as the harness kept them ({@code worst}), with the clock pair that places other
     * clocks' events on the harness clock: JFR's wall-clock instants, and the management beans' milliseconds
     * since the JVM started.
     *
     * @param anchorNanos the harness clock ({@code System.nanoTime()}) read together with {@code anchorEpochMicros}
     * @param jvmStartEpochMillis when the JVM that ran the harness started (the GC beans count from there)
     * @param runs each measured run's window on the harness clock
     * @param samples longest first
     */
    public record Worst(long anchorNanos, long anchorEpochMicros, long jvmStartEpochMillis, List<Window> runs,
                        List<Sample> samples) {
        public Worst {
            runs = runs == null ? List.of() : List.copyOf(runs);
            samples = samples == null ? List.of() : List.copyOf(samples);
        }

        /** One measured run's window. */
        public record Window(int run, long startNanos, long endNanos) {
        }

        /** One sample: its due time and CO-corrected latency on the harness clock. */
        public record Sample(int run, long dueNanos, long latencyNanos) {
        }
    }

    /**
     * One run's summary; {@code more} keeps what else the harness said of it (its own
     * uncorrected percentiles, achieved rate ...) as plain JSON values.
     *
     * @param run its number, from 1, or null when the block does not say
     * @param gcEvents the collections the harness saw during this measured run (empty: none), or null when the
     *     block did not record them
     */
    public record Run(@JsonInclude(JsonInclude.Include.NON_NULL) Integer run, long count, Map<String, Double> percentiles,
                      @JsonInclude(JsonInclude.Include.NON_NULL) List<GcEvent> gcEvents,
                      @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {
        public Run {
            percentiles = JsonValues.finite(percentiles);
            gcEvents = gcEvents == null ? null : List.copyOf(gcEvents);
            more = JsonValues.copy(more);
        }

        public Run(long count, Map<String, Double> percentiles) {
            this(null, count, percentiles, null, Map.of());
        }
    }

    public Probe {
        unit = unit == null ? "ns" : unit;
        percentiles = JsonValues.finite(percentiles);
        uncorrected = JsonValues.finite(uncorrected);
        runs = runs == null ? List.of() : List.copyOf(runs);
        more = JsonValues.copy(more);
    }

    /**
     * This block with its histogram decoded from {@code encodedHistogram}, once, so that every figure, chart and
     * comparison works from the same decoded value and a corrupt one fails the read itself.
     *
     * @param where what to call the block in messages ("trial queue-latency/3 probe endToEnd")
     * @throws IllegalArgumentException naming {@code where} when the histogram is corrupt
     */
    Probe decoded(String where) {
        return new Probe(unit, count, coCorrected, targetRate, achievedRate, fellBehind, percentiles, uncorrected, runs,
                HistogramLimits.decode(encodedHistogram, where), jitter, where, arrivals, encodedHistogram,
                uncorrectedHistogram, worst, more);
    }

    /** Each probe of {@code probes} (null: none) {@link #decoded}; {@code origin} names the trial in messages. */
    static Map<String, Probe> decoded(Map<String, Probe> probes, String origin) {
        Map<String, Probe> out = new java.util.LinkedHashMap<>();
        if (probes != null) {
            probes.forEach((name, p) -> out.put(name, p.decoded(origin + " probe " + name)));
        }
        return out;
    }

    /**
     * The block as the file lays it out; {@code histogram} is the compressed HdrHistogram in base64.
     *
     * @param targetRate null for a closed-loop driver, which has no target
     * @param fellBehind null in blocks that predate the flag: then {@link org.jvmmark.api.FellBehind#rate} decides
     */
    record InFile(String unit, long count, boolean coCorrected, Double targetRate, double achievedRate,
                  Boolean fellBehind, @JsonInclude(JsonInclude.Include.NON_NULL) String arrivals, Map<String, Double> percentiles,
                  @JsonInclude(JsonInclude.Include.NON_NULL) Uncorrected uncorrected,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Run> runs, @JsonInclude(JsonInclude.Include.NON_NULL) Jitter jitter,
                  @JsonInclude(JsonInclude.Include.NON_NULL) String histogram, @JsonInclude(JsonInclude.Include.NON_NULL) Worst worst,
                  @JsonAnySetter @JsonAnyGetter Map<String, Object> more) {
    }

    /** The {@code uncorrected} object: percentiles and histogram measured from the actual start. */
    record Uncorrected(Map<String, Double> percentiles, @JsonInclude(JsonInclude.Include.NON_NULL) String histogram) {
    }

    static final class ToFile extends StdConverter<Probe, InFile> {
        @Override
        public InFile convert(Probe p) {
            boolean uncorrected = !p.uncorrected().isEmpty() || p.uncorrectedHistogram() != null;
            return new InFile(p.unit(), p.count(), p.coCorrected(), p.targetRate() > 0 ? p.targetRate() : null,
                    p.achievedRate(), p.fellBehind(), p.arrivals(), p.percentiles(),
                    uncorrected ? new Uncorrected(p.uncorrected(), p.uncorrectedHistogram()) : null, p.runs(), p.jitter(),
                    p.encodedHistogram() != null ? p.encodedHistogram() : HistogramLimits.encode(p.histogram()), p.worst(),
                    p.more());
        }
    }

    /** The block as read, its histogram not yet decoded (see {@link #decoded}). */
    static final class FromFile extends StdConverter<InFile, Probe> {
        @Override
        public Probe convert(InFile f) {
            double target = f.targetRate() == null ? 0 : f.targetRate();
            Uncorrected u = f.uncorrected();
            return new Probe(f.unit(), f.count(), f.coCorrected(), target, f.achievedRate(),
                    f.fellBehind() != null ? f.fellBehind() : FellBehind.rate(target, f.achievedRate()), f.percentiles(),
                    u == null ? Map.of() : u.percentiles(), f.runs(), null, f.jitter(), null, f.arrivals(), f.histogram(),
                    u == null ? null : u.histogram(), f.worst(), f.more());
        }
    }

    public Probe(String unit, long count, boolean coCorrected, double targetRate, double achievedRate,
                 boolean fellBehind, Map<String, Double> percentiles, Map<String, Double> uncorrected,
                 List<Run> runs, Histogram histogram, Jitter jitter, String origin) {
        this(unit, count, coCorrected, targetRate, achievedRate, fellBehind, percentiles, uncorrected, runs, histogram,
                jitter, origin, null, null, null, null, Map.of());
    }
}
