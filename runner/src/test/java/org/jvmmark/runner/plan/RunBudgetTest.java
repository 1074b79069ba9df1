package org.jvmmark.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The whole run's budget against an injected clock: the build counts, the fixed plan leaves room, forks stop in time. */
class RunBudgetTest {
    private static final long S = 1_000_000_000L;

    @Test
    void shouldCountTheBuildAndTheClockAgainstTheMainJobsFifteenMinutes() {
        AtomicLong now = new AtomicLong(100 * S);
        RunBudget b = new RunBudget(Budget.mainJob(), 60, 0, now::get, 100 * S);
        assertEquals(60.0, b.spentSeconds(), 1e-9);
        now.addAndGet(30 * S);
        assertEquals(90.0, b.spentSeconds(), 1e-9);
        assertEquals(810.0, b.leftSeconds(), 1e-9);
        // the fixed plan gets 80 % of what is left less the run's end: (810 - 10) * 0.8
        assertEquals(640, b.planSeconds());
        assertEquals("1 min 30 s of 15 min 00 s used (build 1 min 00 s), 13 min 30 s left", b.words());
    }

    @Test
    void shouldHoldANextForkOnlyWhenTheRunsEndStillFits() {
        AtomicLong now = new AtomicLong(0);
        RunBudget b = new RunBudget(Budget.parse("2m"), 0, 0, now::get, 0);
        now.set(100 * S);
        assertTrue(b.holds(10), "100 + 10 + 10 = 120");
        assertFalse(b.holds(10.5));
        now.set(125 * S);
        assertTrue(b.words().endsWith("5.0 s over"), b.words());
        assertTrue(b.endWords().startsWith("2 min 05 s in all of the 2 min 00 s budget, 5.0 s over"), b.endWords());
    }

    @Test
    void shouldCountAResumedRunsEarlierTrials() {
        RunBudget b = new RunBudget(Budget.parse("10m"), 0, 240, () -> 0, 0);
        assertEquals(360.0, b.leftSeconds(), 1e-9);
    }

    @Test
    void shouldGiveOnlyGivenAndMainJobBudgetsThePowerToCut() {
        assertTrue(Budget.parse("30m").cutsPlan());
        assertTrue(Budget.mainJob().cutsPlan());
        assertFalse(Budget.mainJob().given());
        assertFalse(Budget.defaultFor(600).cutsPlan());
        assertEquals(900, Budget.mainJob().seconds());
    }
}
