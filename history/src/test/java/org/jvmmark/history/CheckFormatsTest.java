package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.render.Formats;
import org.junit.jupiter.api.Test;

/** {@code history check --format markdown|json}, pinned by golden files on a series whose truth is known (a 15 % step). */
class CheckFormatsTest {
    private static final boolean UPDATE = Boolean.getBoolean("jvmmark.golden.update");
    private static final HistoryStore.StoredSeries P50 = new HistoryStore.StoredSeries(1,
            new SeriesKey("box", "queue-latency", "messageBytes=256,rate=100000", "Temurin 25.0.1", "G1", "endToEnd", "p50"),
            "ns", false);

    private static List<HistoryJudge.Verdict> stepped() {
        return new HistoryJudge(new EDivisive(50, 0.001, 0.05), 0.05)
                .judge(List.of(P50), Map.of(1L, HistoryJudgeTest.series(1, 16, i -> i < 11 ? 500 : 575)), Map.of());
    }

    static void assertMatches(String name, String actual) throws IOException {
        Path golden = Path.of("src/test/resources/golden", name);
        if (UPDATE) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual);
        }
        assertEquals(Files.exists(golden) ? Files.readString(golden) : "(missing " + golden + ")", actual,
                name + " differs from its golden file; regenerate with -Djvmmark.golden.update=true and review the diff");
    }

    @Test
    void shouldPrintTheMarkdownEqualToTheGoldenFile() throws IOException {
        String md = Formats.MARKDOWN.write(CheckText.answer(stepped()));
        assertMatches("check.md", md);
        assertTrue(md.contains("**REGRESSION:** 1 regressed"), md);
        assertTrue(md.contains("| box | queue-latency | messageBytes=256, rate=100000 | Temurin 25.0.1 · G1 · p50 latency | **worse** |"), md);
    }

    @Test
    void shouldPrintTheJsonEqualToTheGoldenFile() throws IOException {
        String json = Formats.JSON.write(CheckText.answer(stepped()));
        assertMatches("check.json", json);
        JsonNode root = new ObjectMapper().readTree(json);
        assertEquals("jvmmark/history-check/1", root.get("schema").asText());
        assertEquals(1, root.get("exitStatus").asInt());
        assertEquals("worse", root.get("series").get(0).get("answer").asText());
        assertTrue(root.get("series").get(0).get("effect").get("low").asDouble() > 1);
    }
}
