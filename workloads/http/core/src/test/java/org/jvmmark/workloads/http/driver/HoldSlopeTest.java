package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jvmmark.workloads.http.common.Footprint;
import org.junit.jupiter.api.Test;

/** When the two hold levels give a slope of RSS per 1,000 held requests, and when they do not. */
class HoldSlopeTest {
    private static HttpDriver.Held level(long sent, long held, boolean steady, long rssMiB) {
        return new HttpDriver.Held(sent, held, true, steady, new Footprint(rssMiB << 20, 20, 0, 0, held), null, null);
    }

    @Test
    void shouldGiveASlopeWhenTheServerHoldsWhatItWasSent() {
        assertNull(HttpDriver.noSlope(level(1_000, 1_000, true, 100), level(10_000, 9_990, true, 190)));
    }

    @Test
    void shouldGiveNoSlopeWhenAPoolHoldsTheSameAtBothLevels() {
        // 200 platform threads hold 200 requests at 1,000 and at 10,000 connections: Δ held of 2 would give 25,000 MiB per 1,000
        String why = HttpDriver.noSlope(level(1_000, 196, true, 110), level(10_000, 198, true, 196));
        assertEquals("the server held 196 requests at 1,000 connections and 198 at 10,000: too few more to give a slope", why);
    }

    @Test
    void shouldGiveNoSlopeWhenALevelWasNotSteady() {
        String why = HttpDriver.noSlope(level(1_000, 1_000, true, 100), level(10_000, 3_155, false, 800));
        assertTrue(why.contains("had not levelled off at the higher level"), why);
    }
}
