package org.jvmmark.runner.instruments;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A trial's {@code .jfr} file read on the host with the JDK's own {@code jdk.jfr.consumer} API (a
 * recording from a JDK 11 JVM reads on the host's JDK 17): GC pauses ({@code jdk.GCPhasePause},
 * named by their {@code jdk.GarbageCollection}), safepoints ({@code jdk.SafepointBegin}, whose
 * duration is the time to safepoint, up to the end of the {@code jdk.ExecuteVMOperation} it ran),
 * JIT compilations ({@code jdk.CompilerStatistics}, sampled every second), heap before and after each
 * collection ({@code jdk.GCHeapSummary}) and CPU load ({@code jdk.CPULoad}). Events below the
 * settings' thresholds are not in the file: {@code profile} records every safepoint, {@code default}
 * only those of 10 ms or more. Immutable.
 */
final class JfrRecording {
    /** Pauses and safepoints, wall-clock start as epoch nanoseconds (converted to a harness clock later). */
    record Stop(Pause.Kind kind, String label, long startEpochNanos, long durationNanos) {
    }

    final List<Stop> gcPauses = new ArrayList<>();
    final List<Stop> safepoints = new ArrayList<>();
    final List<Long> timeToSafepointNanos = new ArrayList<>();
    /** {@code [epochNanos, compileCount]} samples of the cumulative compilation count. */
    final List<long[]> compileCounts = new ArrayList<>();
    /** {@code [epochNanos, beforeBytes, afterBytes]} per collection. */
    final List<long[]> transitions = new ArrayList<>();
    final List<double[]> cpuLoad = new ArrayList<>(); // jvmUser + jvmSystem, machineTotal
    int collections;
    long firstEpochNanos = Long.MAX_VALUE;

    static JfrRecording read(Path file) throws IOException {
        JfrRecording r = new JfrRecording();
        Map<Long, String> gcNames = new HashMap<>();
        List<RecordedEvent> phasePauses = new ArrayList<>();
        Map<Long, RecordedEvent> safepointBegins = new HashMap<>();
        Map<Long, Instant> vmOperationEnds = new HashMap<>();
        Map<Long, long[]> heap = new HashMap<>(); // gcId → {atEpochNanos, before, after}
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            r.firstEpochNanos = Math.min(r.firstEpochNanos, epochNanos(e.getStartTime()));
            switch (e.getEventType().getName()) {
                case "jdk.GarbageCollection":
                    r.collections++;
                    gcNames.put(e.getLong("gcId"), e.getString("name"));
                    break;
                case "jdk.GCPhasePause":
                    phasePauses.add(e);
                    break;
                case "jdk.SafepointBegin":
                    safepointBegins.put(e.getLong("safepointId"), e);
                    r.timeToSafepointNanos.add(e.getDuration().toNanos());
                    break;
                case "jdk.ExecuteVMOperation":
                    if (e.getBoolean("safepoint")) {
                        vmOperationEnds.put(e.getLong("safepointId"), e.getEndTime());
                    }
                    break;
                case "jdk.CompilerStatistics":
                    r.compileCounts.add(new long[] {epochNanos(e.getStartTime()), e.getLong("compileCount")});
                    break;
                case "jdk.GCHeapSummary": {
                    long[] h = heap.computeIfAbsent(e.getLong("gcId"), k -> new long[3]);
                    if ("Before GC".equals(e.getString("when"))) {
                        h[1] = e.getLong("heapUsed");
                    } else {
                        h[0] = epochNanos(e.getStartTime());
                        h[2] = e.getLong("heapUsed");
                    }
                    break;
                }
                case "jdk.CPULoad":
                    r.cpuLoad.add(new double[] {e.getFloat("jvmUser") + e.getFloat("jvmSystem"), e.getFloat("machineTotal")});
                    break;
                default:
                    break;
            }
        }
        for (RecordedEvent p : phasePauses) {
            String name = gcNames.getOrDefault(p.getLong("gcId"), "GC");
            r.gcPauses.add(new Stop(Pause.Kind.GC, label(name), epochNanos(p.getStartTime()), p.getDuration().toNanos()));
        }
        safepointBegins.forEach((id, b) -> {
            Instant end = vmOperationEnds.getOrDefault(id, b.getEndTime());
            r.safepoints.add(new Stop(Pause.Kind.SAFEPOINT, "safepoint", epochNanos(b.getStartTime()),
                    Duration.between(b.getStartTime(), end).toNanos()));
        });
        heap.values().stream().filter(h -> h[0] > 0).sorted((a, b) -> Long.compare(a[0], b[0])).forEach(r.transitions::add);
        r.compileCounts.sort((a, b) -> Long.compare(a[0], b[0]));
        return r;
    }

    /** JFR's collector names as a person says them: {@code G1New} → "G1 young pause". */
    static String label(String gcName) {
        switch (gcName) {
            case "G1New": return "G1 young pause";
            case "G1Old": return "G1 old pause";
            case "G1Full": return "G1 full pause";
            case "ParallelScavenge": return "Parallel young pause";
            case "ParallelOld": return "Parallel full pause";
            case "DefNew": return "Serial young pause";
            case "SerialOld": return "Serial full pause";
            default: return gcName + " pause";
        }
    }

    static long epochNanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
