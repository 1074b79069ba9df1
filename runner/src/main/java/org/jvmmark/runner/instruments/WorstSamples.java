package org.jvmmark.runner.instruments;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Trial;

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

    /** The {@code worst} entry of a trial's end-to-end block, or {@code null} when there is none. */
    public static WorstSamples of(Trial trial) {
        Probe endToEnd = trial.measured().latency().get("endToEnd");
        Probe.Worst w = endToEnd == null ? null : endToEnd.worst();
        if (w == null) {
            return null;
        }
        List<long[]> runs = new ArrayList<>();
        w.runs().forEach(r -> runs.add(new long[] {r.startNanos(), r.endNanos()}));
        List<Sample> samples = new ArrayList<>();
        w.samples().forEach(s -> samples.add(new Sample(s.run(), s.dueNanos(), s.latencyNanos())));
        return new WorstSamples(w.anchorNanos(), w.anchorEpochMicros(), w.jvmStartEpochMillis(), runs, samples);
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
