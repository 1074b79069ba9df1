package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.jvmmark.runner.plan.AdaptiveForks;

/** What the fork account says of rows still open when a run ends (the run itself: AdaptiveRunTest, InterruptAndResumeTest). */
class RunSessionTest {
    @Test
    void shouldCallOpenRowsOfAnInterruptedRunInterruptedEvenWhenTheBudgetWasAlsoReached() {
        assertEquals(AdaptiveForks.OpenRows.INTERRUPTED, RunSession.openRows(true, false));
        assertEquals(AdaptiveForks.OpenRows.INTERRUPTED, RunSession.openRows(true, true));
        assertEquals(AdaptiveForks.OpenRows.BUDGET_REACHED, RunSession.openRows(false, true));
        assertEquals(AdaptiveForks.OpenRows.OPEN, RunSession.openRows(false, false));
    }
}
