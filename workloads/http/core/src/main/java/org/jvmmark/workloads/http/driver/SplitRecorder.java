package org.jvmmark.workloads.http.driver;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * A latency recorder written by several threads without sharing a cache line between them: each
 * writer records into its own {@link SingleWriterRecorder} (a plain histogram behind an
 * uncontended phaser), and the reader sums their intervals. One shared {@code Recorder} costs
 * every record several atomic increments on words all I/O threads write — its phaser's epochs
 * and its concurrent histogram's total — which at 100,000 records a second bounce a cache line
 * between the cores the driver shares with the server.
 *
 * <p>Threading: writer {@code w} is one thread at a time; {@link #interval} is called by one
 * reading thread at a time.
 */
final class SplitRecorder {
    private final SingleWriterRecorder[] parts;
    /** Each part's last interval, handed back to it to be reused. */
    private final Histogram[] spares;

    SplitRecorder(int writers) {
        parts = new SingleWriterRecorder[writers];
        spares = new Histogram[writers];
        for (int w = 0; w < writers; w++) {
            parts[w] = new SingleWriterRecorder(3);
        }
    }

    /** Writer {@code writer} records {@code value} (clamped at 0). */
    void record(int writer, long value) {
        parts[writer].recordValue(Math.max(0, value));
    }

    /** Everything recorded since the last call (by all writers), as a new histogram. */
    Histogram interval() {
        Histogram sum = new Histogram(3);
        for (int w = 0; w < parts.length; w++) {
            spares[w] = parts[w].getIntervalHistogram(spares[w]);
            sum.add(spares[w]);
        }
        return sum;
    }
}
