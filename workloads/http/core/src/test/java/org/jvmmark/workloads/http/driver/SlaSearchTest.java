package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlaSearchTest {
    /** A server whose p99 is 1 ms up to its knee and 100 ms above it. */
    private static SlaSearch.Trial knee(double kneeRate) {
        return rate -> {
            boolean met = rate <= kneeRate;
            return new SlaSearch.Step(rate, rate, met ? 1_000_000 : 100_000_000, met);
        };
    }

    @Test
    void shouldFindAKneeToWithinTwoPercentAndConfirmIt() throws Exception {
        SlaSearch.Result r = new SlaSearch(knee(3_700)).search(10_000);
        assertTrue(r.slaRate <= 3_700 && r.slaRate >= 3_700 / 1.02, "within 2 % below the knee: " + r.slaRate);
        long runsAtAnswer = r.curve.stream().filter(s -> s.targetRate == r.slaRate).count();
        assertTrue(runsAtAnswer >= 2, "the answer ran at least twice: " + runsAtAnswer);
        assertTrue(r.curve.size() <= 20, "bracket and bisect, not a scan: " + r.curve.size() + " runs");
    }

    @Test
    void shouldNotTakeARateThatPassedOnceByLuck() throws Exception {
        Set<Double> lucky = new HashSet<>();
        SlaSearch.Trial flaky = rate -> {
            // the first run above the knee (up to 4,000) passes by luck; every other one above it misses
            boolean met = rate <= 3_000 || (rate <= 4_000 && lucky.isEmpty() && lucky.add(rate));
            return new SlaSearch.Step(rate, rate, met ? 1 : 100, met);
        };
        SlaSearch.Result r = new SlaSearch(flaky).search(10_000);
        assertTrue(r.slaRate <= 3_000 && r.slaRate >= 3_000 / 1.02, "the lucky rates were refuted: " + r.slaRate);
    }

    @Test
    void shouldGiveTheMaximumWhenEveryRateMeetsTheSla() throws Exception {
        assertEquals(10_000, new SlaSearch(knee(1e9)).search(10_000).slaRate);
    }

    @Test
    void shouldGiveZeroWhenNoRateMeetsTheSla() throws Exception {
        SlaSearch.Result r = new SlaSearch(knee(0)).search(10_000);
        assertEquals(0, r.slaRate);
        assertTrue(r.curve.size() <= SlaSearch.MAX_RUNS);
    }

    @Test
    void shouldGiveTheBestRateItHasUnconfirmedWhenTheRunsRunOut() throws Exception {
        // 5,000 misses, 2,500 meets, then bisection: 3,750 misses, 3,125 and 3,437 meet, 3,593 meets — and the runs are over
        SlaSearch.Result r = new SlaSearch(knee(3_700), 6).search(10_000);
        assertEquals(6, r.curve.size());
        assertEquals(3_593, r.slaRate, "the bracket's lower bound, not 0");
        assertFalse(r.confirmed);
        SlaSearch.Result whole = new SlaSearch(knee(3_700)).search(10_000);
        assertTrue(whole.confirmed);
        assertFalse(new SlaSearch(knee(0), 6).search(10_000).confirmed);
        assertEquals(0, new SlaSearch(knee(0), 6).search(10_000).slaRate);
    }
}
