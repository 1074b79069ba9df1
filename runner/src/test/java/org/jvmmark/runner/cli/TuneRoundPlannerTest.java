package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A round's trials split into slices: every trial in one slice, each point's forks on several machines. */
class TuneRoundPlannerTest {
    @Test
    void shouldSendAPointsForksToSeveralSlicesWhenTheRoundHasAMultipleOfNPoints() {
        // 4 points, 2 forks each, interleaved fork by fork, 2 slices: by position alone a's forks (0 and 4) share slice 0
        List<String> rows = List.of("a", "b", "c", "d", "a", "b", "c", "d");
        List<Integer> slices = TuneRoundPlanner.slices(rows, 2);
        assertEquals(List.of(0, 1, 0, 1, 1, 0, 1, 0), slices);
        assertEquals(4, slices.stream().filter(s -> s == 0).count(), "the slices stay even");
    }
}
