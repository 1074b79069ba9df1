package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a bound over the points tried covers: how many of the valid points, and which were not tried. */
class TunePrinterTest {
    @Test
    void shouldNameTheFirstUntriedPointsAndCountTheRest() {
        List<String> not = List.of("a", "b", "c", "d", "e", "f", "g");
        assertEquals("jdk: 10 of 17 valid points tried; not tried: a, b, c, d, e and 2 more",
                TunePrinter.untriedLine("jdk", 10, 17, not));
        assertEquals("jdk: 3 of 3 valid points tried (all of them)", TunePrinter.untriedLine("jdk", 3, 3, List.of()));
    }
}
