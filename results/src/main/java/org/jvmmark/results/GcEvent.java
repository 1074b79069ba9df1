package org.jvmmark.results;

/**
 * One garbage collection during a measured run, as the harness's collector-bean listener recorded
 * it ({@code runs[].gcEvents[]} of a latency block). Times are milliseconds of JVM uptime, the
 * beans' own resolution. Immutable, hence thread-safe.
 *
 * @param collector the collector bean's name ("G1 Young Generation", "ZGC Pauses", "ZGC Cycles")
 * @param action the bean's action ("end of minor GC", "end of GC pause", "end of GC cycle")
 * @param durationMillis how long the bean says it took: a pause for stop-the-world collectors, the
 *     whole concurrent cycle for {@link #concurrent()} ones
 */
public record GcEvent(String collector, String action, String cause, long startMillis, long durationMillis) {
    public GcEvent {
        collector = collector == null ? "" : collector;
        action = action == null ? "" : action;
        cause = cause == null ? "" : cause;
    }


    /**
     * Whether the bean reports concurrent cycles rather than pauses ("ZGC Cycles", "Shenandoah Cycles",
     * "G1 Concurrent GC", CMS's "ConcurrentMarkSweep"): their durations are not time the application stood still.
     */
    public boolean concurrent() {
        return collector.contains("Cycles") || collector.contains("Concurrent") || action.contains("cycle");
    }
}
