package org.jvmmark.results;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jvmmark.api.Better;

/**
 * A scalar result: its value, unit and direction, and the individual measurements it summarises
 * (one per run or launch; empty when the workload gave only the value). {@code ranked} is false
 * for a fact that is not a score ({@code "better": "none"}). {@code more} keeps the fields this
 * model does not name as plain JSON values. Immutable, hence thread-safe.
 */
public record Metric(double value, String unit, @JsonIgnore boolean higherIsBetter, @JsonInclude(JsonInclude.Include.NON_EMPTY) double[] samples,
                     @JsonIgnore boolean ranked, @JsonAnyGetter Map<String, Object> more) {
    public Metric {
        unit = unit == null ? "" : unit;
        samples = samples == null ? new double[0] : samples.clone();
        more = JsonValues.copy(more);
    }

    /** As the file says it: a value that is not a finite number is NaN; no direction is "higher". */
    @JsonCreator
    static Metric fromFile(@JsonProperty("value") Double value, @JsonProperty("unit") String unit,
                           @JsonProperty("better") String better, @JsonProperty("samples") double[] samples,
                           @JsonAnySetter Map<String, Object> more) {
        return new Metric(value == null ? Double.NaN : value, unit, !"lower".equals(better), samples, !"none".equals(better), more);
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples, boolean ranked) {
        this(value, unit, higherIsBetter, samples, ranked, Map.of());
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples) {
        this(value, unit, higherIsBetter, samples, true);
    }

    /** A metric whose direction is {@code better} ({@link Better#NONE}: a fact, not ranked), with its measurements. */
    public static Metric of(double value, String unit, Better better, double... samples) {
        return new Metric(value, unit, better != Better.LOWER, samples, better != Better.NONE);
    }

    /**
     * The metrics fit to be shown and ranked, in their order. One that is not (no finite value, a negative size)
     * is left out with a warning added to {@code warnings}: so the file that is written back says why it is
     * missing, and reading that file again changes nothing.
     */
    static Map<String, Metric> usable(Map<String, Metric> metrics, List<String> warnings) {
        Map<String, Metric> out = new LinkedHashMap<>();
        if (metrics != null) {
            metrics.forEach((name, m) -> {
                if (usable(name, m, warnings)) {
                    out.put(name, m);
                }
            });
        }
        return out;
    }

    /**
     * Whether metric {@code name} is fit to be shown and ranked; when it is not (no finite value, a
     * negative size) a warning saying why is added to {@code warnings}. The one rule for the file and for
     * a trial built in code ({@link TrialBuilder}).
     */
    static boolean usable(String name, Metric m, List<String> warnings) {
        if (!Double.isFinite(m.value())) {
            // One unusable figure must not cost the whole report: leave it out and say so.
            warnings.add("metric '" + name + "' has no finite value (" + m.value() + ") and is left out");
            return false;
        }
        if (ResultsReader.isBytes(m.unit()) && (m.value() < 0 || Arrays.stream(m.samples()).anyMatch(v -> v < 0))) {
            // A negative size is a measuring error (a counter that wrapped, a "not measured" -1),
            // and ranked as "lower is better" it would win.
            warnings.add("metric '" + name + "' has a negative size (" + ResultsMapper.plain(m.value()) + " " + m.unit()
                    + ") and is left out");
            return false;
        }
        return true;
    }

    /** "higher", "lower" or "none", as in the file. */
    @JsonProperty("better")
    public String better() {
        return !ranked ? "none" : higherIsBetter ? "higher" : "lower";
    }

    @Override
    public double[] samples() {
        return samples.clone();
    }
}
