package org.jvmmark.harness;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Records end-to-end samples twice: from the time the harness passed to {@link LatencyTask#run}
 * (the intended start; the corrected figure) and from the time it actually called {@code run}
 * (the uncorrected figure). The second needs each iteration's lag (actual − intended start), which
 * the benchmark thread publishes into a ring before calling {@code run}; the recording thread — the
 * benchmark thread itself or one consumer — finds it by scanning forward from where it last
 * matched, so in-order hand-offs cost one comparison.
 *
 * <p>Thread-safety: one publisher (the benchmark thread) and one recording thread at a time. The
 * ring entries are visible to a consumer because they are written before the ordered store of
 * {@code published} and before the task hands the message over.
 */
final class EndToEndRecorder {
    private final NanoClock clock;
    private final long[] keys;
    private final long[] lags;
    private final int mask;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong samples = new AtomicLong();
    private long cursor;
    private long unmatched;
    private Histogram corrected = Histograms.create();
    private Histogram uncorrected = Histograms.create();
    private WorstSamples worst = new WorstSamples();
    private WorstSamples takenWorst = worst;

    EndToEndRecorder(NanoClock clock, long iterationsPerPhase) {
        this.clock = clock;
        int size = Integer.highestOneBit((int) Math.min(Math.max(iterationsPerPhase, 1024), 1 << 20) - 1) << 1;
        this.keys = new long[size];
        this.lags = new long[size];
        this.mask = size - 1;
    }

    /** Benchmark thread: iteration {@code sequence} is about to run from {@code passedStart}. */
    void publish(long sequence, long passedStart, long actualStart) {
        int i = (int) (sequence & mask);
        keys[i] = passedStart;
        lags[i] = actualStart - passedStart;
        published.lazySet(sequence + 1);
    }

    void record(long startNanos) {
        record(startNanos, clock.nanoTime());
    }

    void record(long startNanos, long endNanos) {
        long latency = Math.max(0, endNanos - startNanos);
        corrected.recordValue(latency);
        uncorrected.recordValue(Math.max(0, latency - lagOf(startNanos)));
        worst.offer(startNanos, latency);
        samples.lazySet(samples.get() + 1);
    }

    private long lagOf(long key) {
        long end = published.get();
        for (long c = Math.max(cursor, end - keys.length); c < end; c++) {
            int i = (int) (c & mask);
            long k = keys[i];
            if (k == key) {
                cursor = c + 1;
                return lags[i];
            }
            if (k - key > 0) {
                break;
            }
        }
        // Not an intended start the harness handed out (or overwritten): treat as on time.
        unmatched++;
        return 0;
    }

    long samples() {
        return samples.get();
    }

    long unmatched() {
        return unmatched;
    }

    /** The histograms since the last call; only while no sample is being recorded. */
    Histogram[] takePhase() {
        Histogram[] taken = {corrected, uncorrected};
        corrected = Histograms.create();
        uncorrected = Histograms.create();
        takenWorst = worst;
        worst = new WorstSamples();
        return taken;
    }

    /** The worst samples of the phase the last {@link #takePhase()} ended. */
    WorstSamples takenWorst() {
        return takenWorst;
    }
}
