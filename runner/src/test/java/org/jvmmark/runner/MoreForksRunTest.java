package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --resume --out DIR --more D}: forks only where the question is still "cannot tell"; with none open, it says
 * so and exits 0; {@code --more} on a run that is not resumed is refused in one line.
 */
class MoreForksRunTest {
    @TempDir
    Path tmp;

    @Test
    void shouldAddForksOnlyWhereTheQuestionIsOpenOrSayThereIsNone() throws Exception {
        Path out = tmp.resolve("run");
        Cli.Result first = Cli.run("run", "fault-sleep", "-p", "millis=20", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--jvm-args", "-Xmx64m", "--jvm-args", "-Xmx96m", "--forks", "3", "--history", "off", "--out", out.toString());
        assertEquals(0, first.status(), first.err());
        JsonNode before = Cli.results(out);
        Map<String, Integer> forksBefore = forksByRow(before);

        Cli.Result more = Cli.run("run", "--out", out.toString(), "--resume", "--more-forks", "2");
        assertEquals(0, more.status(), more.out() + more.err());
        JsonNode after = Cli.results(out);
        Map<String, Integer> forksAfter = forksByRow(after);
        Set<String> grown = new HashSet<>();
        forksAfter.forEach((row, n) -> {
            if (n > forksBefore.getOrDefault(row, 0)) {
                grown.add(row);
            }
        });
        if (grown.isEmpty()) {
            assertTrue(more.out().contains("nothing to add in " + out.toAbsolutePath().normalize() + ": no question is still open"),
                    more.out());
        } else {
            assertTrue(more.out().contains("more forks (--more) where the question is still open"), more.out());
            for (String row : grown) {
                assertTrue(forksAfter.get(row) - forksBefore.get(row) <= 2, "at most 2 more a row: " + forksAfter);
            }
            assertTrue(after.path("forkAccount").path("rows").size() > 0, after.path("forkAccount").toString());
        }

        Cli.Result again = Cli.run("run", "--out", out.toString(), "--resume", "--max-forks", "12");
        assertEquals(2, again.status());
        assertTrue(again.err().contains("; to add forks where a question is still open: --more 5m or --more-forks N"), again.err());
    }

    @Test
    void shouldRefuseMoreOnARunThatIsNotResumed() {
        Cli.Result r = Cli.run("run", "fault-sleep", "--jdk", Cli.HOST_JDK, "--more", "5m", "--dry-run");
        assertEquals(2, r.status());
        assertEquals(java.util.List.of("jvmmark: --more adds forks to a run that has ended: jvmmark run --resume --out DIR --more 5m"),
                r.errLines());
    }

    private static Map<String, Integer> forksByRow(JsonNode results) {
        Map<String, Integer> n = new HashMap<>();
        for (JsonNode t : results.path("trials")) {
            String id = t.path("id").asText();
            n.merge(id.substring(0, id.lastIndexOf("/fork")), 1, Integer::sum);
        }
        return n;
    }
}
