package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class MemoryChaseTest {

    @Test
    void shouldBuildOneCycleThroughEverySlotSoAWalkNeverFallsIntoAShortLoop() {
        int n = 10_000;
        int[] next = MemoryChase.Cycle.sattolo(n, 7);
        boolean[] seen = new boolean[n];
        int at = 0;
        for (int i = 0; i < n; i++) {
            assertFalse(seen[at], "slot " + at + " visited twice after " + i + " steps");
            seen[at] = true;
            at = next[at];
        }
        assertEquals(0, at, "the walk is back where it started after n steps");
    }

    @Test
    void shouldWalkTheChainItWasGiven() {
        int[] next = {1, 2, 0};
        assertEquals(2, MemoryChase.walk(next, 0, 2));
        assertEquals(1, MemoryChase.walk(next, 0, 4));
    }
}
