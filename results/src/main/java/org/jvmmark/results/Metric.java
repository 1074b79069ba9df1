package org.jvmmark.results;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A scalar result: its value, unit and direction, and the individual measurements it summarises
 * (one per run or launch; empty when the workload gave only the value). {@code ranked} is false
 * for a fact that is not a score ({@code "better": "none"}). {@code more} keeps the fields this
 * model does not name as plain JSON values. Immutable, hence thread-safe.
 */
public record Metric(double value, String unit, @JsonIgnore boolean higherIsBetter, @JsonInclude(JsonInclude.Include.NON_EMPTY) double[] samples,
                     @JsonIgnore boolean ranked, @JsonAnyGetter java.util.Map<String, Object> more) {
    public Metric {
        unit = unit == null ? "" : unit;
        samples = samples == null ? new double[0] : samples.clone();
        more = JsonValues.copy(more);
    }

    /** As the file says it: a value that is not a finite number is NaN; no direction is "higher". */
    @JsonCreator
    static Metric fromFile(@JsonProperty("value") Double value, @JsonProperty("unit") String unit,
                           @JsonProperty("better") String better, @JsonProperty("samples") double[] samples,
                           @JsonAnySetter java.util.Map<String, Object> more) {
        return new Metric(value == null ? Double.NaN : value, unit, !"lower".equals(better), samples, !"none".equals(better), more);
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples, boolean ranked) {
        this(value, unit, higherIsBetter, samples, ranked, java.util.Map.of());
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples) {
        this(value, unit, higherIsBetter, samples, true);
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
