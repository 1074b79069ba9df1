package org.jvmmark.runner.instruments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unified GC logs as JDK 11, 17, 21 and 25 write them with jvmmark's decorators (fixtures cut from real runs). */
class GcLogTest {
    private static GcLog fixture(String name) throws Exception {
        return GcLog.read(Path.of(GcLogTest.class.getResource("/gclogs/" + name + ".log").toURI()));
    }

    @Test
    void shouldReadG1PausesHeapAndJdk11Safepoints() throws Exception {
        GcLog log = fixture("jdk11-g1");
        assertEquals("G1", log.collector);
        assertEquals(6, log.gcPauses.size());
        Pause first = log.gcPauses.get(0);
        assertEquals("G1 young pause", first.label());
        assertEquals(28_197_000, first.durationNanos());
        assertEquals(1211400469295L - 28_197_000, first.startNanos(), "ends at the line's timenanos");
        assertEquals(8, log.safepoints.size(), "the ninth is still open where the fixture ends");
        assertEquals(6, log.transitions.size());
        assertEquals(6L << 20, log.transitions.get(0)[1]);
        assertEquals(4L << 20, log.transitions.get(0)[2]);
        assertTrue(log.timeToSafepointNanos.contains(57_800L));
    }

    @Test
    void shouldReadZgcPausesOfJdk17AndGenerationalZgcOfJdk25() throws Exception {
        GcLog zgc = fixture("jdk17-zgc");
        assertEquals("ZGC mark start pause", zgc.gcPauses.get(0).label());
        assertEquals(9, zgc.gcPauses.size());
        assertEquals(8_000, zgc.gcPauses.get(0).durationNanos());
        assertEquals(3, zgc.collections);
        assertEquals(List.of(44L << 20, 24L << 20), List.of(zgc.transitions.get(0)[1], zgc.transitions.get(0)[2]));
        assertEquals(1_028_406L, zgc.timeToSafepointNanos.get(0));

        GcLog gen = fixture("jdk25-genzgc");
        assertEquals(35, gen.gcPauses.size());
        assertEquals("ZGC mark start pause", gen.gcPauses.get(0).label());
        assertEquals(35, gen.safepoints.size());
    }

    @Test
    void shouldReadShenandoahAndParallel() throws Exception {
        GcLog shen = fixture("jdk21-shenandoah");
        assertEquals(4, shen.gcPauses.size());
        assertEquals("Shenandoah init mark pause", shen.gcPauses.get(0).label());
        GcLog par = fixture("jdk25-parallel");
        assertEquals(14, par.gcPauses.size());
        assertEquals(14, par.collections);
        assertEquals("Parallel young pause", par.gcPauses.get(0).label());
        assertEquals(13, par.safepoints.size());
        Pause sp = par.safepoints.get(0);
        assertEquals("safepoint (ParallelCollectForAllocation)", sp.label());
        assertEquals(17_170_009, sp.durationNanos());
    }

    @Test
    void shouldMeasureAllocationFromOccupancyBeforeAndAfterEachCollection() {
        // 10 MiB allocated before the first GC (at 1 s), 20 − 2 = 18 MiB more before the second (at 2 s)
        List<long[]> t = List.of(new long[] {1_000_000_000L, 10L << 20, 2L << 20}, new long[] {2_000_000_000L, 20L << 20, 4L << 20});
        assertEquals(14.0 * (1 << 20), PauseStats.allocationBytesPerSecond(t, 0), 1e-6);
    }
}
