package org.jvmmark.runner.instruments;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A trial's worst end-to-end samples as the harness wrote them ({@code latency.endToEnd.worst}),
 * with the clock pair that places other clocks' events on the harness clock: JFR's wall-clock
 * instants, and the management beans' milliseconds since the JVM started. Immutable.
 *
 * @param anchorNanos the harness clock ({@code System.nanoTime()}) read together with {@code anchorEpochMicros}
 * @param jvmStartEpochMillis when the JVM that ran the harness started (the GC beans count from there)
 * @param runs each measured run's window, {@code [startNanos, endNanos]}
 * @param samples longest first
 */
public record WorstSamples(long anchorNanos, long anchorEpochMicros, long jvmStartEpochMillis, List<long[]> runs,
                           List<Sample> samples) {

    /** One sample: due time and CO-corrected latency on the harness clock. */
    public record Sample(int run, long dueNanos, long latencyNanos) {
        public long endNanos() {
            return dueNanos + latencyNanos;
        }
    }

    public WorstSamples {
        runs = List.copyOf(runs);
        samples = List.copyOf(samples);
    }

    /** Reads the {@code worst} entry of a trial record's end-to-end block, or {@code null} when there is none. */
    public static WorstSamples of(JsonNode record) {
        JsonNode w = record.path("latency").path("endToEnd").path("worst");
        if (!w.isObject() || !w.path("samples").isArray()) {
            return null;
        }
        List<long[]> runs = new ArrayList<>();
        for (JsonNode r : w.path("runs")) {
            runs.add(new long[] {r.path("startNanos").asLong(), r.path("endNanos").asLong()});
        }
        List<Sample> samples = new ArrayList<>();
        for (JsonNode s : w.path("samples")) {
            samples.add(new Sample(s.path("run").asInt(), s.path("dueNanos").asLong(), s.path("latencyNanos").asLong()));
        }
        return new WorstSamples(w.path("anchorNanos").asLong(), w.path("anchorEpochMicros").asLong(),
                w.path("jvmStartEpochMillis").asLong(), runs, samples);
    }

    /** Wall-clock nanoseconds since the epoch minus the harness clock: add it to a harness time to get an instant. */
    public long epochMinusNanoTime() {
        return anchorEpochMicros * 1_000 - anchorNanos;
    }

    /** A wall-clock instant (nanoseconds since the epoch) on the harness clock. */
    public long nanoTimeOfEpochNanos(long epochNanos) {
        return epochNanos - epochMinusNanoTime();
    }

    /** A management-bean time (milliseconds since the JVM started) on the harness clock. */
    public long nanoTimeOfUptimeMillis(long uptimeMillis) {
        return nanoTimeOfEpochNanos((jvmStartEpochMillis + uptimeMillis) * 1_000_000);
    }

    /** Whether {@code nanoTime} falls inside a measured run. True for all when the runs are unknown. */
    public boolean measuring(long nanoTime) {
        if (runs.isEmpty()) {
            return true;
        }
        for (long[] r : runs) {
            if (nanoTime >= r[0] && nanoTime <= r[1]) {
                return true;
            }
        }
        return false;
    }
}
