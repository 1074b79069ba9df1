package org.jvmmark.workloads.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.jvmmark.harness.ProbeBlock;

/**
 * Send-to-delivery latency of chat messages of one round, one sample per receiver, in the {@code
 * results.json} latency-block layout. Two histograms: from the actual send, and from the intended send. They
 * differ only when users send on a schedule ({@code pause > 0}): a driver that fell behind its
 * schedule would otherwise hide the delay it caused — coordinated omission. When users take turns
 * there is no schedule (each message is sent when the previous one arrives), so the block says
 * {@code coCorrected: false}.
 *
 * <p>Why not the harness's {@code Harness}/{@code LatencyTask}: its iterations are issued by one
 * benchmark thread, each with exactly one end-to-end sample; here sends are triggered by receipts in
 * all rooms at once (VolanoMark's turns) and one message has {@code users − 1} deliveries. The
 * block is built from the same pieces (its percentile levels) so the report reads it alike.
 *
 * <p>Not thread-safe: recorded by the driver's single loop thread.
 */
final class DeliveryLatency {
    /** Auto-resizing, so a stall of seconds cannot throw out of the loop. */
    private final Histogram corrected = new Histogram(3);
    private final Histogram uncorrected = new Histogram(3);
    private final boolean scheduled;

    DeliveryLatency(boolean scheduled) {
        this.scheduled = scheduled;
    }

    void record(long fromIntendedNanos, long fromSendNanos) {
        corrected.recordValue(Math.max(0, fromIntendedNanos));
        uncorrected.recordValue(Math.max(0, fromSendNanos));
    }

    /**
     * The block of {@code rounds}, in the layout of the harness's blocks (same percentile levels, via its
     * {@link ProbeBlock}): their deliveries together, and one run per round.
     *
     * @param targetRate messages per second the schedule asked for, {@code null} when users take turns
     * @param fellBehind whether some message was sent later than its schedule by more than a pause
     */
    static Map<String, Object> toBlock(List<VolanoRun.Result> rounds, Double targetRate, boolean fellBehind) {
        Histogram corrected = new Histogram(3);
        Histogram uncorrected = new Histogram(3);
        long sent = 0;
        long nanos = 0;
        List<Object> runs = new ArrayList<>();
        for (VolanoRun.Result r : rounds) {
            corrected.add(r.latency.corrected);
            uncorrected.add(r.latency.uncorrected);
            sent += r.sent;
            nanos += r.elapsedNanos;
            runs.add(ProbeBlock.run(runs.size() + 1, r.latency.corrected, r.sent / (r.elapsedNanos / 1e9), fellBehind, r.elapsedNanos));
        }
        boolean scheduled = rounds.get(0).latency.scheduled;
        return ProbeBlock.of(scheduled, targetRate, sent / (nanos / 1e9), fellBehind, scheduled ? "fixed" : "closed-loop (turns)",
                corrected, uncorrected, runs);
    }
}
