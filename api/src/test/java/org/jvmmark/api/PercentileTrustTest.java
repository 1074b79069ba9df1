package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PercentileTrustTest {
    @Test
    void shouldAskAHundredSamplesBeyondThePercentile() {
        assertEquals(200, PercentileTrust.samplesNeeded(50));
        assertEquals(10_000, PercentileTrust.samplesNeeded(99));
        assertEquals(1_000_000, PercentileTrust.samplesNeeded(99.99));
        assertEquals(Long.MAX_VALUE, PercentileTrust.samplesNeeded(100));
    }

    @Test
    void shouldDistrustP9999WithoutAMillionSamples() {
        assertFalse(PercentileTrust.trusted(99.99, 150_000, 4, 1));
        assertTrue(PercentileTrust.trusted(99.99, 1_000_000, 4, 1));
        assertEquals("150000 samples per fork; this percentile needs 1000000 (100 beyond it)",
                PercentileTrust.distrust(99.99, 150_000, 4, 1));
    }

    @Test
    void shouldDistrustTheTailWhenTheSpinningThreadsLeaveNoCpuForTheOs() {
        // Producer and consumer spinning on the 2 CPUs of this machine: p50/p90 stand, p99 records the scheduler.
        assertNull(PercentileTrust.distrust(90, 1_000_000, 2, 2));
        assertTrue(PercentileTrust.distrust(99, 1_000_000, 2, 2).contains("no CPU left for the OS"));
        // One spinning thread on 2 CPUs: the OS has a CPU; p99 stands.
        assertNull(PercentileTrust.distrust(99, 1_000_000, 2, 1));
    }

    @Test
    void shouldDistrustEveryPercentileWhenSpinningThreadsTimeSlice() {
        // --cpus 1 with producer and consumer: every hand-off waits for the scheduler.
        assertTrue(PercentileTrust.distrust(50, 1_000_000, 1, 2).contains("time-slice"));
    }

    @Test
    void shouldNeverTrustTheMaximumForARanking() {
        assertEquals("the maximum is a single sample", PercentileTrust.distrust(100, 10_000_000, 64, 1));
    }

    @Test
    void shouldJudgeBySamplesAloneWhenTheCpusAreUnknown() {
        assertNull(PercentileTrust.distrust(99, 20_000, 0, 0));
    }
}
