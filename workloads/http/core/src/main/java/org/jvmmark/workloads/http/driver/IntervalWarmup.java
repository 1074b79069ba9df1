package org.jvmmark.workloads.http.driver;

import java.io.OutputStream;
import java.io.PrintStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Compiles the driver's once-a-second code before the load starts. Every second the driver swaps
 * its recorders, adds the interval into the phase's totals and writes both to the {@code .hlog}:
 * loops over whole counts arrays that run too rarely to be compiled during a 5-s warm-up. Left to
 * the load, C2 compiled them — and recompiled them after profile traps — during the first five
 * seconds of the measured window: about 150 ms of C2 time inside a 10-s window at 5,000
 * requests/s (compile log of one run on a 2-core VM), CPU the driver took from the server and
 * counted as its own. These rounds, on values spread over the range a run records, had C2 compile
 * those loops within their first 40 ms, and nothing recompiled them in the window after.
 */
final class IntervalWarmup {
    /** Rounds: several times what C2 needed here, as a slower machine compiles later. */
    static final int ROUNDS = 200;

    private IntervalWarmup() {
    }

    /** Runs the interval steps {@link #ROUNDS} times; writes nothing. Called by the driver and by each process of driverProcesses. */
    static void run() {
        SplitRecorder recorder = new SplitRecorder(2);
        Histogram total = new Histogram(3);
        HistogramLogWriter sink = new HistogramLogWriter(new PrintStream(OutputStream.nullOutputStream()));
        long seed = 1;
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < 256; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                // 10 µs to about 20 s, log-spread, as latencies from a quick answer to a timeout
                recorder.record(i & 1, 10_000L << ((seed >>> 33) % 21));
            }
            Histogram interval = recorder.interval();
            total.add(interval);
            Histogram copy = interval.copy();
            copy.setTag("warmup");
            sink.outputIntervalHistogram(round, round + 1, copy, 1e3);
        }
    }
}
