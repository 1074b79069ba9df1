package org.jvmmark.results;

/**
 * A scalar result: its value, unit and direction, and the individual measurements it summarises
 * (one per run or launch; empty when the workload gave only the value). {@code ranked} is false
 * for a fact that is not a score ({@code "better": "none"}). {@code more} keeps the fields this
 * model does not name as plain JSON values. Immutable, hence thread-safe.
 */
public record Metric(double value, String unit, boolean higherIsBetter, double[] samples, boolean ranked,
                     java.util.Map<String, Object> more) {
    public Metric {
        samples = samples.clone();
        more = JsonValues.copy(more);
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples, boolean ranked) {
        this(value, unit, higherIsBetter, samples, ranked, java.util.Map.of());
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples) {
        this(value, unit, higherIsBetter, samples, true);
    }

    /** "higher", "lower" or "none", as in the file. */
    public String better() {
        return !ranked ? "none" : higherIsBetter ? "higher" : "lower";
    }

    @Override
    public double[] samples() {
        return samples.clone();
    }
}
