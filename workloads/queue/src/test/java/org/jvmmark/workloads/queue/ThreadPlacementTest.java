package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadPlacementTest {
    @Test
    void shouldGiveEachThreadACoreApartFromCpu0WhenThereAreEnough() {
        ThreadPlacement p = ThreadPlacement.plan(List.of(0, 1, 2, 3), true);
        assertEquals(3, p.producerCpu);
        assertEquals(2, p.consumerCpu);
        assertTrue(p.dedicatedCores);
    }

    @Test
    void shouldPutTheConsumerBesideTheOsOnTwoCpus() {
        ThreadPlacement p = ThreadPlacement.plan(List.of(0, 1), true);
        assertEquals(1, p.producerCpu);
        assertEquals(0, p.consumerCpu);
        assertFalse(p.dedicatedCores);
    }

    @Test
    void shouldNotPinOnOneCpu() {
        ThreadPlacement p = ThreadPlacement.plan(List.of(0), true);
        assertEquals(-1, p.consumerCpu);
        assertFalse(p.dedicatedCores);
    }

    @Test
    void shouldNotPinWhenAskedNotTo() {
        ThreadPlacement p = ThreadPlacement.plan(List.of(0, 1, 2, 3), false);
        assertEquals(-1, p.consumerCpu);
        assertFalse(p.dedicatedCores);
    }

    @Test
    void shouldUseOnlyTheCpusTheProcessMayUse() {
        ThreadPlacement p = ThreadPlacement.plan(List.of(2, 5), true);
        assertEquals(5, p.producerCpu);
        assertEquals(2, p.consumerCpu);
        assertTrue(p.dedicatedCores);
    }
}
