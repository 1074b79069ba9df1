package org.jvmmark.report;

/**
 * A scalar result: its value, unit and direction, and the individual measurements it summarises
 * (one per run or launch; empty when the workload gave only the value). Immutable, hence
 * thread-safe.
 */
public record Metric(double value, String unit, boolean higherIsBetter, double[] samples) {
    public Metric {
        samples = samples.clone();
    }

    @Override
    public double[] samples() {
        return samples.clone();
    }
}
