package org.jvmmark.harness;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The two probe flavours. The harness takes a probe's histogram at the end of each phase, when
 * every sample of that phase has been recorded (the end-to-end samples have all arrived).
 */
abstract class RecordingProbe implements Probe {
    private final String name;

    RecordingProbe(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    abstract Histogram takePhase();

    /**
     * One writer thread: a plain histogram, so a sample costs what {@code recordValue} costs —
     * the floor a probe is measured against. Not thread-safe for writers; the harness reads it
     * only between phases.
     */
    static final class SingleWriter extends RecordingProbe {
        private Histogram histogram = Histograms.create();

        SingleWriter(String name) {
            super(name);
        }

        @Override
        public void sampleNanos(long nanos) {
            histogram.recordValue(nanos < 0 ? 0 : nanos);
        }

        @Override
        Histogram takePhase() {
            Histogram taken = histogram;
            histogram = Histograms.create();
            return taken;
        }
    }

    /**
     * Any number of writer threads: HdrHistogram's {@link Recorder} (wait-free writers, atomic
     * counts), about twice the cost of the single-writer probe. Thread-safe.
     */
    static final class Concurrent extends RecordingProbe {
        private final Recorder recorder = new Recorder(Histograms.DIGITS);

        Concurrent(String name) {
            super(name);
        }

        @Override
        public void sampleNanos(long nanos) {
            recorder.recordValue(nanos < 0 ? 0 : nanos);
        }

        @Override
        Histogram takePhase() {
            Histogram h = Histograms.create();
            h.add(recorder.getIntervalHistogram());
            return h;
        }
    }
}
