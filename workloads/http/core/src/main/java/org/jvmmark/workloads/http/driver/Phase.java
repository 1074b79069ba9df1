package org.jvmmark.workloads.http.driver;

import org.HdrHistogram.Histogram;

/**
 * What one measured stretch of load gave: latency from the due time (corrected) and from the actual
 * send, how every measured request ended ({@link Outcomes}), the driver's send lag, how long, and the
 * driver's I/O CPU in that time. Immutable once built.
 */
final class Phase {
    final Histogram corrected;
    final Histogram uncorrected;
    final Histogram sendLag;
    final Outcomes outcomes;
    /** Answered requests (200 and the expected body). */
    final long requests;
    /** The time the answers took: the measured window, or longer when the last answers came later. */
    final long elapsedNanos;
    final long ioCpuNanos;
    /** CPU of the whole driver process over the measured window (before the drain), ns; -1 if unknown. */
    final long processCpuNanos;
    final double targetRate;
    /** The mix the phase sent, or null (one request). */
    final Endpoints mix;
    /** Per mix entry: latency from the due time (failures included) and from the send; null without a mix. */
    final Histogram[] endpointCorrected;
    final Histogram[] endpointUncorrected;

    Phase(Histogram corrected, Histogram uncorrected, Histogram sendLag, Outcomes outcomes, long elapsedNanos, long ioCpuNanos,
          long processCpuNanos, double targetRate) {
        this(corrected, uncorrected, sendLag, outcomes, elapsedNanos, ioCpuNanos, processCpuNanos, targetRate, null, null);
    }

    /** With the mix's entries' latency ({@code byEndpoint}: as {@link LoadEngine#endpointHistograms}), or none when null. */
    Phase(Histogram corrected, Histogram uncorrected, Histogram sendLag, Outcomes outcomes, long elapsedNanos, long ioCpuNanos,
          long processCpuNanos, double targetRate, Endpoints mix, Histogram[][] byEndpoint) {
        this.mix = byEndpoint == null ? null : mix;
        this.endpointCorrected = byEndpoint == null ? null : byEndpoint[0];
        this.endpointUncorrected = byEndpoint == null ? null : byEndpoint[1];
        this.corrected = corrected;
        this.uncorrected = uncorrected;
        this.sendLag = sendLag;
        this.outcomes = outcomes;
        this.requests = outcomes.answered.sum();
        this.elapsedNanos = elapsedNanos;
        this.ioCpuNanos = ioCpuNanos;
        this.processCpuNanos = processCpuNanos;
        this.targetRate = targetRate;
    }

    /** Answered requests per second. */
    double achievedRate() {
        return requests / (elapsedNanos / 1e9);
    }

    /** Share of one CPU each I/O thread used on average (1.0 = saturated). */
    double ioThreadBusy(int threads) {
        return ioCpuNanos < 0 ? Double.NaN : ioCpuNanos / (double) elapsedNanos / threads;
    }
}
