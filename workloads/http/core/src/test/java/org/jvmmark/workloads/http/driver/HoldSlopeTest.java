package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.workloads.http.common.Footprint;
import org.junit.jupiter.api.Test;

/** When the two hold levels give a slope of RSS per held request, and when a level has settled. */
class HoldSlopeTest {
    private static final long S = 1_000_000_000L;

    private static HoldFootprint.Held level(long sent, long held, boolean steady, long rssMiB) {
        return new HoldFootprint.Held(sent, held, true, steady, new Footprint(rssMiB << 20, 20, 0, 0, held), null, 0);
    }

    private static HoldFootprint.Sample sample(double seconds, long rssKiB, long held) {
        return new HoldFootprint.Sample(Math.round(seconds * S), new Footprint(rssKiB << 10, 20, 0, 0, held), held);
    }

    @Test
    void shouldGiveASlopeWhenTheServerHoldsWhatItWasSent() {
        assertNull(HoldFootprint.noSlope(level(1_000, 1_000, true, 100), level(10_000, 9_990, true, 190)));
    }

    @Test
    void shouldGiveNoSlopeWhenAPoolHoldsTheSameAtBothLevels() {
        // 200 platform threads hold 200 requests at 1,000 and at 10,000 connections: Δ held of 2 would give 25,000 MiB per 1,000
        String why = HoldFootprint.noSlope(level(1_000, 196, true, 110), level(10_000, 198, true, 196));
        assertEquals("the server held 196 requests at 1,000 connections and 198 at 10,000: too few more to give a slope", why);
    }

    @Test
    void shouldStillGiveASlopeWhenALevelDidNotSettle() {
        // the row says so (holdSteady false and a warning) instead of leaving the figure out
        assertNull(HoldFootprint.noSlope(level(100, 100, true, 100), level(1_000, 990, false, 180)));
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
