package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --resume --out DIR --more D}: forks only where the question is still "cannot tell", and the report again;
 * with none open, it says so and exits 0; {@code --more} on a run that is not resumed is refused in one line.
 */
class MoreForksRunTest {
    @TempDir
    Path tmp;

    /**
     * One run, two questions (millis=20 and millis=40, -Xmx64m against -Xmx96m): the fork values are set so that
     * millis=20 is decided (30 % apart, 0.1 % spread) and millis=40 cannot tell (1 % apart, 2.5 % spread, a few forks
     * more would tell). {@code --more 2m} (with {@code --more-forks 2}, to keep the test short) grows millis=40's rows
     * alone and writes the report again; then, every value
     * decided, it says there is nothing to add and exits 0.
     */
    @Test
    void shouldAddForksOnlyToTheCannotTellRowsThenSayThereIsNothingLeft() throws Exception {
        Path out = tmp.resolve("run");
        Cli.Result first = Cli.run("run", "fault-sleep", "-p", "millis=20,40", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--jvm-args", "-Xmx64m", "--jvm-args", "-Xmx96m", "--forks", "3", "--history", "off", "--out", out.toString());
        assertEquals(0, first.status(), first.err());
        setSleptMillis(out, Map.of("-Xmx64m/millis=20", new double[] {20.00, 20.02, 19.98},
                "-Xmx96m/millis=20", new double[] {26.00, 26.03, 25.97},
                "-Xmx64m/millis=40", new double[] {40.0, 41.0, 39.0}, "-Xmx96m/millis=40", new double[] {40.4, 41.4, 39.4}));
        Cli.Result rendered = Cli.run("report", out.toString());
        assertEquals(0, rendered.status(), rendered.err());
        String command = "./jvmmark run --resume --out " + out.toAbsolutePath().normalize() + " --more 5m";
        String before = Files.readString(out.resolve("report.md"));
        String open = before.lines().filter(l -> l.startsWith("| fault-sleep · millis=40 ")).findFirst().orElseThrow();
        assertTrue(open.contains("| cannot tell |") && open.contains("forks a side would tell") && open.endsWith("; " + command + " |  |"),
                "the cannot tell row ends with the command that buys its answer: " + open);
        assertTrue(!before.lines().filter(l -> l.startsWith("| fault-sleep · millis=20 ")).findFirst().orElseThrow()
                .contains("cannot tell"), before);
        Map<String, Integer> forksBefore = forksByRow(Cli.results(out));

        Cli.Result more = Cli.run("run", "--out", out.toString(), "--resume", "--more", "2m", "--more-forks", "2");

        assertEquals(0, more.status(), more.out() + more.err());
        assertTrue(more.out().contains("more forks (--more) where the question is still open"), more.out());
        Map<String, Integer> forksAfter = forksByRow(Cli.results(out));
        forksAfter.forEach((row, n) -> {
            int added = n - forksBefore.get(row);
            assertTrue(row.endsWith("millis=40") ? added >= 1 && added <= 2 : added == 0, row + ": " + forksBefore + " -> " + forksAfter);
        });
        assertTrue(!Files.readString(out.resolve("report.md")).equals(before), "the report is rendered again");

        Map<String, double[]> decided = new HashMap<>();
        forksAfter.forEach((row, n) -> decided.put(row.substring(row.indexOf("/-Xmx") + 1),
                java.util.stream.IntStream.range(0, n).mapToDouble(i -> (row.contains("64m") ? 20 : 26) + 0.01 * (i % 3)).toArray()));
        setSleptMillis(out, decided);
        Cli.Result none = Cli.run("run", "--out", out.toString(), "--resume", "--more", "2m");
        assertEquals(0, none.status(), none.out() + none.err());
        assertTrue(none.out().contains("nothing to add in " + out.toAbsolutePath().normalize() + ": no question is still open"),
                none.out());
        assertEquals(forksAfter, forksByRow(Cli.results(out)), "no fork added");

        Cli.Result again = Cli.run("run", "--out", out.toString(), "--resume", "--max-forks", "12");
        assertEquals(2, again.status());
        assertTrue(again.err().contains("; to add forks where a question is still open: --more 5m or --more-forks N"), again.err());
    }

    /**
     * Sets the recorded {@code sleptMillis} of each row ending in a key (its forks in order) to the given values, and
     * takes out the machine probe's readings: this shared machine's launch levels are not the question here.
     */
    private static void setSleptMillis(Path dir, Map<String, double[]> values) throws Exception {
        ObjectNode results = (ObjectNode) Cli.results(dir);
        for (JsonNode t : results.path("trials")) {
            String id = t.path("id").asText();
            String row = id.substring(0, id.lastIndexOf("/fork"));
            int fork = Integer.parseInt(id.substring(id.lastIndexOf("/fork") + 5));
            ((ObjectNode) t).remove("machineState");
            values.forEach((suffix, v) -> {
                if (row.endsWith(suffix)) {
                    ((ObjectNode) t.path("metrics").path("sleptMillis")).put("value", v[fork - 1]);
                }
            });
        }
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve("results.json").toFile(), results);
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
