package org.jvmmark.workloads.http.driver;

import org.HdrHistogram.Histogram;

/**
 * What one measured stretch of load gave: latency from the due time and from the actual send,
 * requests answered, how long, and the driver's I/O CPU in that time. Immutable once built.
 */
final class Phase {
    final Histogram corrected;
    final Histogram uncorrected;
    final long requests;
    final long elapsedNanos;
    final long ioCpuNanos;
    final double targetRate;

    Phase(Histogram corrected, Histogram uncorrected, long requests, long elapsedNanos, long ioCpuNanos, double targetRate) {
        this.corrected = corrected;
        this.uncorrected = uncorrected;
        this.requests = requests;
        this.elapsedNanos = elapsedNanos;
        this.ioCpuNanos = ioCpuNanos;
        this.targetRate = targetRate;
    }

    double achievedRate() {
        return requests / (elapsedNanos / 1e9);
    }

    /** Share of one CPU each I/O thread used on average (1.0 = saturated). */
    double ioThreadBusy(int threads) {
        return ioCpuNanos < 0 ? Double.NaN : ioCpuNanos / (double) elapsedNanos / threads;
    }
}
