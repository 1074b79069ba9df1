package org.jvmmark.report;

/**
 * One row's value for one column, with the per-run values its spread and significance come from.
 * Immutable, hence thread-safe.
 *
 * @param samples one value per run (or launch, or fork when a fork gave no runs); may be empty
 */
public record Figure(double value, double[] samples) {
    public Figure {
        samples = samples.clone();
    }

    @Override
    public double[] samples() {
        return samples.clone();
    }

    /** Run-to-run coefficient of variation, NaN below two samples. */
    public double cv() {
        return Stats.cv(samples);
    }
}
