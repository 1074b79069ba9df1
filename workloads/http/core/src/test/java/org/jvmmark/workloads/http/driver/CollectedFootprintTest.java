package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.api.TrialResult;
import org.jvmmark.workloads.http.common.Footprint;

/** The figures read after a full collection at the hold's two plateaus, per held request, and when they are left out. */
class CollectedFootprintTest {
    private static final long MIB = 1 << 20;

    private static Footprint reading(long rssMiB, long usedMiB, long committedMiB, boolean afterCollection) {
        return new Footprint(rssMiB * MIB, 30, usedMiB * MIB, committedMiB * MIB, 0, Map.of(), afterCollection);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metrics(TrialResult r) {
        return (Map<String, Object>) r.toMap().get("metrics");
    }

    @SuppressWarnings("unchecked")
    private static double value(TrialResult r, String metric) {
        return ((Number) ((Map<String, Object>) metrics(r).get(metric)).get("value")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static Object info(TrialResult r, String key) {
        return ((Map<String, Object>) r.toMap().get("info")).get(key);
    }

    @Test
    void shouldDivideWhatGrewBetweenTheTwoCollectedReadingsByTheRequestsHeld() {
        TrialResult r = new TrialResult();
        CollectedFootprint.record(r, reading(100, 10, 64, true), reading(150, 30, 96, true), 1024);
        assertEquals(20.0 * MIB / 1024, value(r, "serverLiveHeapPerHeldRequest"));
        assertEquals(32.0 * MIB / 1024, value(r, "serverCommittedHeapPerHeldRequest"));
        assertEquals(50.0 * MIB / 1024, value(r, "serverRssAfterCollectionPerHeldRequest"));
        assertTrue(((Map<?, ?>) info(r, "holdCollected")).containsKey("idle"), "the readings are kept");
    }

    @Test
    void shouldLeaveOutACommittedHeapTheCollectorShrankAndSaySo() {
        TrialResult r = new TrialResult();
        CollectedFootprint.record(r, reading(100, 10, 96, true), reading(150, 30, 64, true), 1024);
        assertFalse(metrics(r).containsKey("serverCommittedHeapPerHeldRequest"), "a negative size is not a size");
        assertTrue(String.valueOf(info(r, "holdCollectedNote")).startsWith("committed heap after a full collection was"),
                String.valueOf(info(r, "holdCollectedNote")));
        assertEquals(20.0 * MIB / 1024, value(r, "serverLiveHeapPerHeldRequest"), "the others stand");
    }

    @Test
    void shouldLeaveOutReadingsNoCollectionPreceded() {
        TrialResult r = new TrialResult();
        CollectedFootprint.record(r, reading(100, 10, 64, true), reading(150, 30, 96, false), 1024);
        assertFalse(metrics(r).containsKey("serverLiveHeapPerHeldRequest"));
        assertTrue(String.valueOf(info(r, "holdCollectedNote")).contains("ran no collection"), String.valueOf(info(r, "holdCollectedNote")));
    }

    @Test
    void shouldRecordNothingForAServerWithoutHeapFigures() {
        TrialResult r = new TrialResult();
        Footprint external = new Footprint(100 * MIB, 4, -1, -1, -1);
        CollectedFootprint.record(r, external, external, 1024);
        assertEquals(Map.of(), metrics(r));
        assertEquals(null, info(r, "holdCollected"));
    }
}
