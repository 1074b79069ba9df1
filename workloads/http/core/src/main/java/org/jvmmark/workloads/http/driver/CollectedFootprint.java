package org.jvmmark.workloads.http.driver;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jvmmark.api.Better;
import org.jvmmark.api.TrialResult;
import org.jvmmark.workloads.http.common.Footprint;

/**
 * The hold's footprint at a defined point: right after a full collection ({@code System.gc()} in the server's JVM) at
 * each plateau — the connections idle, then every request held — so that the figures do not depend on when the
 * collector last ran. RSS read as it is follows how far the collector let the heap grow before it was read (issue 43:
 * the JDK server on virtual threads, 48.7 KB of RSS per held request against 7.8–10 KB of live heap, then read against
 * the state after the hold, its committed heap grown from 71 to 545 MB); these say what the held requests keep:
 * <ul>
 * <li>{@code serverLiveHeapPerHeldRequest}: heap used after the collection, held less idle, ÷ requests held — what
 *     the held requests keep reachable, virtual threads' stacks included (they live on the heap); platform threads'
 *     stacks are not (they are native memory: {@code serverThreadsPerHeldRequest} counts those threads);</li>
 * <li>{@code serverCommittedHeapPerHeldRequest}: heap committed after the same collections, held less idle, ÷ requests
 *     held — the heap the collector keeps for that live heap by its own sizing rule;</li>
 * <li>{@code serverRssAfterCollectionPerHeldRequest}: RSS read right after the same collections, held less idle, ÷ requests
 *     held — native memory included.</li>
 * </ul>
 * Each is measured, never derived: the server's memory bean and {@code /proc} after the collection. A figure whose
 * held reading is below the idle one (the collector shrank the heap more with the requests held) is not a size, and
 * readings that no collection preceded ({@code -XX:+DisableExplicitGC}: the collectors' counts did not rise) are not
 * at the defined point: either is said in {@code info.holdCollectedNote} instead. Stateless and thread-safe.
 */
final class CollectedFootprint {
    private CollectedFootprint() {
    }

    /**
     * Records the figures of two after-collection readings, {@code idle} (the connections open and idle) and {@code
     * held} (every connection keeping a request held), per {@code heldCount} requests. Nothing when either is null (a
     * server that does not answer footprint requests), has no heap figures (a server in a process of its own: the
     * user's jar, the native reference) or {@code heldCount} is not positive.
     */
    static void record(TrialResult result, Footprint idle, Footprint held, long heldCount) {
        if (idle == null || held == null || heldCount <= 0 || idle.heapUsedBytes < 0 || held.heapUsedBytes < 0) {
            return; // no answer, no request held, or a server outside the monitor's JVM (no heap of its own to collect)
        }
        Map<String, Object> readings = new LinkedHashMap<>();
        readings.put("idle", reading(idle));
        readings.put("held", reading(held));
        result.info("holdCollected", readings);
        if (!idle.afterCollection || !held.afterCollection) {
            result.info("holdCollectedNote", "the server's JVM ran no collection when asked (System.gc() with"
                    + " -XX:+DisableExplicitGC?): its heap was not read at the defined point, so the live heap, committed heap"
                    + " and RSS per held request after a collection are left out");
            return;
        }
        StringBuilder notes = new StringBuilder();
        perHeld(result, "serverLiveHeapPerHeldRequest", "live heap", idle.heapUsedBytes, held.heapUsedBytes, heldCount, notes);
        perHeld(result, "serverCommittedHeapPerHeldRequest", "committed heap", idle.heapCommittedBytes, held.heapCommittedBytes,
                heldCount, notes);
        perHeld(result, "serverRssAfterCollectionPerHeldRequest", "RSS", idle.rssBytes, held.rssBytes, heldCount, notes);
        if (notes.length() > 0) {
            result.info("holdCollectedNote", notes.toString());
        }
    }

    private static Map<String, Object> reading(Footprint f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rssBytes", f.rssBytes);
        m.put("heapUsedBytes", f.heapUsedBytes);
        m.put("heapCommittedBytes", f.heapCommittedBytes);
        m.put("afterCollection", f.afterCollection);
        return m;
    }

    private static void perHeld(TrialResult result, String metric, String what, long idle, long held, long heldCount,
                                StringBuilder notes) {
        if (idle < 0 || held < 0) {
            return; // not read (no /proc)
        }
        if (held < idle) {
            notes.append(notes.length() == 0 ? "" : "; ").append(String.format(java.util.Locale.ROOT,
                    "%s after a full collection was %,d bytes with every request held, below %,d with the connections idle:"
                            + " the collector shrank the heap, so %s is left out", what, held, idle, metric));
            return;
        }
        result.metric(metric, (held - idle) / (double) heldCount, "bytes", Better.LOWER);
    }
}
