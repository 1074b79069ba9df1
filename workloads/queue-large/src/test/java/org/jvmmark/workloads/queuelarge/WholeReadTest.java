package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warm/cold rule of the whole-queue read. */
class WholeReadTest {
    private static final long GIB = 1L << 30;

    private static WholeRead read(long storageBytes, double cachedAtStart, String dropFailure) {
        return new WholeRead(1_000_000_000L, 8 * GIB, 3, storageBytes, 1.0, cachedAtStart, dropFailure);
    }

    @Test
    void shouldCallAReadColdWhenNineTenthsOfItCameFromStorageWhateverTheMajorFaults() {
        WholeRead r = read(8 * GIB, 0.0, null);
        assertEquals("cold", r.label());
        assertNull(r.whyWarm());
        assertEquals(8.0, r.gibPerSecond(), 1e-9);
        assertEquals("cold", read((long) Math.ceil(0.9 * 8 * GIB), 0.5, null).label());
    }

    @Test
    void shouldCallAReadWarmWhenLessCameFromStorageAndSayWhy() {
        WholeRead r = read(GIB, 0.0, null);
        assertEquals("warm", r.label());
        assertEquals("the whole-queue read is labelled warm, not cold: 13 % from storage, 0 % of the queue cached at the start, 3 major faults;"
                + " the queue's pages were dropped (posix_fadvise DONTNEED) before it (rule: " + WholeRead.rule() + ")", r.whyWarm());
    }

    @Test
    void shouldFallBackToTheCachedShareWithoutAStorageCount() {
        assertEquals("cold", read(-1, 0.05, null).label());
        assertEquals("warm", read(-1, 0.5, null).label());
    }

    @Test
    void shouldTakeAZeroStorageCountOfAnUncachedQueueAsNoCount() {
        // NFS, FUSE, 9p, virtiofs: read_bytes stays 0 however much was read
        WholeRead r = read(0, 0.02, null);
        assertEquals("cold", r.label());
        assertEquals("? from storage, 2 % of the queue cached at the start, 3 major faults", r.evidence());
        assertEquals("warm", read(0, 0.5, null).label(), "cached: a count of 0 may be true");
        assertEquals("0 % from storage, 50 % of the queue cached at the start, 3 major faults", read(0, 0.5, null).evidence());
    }

    @Test
    void shouldCallAReadWarmWhenNothingShowsItWasCold() {
        WholeRead r = read(-1, Double.NaN, "cannot reach libc through JNA: x");
        assertEquals("warm", r.label());
        assertTrue(r.whyWarm().startsWith("the whole-queue read is labelled warm, not cold: neither /proc/self/io nor mincore could tell"
                + " how much of it came from storage; the queue's pages could not be dropped (cannot reach libc through JNA: x)"), r.whyWarm());
    }

    @Test
    void shouldReadTheStorageCountOfProcSelfIo() {
        assertEquals(67108864, ProcessMemory.storageReadBytes("rchar: 6976\nwchar: 0\nsyscr: 10\nsyscw: 0\nread_bytes: 67108864\nwrite_bytes: 0\n"));
        assertEquals(-1, ProcessMemory.storageReadBytes(""));
    }
}
