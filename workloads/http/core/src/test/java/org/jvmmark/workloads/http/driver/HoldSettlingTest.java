package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.workloads.http.common.Footprint;
import org.junit.jupiter.api.Test;

/** When a hold level has settled: its RSS and the requests held flat over a window of one and a half sleeps. */
class HoldSettlingTest {
    private static final long S = 1_000_000_000L;

    private static HoldFootprint.Sample sample(double seconds, long rssKiB, long held) {
        return new HoldFootprint.Sample(Math.round(seconds * S), new Footprint(rssKiB << 10, 20, 0, 0, held), held);
    }

    @Test
    void shouldCallALevelSettledOnlyWhenItsSamplesSpanTheWindowWithin1Percent() {
        List<HoldFootprint.Sample> samples = new ArrayList<>(List.of(sample(0, 100_000, 1_000), sample(0.5, 100_500, 1_000)));
        assertFalse(HoldFootprint.settled(samples, (long) (1.5 * S)), "half a window");
        samples.add(sample(1.6, 100_900, 1_000));
        assertTrue(HoldFootprint.settled(samples, (long) (1.5 * S)));
        samples.add(sample(1.7, 102_000, 1_000));
        assertFalse(HoldFootprint.settled(samples, (long) (1.5 * S)), "2 % apart: still growing");
    }

    @Test
    void shouldNotCallALevelSettledWhileTheRequestsHeldStillRise() {
        List<HoldFootprint.Sample> samples = List.of(sample(0, 100_000, 600), sample(1, 100_000, 800), sample(2, 100_000, 1_000));
        assertFalse(HoldFootprint.settled(samples, S));
    }

    @Test
    void shouldKeepTheSettlingWindowBetweenOneAndTwoSeconds() {
        assertEquals(1_500_000_000L, HoldFootprint.window(S));
        assertEquals(1_000_000_000L, HoldFootprint.window(200_000_000L));
        assertEquals(2_000_000_000L, HoldFootprint.window(10 * S));
    }
}
