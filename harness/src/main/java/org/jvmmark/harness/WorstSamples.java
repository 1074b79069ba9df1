package org.jvmmark.harness;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@value #CAPACITY} longest end-to-end samples of a phase with their due times, so that the
 * runner can say what they overlapped (a GC pause, a safepoint) — the outliers attributed.
 *
 * <p>Cost on the recording path: one comparison with the shortest sample kept, which after the
 * first {@value #CAPACITY} samples of a phase is almost always false. Only a sample longer than the
 * shortest kept enters the min-heap ({@code O(log N)} on two parallel {@code long} arrays, no
 * allocation). Measured against the floor by {@code ProbeOverheadBenchmark}'s {@code endToEnd} case.
 *
 * <p>Not thread-safe: written by the one recording thread, like the end-to-end histogram, and taken
 * between phases.
 */
final class WorstSamples {
    /** How many samples are kept per phase (and over the whole trial). */
    static final int CAPACITY = 20;

    private final long[] latencies = new long[CAPACITY];
    private final long[] dues = new long[CAPACITY];
    private int size;
    /** Shortest latency kept once full; -1 until then, so every sample enters. */
    private long threshold = -1;

    /** Offers one sample: its CO-corrected latency and the time it was due, both on the harness clock. */
    void offer(long dueNanos, long latencyNanos) {
        if (latencyNanos <= threshold) {
            return;
        }
        if (size < CAPACITY) {
            latencies[size] = latencyNanos;
            dues[size] = dueNanos;
            siftUp(size++);
            if (size == CAPACITY) {
                threshold = latencies[0];
            }
            return;
        }
        latencies[0] = latencyNanos;
        dues[0] = dueNanos;
        siftDown(0);
        threshold = latencies[0];
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (latencies[parent] <= latencies[i]) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int l = 2 * i + 1;
            int smallest = i;
            if (l < size && latencies[l] < latencies[smallest]) {
                smallest = l;
            }
            if (l + 1 < size && latencies[l + 1] < latencies[smallest]) {
                smallest = l + 1;
            }
            if (smallest == i) {
                return;
            }
            swap(i, smallest);
            i = smallest;
        }
    }

    private void swap(int a, int b) {
        long l = latencies[a];
        latencies[a] = latencies[b];
        latencies[b] = l;
        long d = dues[a];
        dues[a] = dues[b];
        dues[b] = d;
    }

    /** The samples kept, longest first, tagged with their run. */
    List<Sample> samples(int run) {
        List<Sample> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(new Sample(run, dues[i], latencies[i]));
        }
        out.sort((a, b) -> Long.compare(b.latencyNanos, a.latencyNanos));
        return out;
    }

    /** One sample: its run, due time (harness clock) and CO-corrected latency. Immutable. */
    static final class Sample {
        final int run;
        final long dueNanos;
        final long latencyNanos;

        Sample(int run, long dueNanos, long latencyNanos) {
            this.run = run;
            this.dueNanos = dueNanos;
            this.latencyNanos = latencyNanos;
        }
    }

    /**
     * The worst samples of a whole trial (longest {@value #CAPACITY} over all measured runs) with
     * what a reader needs to place them on other clocks: the harness clock read together with the
     * wall clock, and the JVM's start time (the management beans' GC times are milliseconds since
     * then). Also each measured run's window, for events counted "during measurement". Immutable.
     */
    static final class Record {
        private final List<Sample> samples;
        private final List<long[]> runWindows;
        private final long anchorNanos;
        private final long anchorEpochMicros;
        private final long jvmStartEpochMillis;

        Record(List<Sample> samples, List<long[]> runWindows, long anchorNanos, long anchorEpochMicros, long jvmStartEpochMillis) {
            List<Sample> sorted = new ArrayList<>(samples);
            sorted.sort((a, b) -> Long.compare(b.latencyNanos, a.latencyNanos));
            this.samples = sorted.subList(0, Math.min(CAPACITY, sorted.size()));
            this.runWindows = runWindows;
            this.anchorNanos = anchorNanos;
            this.anchorEpochMicros = anchorEpochMicros;
            this.jvmStartEpochMillis = jvmStartEpochMillis;
        }

        /** Reads the clock pair now: the harness clock and the wall clock, back to back. */
        static long[] anchor(NanoClock clock) {
            long before = clock.nanoTime();
            Instant now = Instant.now();
            long after = clock.nanoTime();
            return new long[] {before + (after - before) / 2, now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000};
        }

        /** The {@code worst} entry of the end-to-end latency block (JSON-writable). */
        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("anchorNanos", anchorNanos);
            m.put("anchorEpochMicros", anchorEpochMicros);
            m.put("jvmStartEpochMillis", jvmStartEpochMillis);
            List<Object> windows = new ArrayList<>();
            for (int i = 0; i < runWindows.size(); i++) {
                Map<String, Object> w = new LinkedHashMap<>();
                w.put("run", i + 1);
                w.put("startNanos", runWindows.get(i)[0]);
                w.put("endNanos", runWindows.get(i)[1]);
                windows.add(w);
            }
            m.put("runs", windows);
            List<Object> list = new ArrayList<>();
            for (Sample s : samples) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("run", s.run);
                e.put("dueNanos", s.dueNanos);
                e.put("latencyNanos", s.latencyNanos);
                list.add(e);
            }
            m.put("samples", list);
            return m;
        }

        @Override
        public String toString() {
            return Arrays.toString(samples.stream().mapToLong(s -> s.latencyNanos).toArray());
        }
    }
}
