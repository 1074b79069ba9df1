package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jvmmark.report.Compare;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} of two runs whose achieved rates are pinned at the target (known truth: the same levels
 * on both sides, {@link FixtureGenerator#writeTruth}): the rates are not judged and the first line says
 * what was and was not judged. The first line is pinned by {@code golden/questions/compare-pinned.txt}.
 */
class PinnedRatesCompareTest {
    @TempDir
    Path tmp;

    @Test
    void shouldNotJudgeRatesPinnedAtTheirTargetAndSaySoFirst() throws Exception {
        Path a = FixtureGenerator.writeTruth(tmp.resolve("a"), 11L, 0.01,
                new FixtureGenerator.Truth("queue-latency", 17, 340, 345, 350),
                new FixtureGenerator.Truth("queue-latency", 25, 320, 318, 322));
        Path b = FixtureGenerator.writeTruth(tmp.resolve("b"), 12L, 0.01,
                new FixtureGenerator.Truth("queue-latency", 17, 342, 347, 344),
                new FixtureGenerator.Truth("queue-latency", 25, 321, 319, 323));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = Compare.compare(a, b, 0.05, null, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        String first = printed.lines().findFirst().orElse("");
        assertEquals(5, exit, "one run a side: the run-to-run spread is not known, \"no difference\" cannot be claimed\n" + printed);
        assertTrue(first.matches(".*not judged \\(.*\\d+ pinned at their target.*"), first);
        assertTrue(printed.lines().filter(l -> l.contains("achieved rate") && l.contains("Temurin")).noneMatch(l -> l.contains("no change")),
                "a pinned rate is never counted as unchanged: " + printed);
        Golden.assertMatches("golden/questions/compare-pinned.txt", first + "\n");
    }
}
