package org.jvmmark.results;

/**
 * A scalar result: its value, unit and direction, and the individual measurements it summarises
 * (one per run or launch; empty when the workload gave only the value). {@code ranked} is false
 * for a fact that is not a score ({@code "better": "none"}). Immutable, hence thread-safe.
 */
public record Metric(double value, String unit, boolean higherIsBetter, double[] samples, boolean ranked) {
    public Metric {
        samples = samples.clone();
    }

    public Metric(double value, String unit, boolean higherIsBetter, double[] samples) {
        this(value, unit, higherIsBetter, samples, true);
    }

    @Override
    public double[] samples() {
        return samples.clone();
    }
}
