package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results another hand wrote, read by {@code history import} and {@code compare}: numbers that are not finite,
 * labels that speak Markdown or terminal escapes. Each refused or shown inert, in one line.
 */
class UntrustedResultsTest {
    /** The report module's baseline fixture (20 trials on four workloads). */
    static final Path BASELINE = Path.of(System.getProperty("jvmmark.home"), "report", "src", "test", "resources", "fixtures",
            "baseline", "results.json");

    @TempDir
    Path tmp;

    /** A copy of the baseline whose text has {@code from} replaced (once, in the first trial) by {@code to}. */
    Path poisoned(String name, String from, String to) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        String text = Files.readString(BASELINE);
        assertTrue(text.contains(from), from);
        Files.writeString(dir.resolve("results.json"), text.replaceFirst(java.util.regex.Pattern.quote(from), to));
        return dir;
    }

    @Test
    void shouldRefuseToImportPercentilesThatAreNotFinite() throws IOException {
        for (String bad : new String[] {"1e999", "-1e999", "NaN", "Infinity", "-Infinity", "\"NaN\""}) {
            Path dir = poisoned("nan" + bad.hashCode(), "\"50\" : 301", "\"50\" : " + bad);
            String db = tmp.resolve("h" + bad.hashCode() + ".db").toString();
            Cli.Result r = Cli.run("history", "import", dir.toString(), "--history", db, "--machine", "ci-box");
            assertEquals(2, r.status(), bad + ": " + r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains("not a finite number"), r.err());
            Cli.Result list = Cli.run("history", "list", "--history", db);
            assertFalse(list.out().contains("synthetic") || list.out().contains("chat"), "nothing stored: " + list.out());
        }
    }

    @Test
    void shouldRefuseASideOfTooManyRunsOrTooManyBytesBeforeReadingIt() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.copy(BASELINE, a.resolve("results.json"));
        Path many = Files.createDirectories(tmp.resolve("many"));
        for (int i = 0; i <= 500; i++) {
            Files.writeString(Files.createDirectories(many.resolve("run" + i)).resolve("results.json"), "{}");
        }
        Cli.Result r = Cli.run("compare", a.toString(), many.toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("holds 501 runs; a side may have at most 500"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        Path heavy = Files.createDirectories(tmp.resolve("heavy"));
        for (int i = 0; i < 3; i++) {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(
                    Files.createDirectories(heavy.resolve("run" + i)).resolve("results.json").toFile(), "rw")) {
                f.setLength(200L << 20); // sparse: each under the file cap, together over the side's
            }
        }
        Cli.Result h = Cli.run("compare", a.toString(), heavy.toString());
        assertEquals(2, h.status(), h.out() + h.err());
        assertTrue(h.err().contains("600 MiB of results files; a side may have at most 512 MiB"), h.err());
    }

    /** Both sides: the baseline, one JDK's vendor replaced by {@code vendor} in every trial. */
    Path[] sides(String vendor) throws IOException {
        String text = Files.readString(BASELINE).replace("\"vendor\" : \"Debian\"", "\"vendor\" : "
                + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(vendor));
        Path[] sides = {Files.createDirectories(tmp.resolve("side-a")), Files.createDirectories(tmp.resolve("side-b"))};
        for (Path side : sides) {
            Files.writeString(side.resolve("results.json"), text);
        }
        return sides;
    }

    @Test
    void shouldKeepALabelInertInThePullRequestComment() throws IOException {
        Path[] s = sides("[approve](https://evil.example) @team `x` <img src=x onerror=alert(1)> | a");
        Cli.Result r = Cli.run("compare", s[0].toString(), s[1].toString(), "--format", "markdown");
        assertTrue(r.out().contains("\\[approve\\](https://evil.example) @&#8203;team \\`x\\` &lt;img src=x onerror=alert(1)&gt; \\| a"),
                r.out());
        assertFalse(r.out().contains("[approve](") || r.out().contains("@team") || r.out().contains("<img"), r.out());
    }

    @Test
    void shouldPrintControlCharactersOfALabelAsQuestionMarks() throws IOException {
        Path[] s = sides("Evil\u001b]0;owned\u0007\u001b[2J\r\u009b31m");
        Cli.Result r = Cli.run("compare", s[0].toString(), s[1].toString());
        assertTrue(r.out().contains("Evil?]0;owned??[2J??31m"), r.out());
        assertFalse(r.out().chars().anyMatch(c -> c == 0x1b || c == '\r' || c == 0x07 || c == 0x9b), r.out());
    }

    /** Found by FuzzTargetsTest#compareSides: a side B of no trials at all passed the gate as "no regression". */
    @Test
    void shouldNotPassASideBWithoutTrialsAsNoRegression() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.copy(BASELINE, a.resolve("results.json"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.writeString(b.resolve("results.json"), "{\"schema\":\"jvmmark/results/1\",\"created\":\"2026-11-23T06:46:31Z\","
                + "\"profile\":\"smoke\",\"host\":{}}");
        Cli.Result r = Cli.run("compare", a.toString(), b.toString());
        assertEquals(5, r.status(), r.out());
        assertTrue(r.out().startsWith("CANNOT TELL: the sides are not the same measurement") && r.out().contains("not run in B"),
                r.out());
    }
}
