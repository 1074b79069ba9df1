package org.jvmmark.runner;

import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.base.Text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.jvmmark.api.scratch.SafeTree;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.runner.fork.ContainerLimits;
import org.jvmmark.testkit.Chromium;
import org.jvmmark.testkit.DumpedDom;
import org.jvmmark.testkit.OutsideTool;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Coverage-guided fuzz targets (Jazzer) over what reads input someone else may write: a results.json read and
 * rendered ({@code report}), {@code compare} of a known side A against a fuzzed side B, {@code history import}, and the
 * command-line parsers. In a normal build each target replays its corpus ({@code FuzzTargetsTestInputs/<target>/}
 * beside this class in the test resources) in seconds; {@code JAZZER_FUZZ=1} with one target selected searches for new
 * inputs (see docs/threat-model.md). The properties every input must keep: no exception but jvmmark's one-line errors,
 * exit status 0, 1, 2 or 5, nothing written outside the run directory, no script in a page that jvmmark did not
 * write, and never "no regression" on a side none of whose trials ran ok.
 *
 * <p>Not thread-safe: each target works in its own fresh directory under {@code target/fuzz}.
 */
class FuzzTargetsTest {
    private static final Path WORK = Path.of("target", "fuzz").toAbsolutePath();
    private static final Set<Integer> EXITS = Set.of(0, 1, 2, 5);
    /** What {@code report DIR} may leave in DIR besides results.json. */
    private static final Set<String> REPORT_FILES = Set.of("results.json", "report.html", "report.md", "results.csv", ".jvmmark-lock");
    /** A start tag and what follows its name; attribute values are quoted by the renderers, quotes inside escaped. */
    private static final Pattern TAG = Pattern.compile("<[a-zA-Z][a-zA-Z0-9-]*((?:\\s+[^\\s=>]+(?:\\s*=\\s*(?:\"[^\"]*\"|'[^']*'|[^\\s>]+))?)*)\\s*/?>");
    private static final Pattern ATTRIBUTE = Pattern.compile("\\s+([^\\s=>]+)(?:\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s>]+))?");
    private static final Set<String> URL_ATTRIBUTES = Set.of("href", "src", "action", "formaction", "xlink:href", "srcdoc");
    private static final Pattern SCRIPT_SCHEME = Pattern.compile("^(javascript|vbscript|data:text/html)");
    private static final Pattern SCRIPT_ELEMENT = Pattern.compile("(?is)<script[^>]*>.*?</script\\s*>");
    private static final Pattern OWN_SCRIPT_TAG = Pattern.compile("<script>\\n|<script type=\"application/json\" id=\"jvmmark-data\">");

    /** A results.json, read and rendered by {@code report DIR}: HTML, Markdown and CSV. */
    @FuzzTest(maxDuration = "60s")
    void resultsReader(byte[] file) throws IOException {
        Path run = fresh("report").resolve("run");
        Files.createDirectories(run);
        Files.write(run.resolve("results.json"), file);
        Cli.Result r = Cli.run("report", run.toString());
        assertOneLineOrNone(r);
        assertTrue(REPORT_FILES.containsAll(names(run)), "report wrote outside its files: " + names(run));
        assertEquals(Set.of("run"), names(run.getParent()), "report wrote outside the run directory");
        if (Files.exists(run.resolve("report.html"))) {
            assertOnlyOwnScript(Files.readString(run.resolve("report.html")));
        }
    }

    /** {@code compare A B}: A a fixed run, B fuzzed. */
    @FuzzTest(maxDuration = "60s")
    void compareSides(byte[] sideB) throws IOException {
        Path root = fresh("compare");
        Path a = Files.createDirectories(root.resolve("a"));
        Path b = Files.createDirectories(root.resolve("b"));
        try (InputStream in = FuzzTargetsTest.class.getResourceAsStream("fuzz/side-a.json")) {
            Files.write(a.resolve("results.json"), in.readAllBytes());
        }
        Files.write(b.resolve("results.json"), sideB);
        Cli.Result r = Cli.run("compare", a.toString(), b.toString());
        assertOneLineOrNone(r);
        assertEquals(Set.of("a", "b"), names(root), "compare wrote outside the sides");
        assertEquals(Set.of("results.json"), names(b));
        if (r.status() == 0) {
            Results read = ResultsReader.readDir(b);
            assertTrue(read.trials().stream().anyMatch(t -> t.outcome().trialStatus() == TrialStatus.OK),
                    "no regression on a side none of whose trials ran ok: " + r.out());
        }
    }

    /** {@code history import DIR} into a fresh embedded database; what it stored must be finite. */
    @FuzzTest(maxDuration = "60s")
    void historyImport(byte[] file) throws IOException {
        Path root = fresh("history");
        Path run = Files.createDirectories(root.resolve("run"));
        Files.write(run.resolve("results.json"), file);
        String db = root.resolve("h.db").toString();
        Cli.Result r = Cli.run("history", "import", run.toString(), "--history", db, "--machine", "fuzz");
        assertOneLineOrNone(r);
        if (r.status() == 0) {
            Cli.Result csv = Cli.run("history", "export", "--csv", "--history", db);
            assertOneLineOrNone(csv);
            assertFalse(csv.out().contains("NaN") || csv.out().contains("Infinity"), "a value that is not finite was stored");
        }
        assertEquals(Set.of("results.json"), names(run), "history import wrote into the run directory");
    }

    /** The command line, parsed (never run: an input could name a real workload), and the container options. */
    @FuzzTest(maxDuration = "30s")
    void options(FuzzedDataProvider data) {
        List<String> args = new ArrayList<>();
        args.add(data.pickValue(new String[] {"run", "tune", "compare", "report", "history", "merge", "jdks", "list", "serve", "drive"}));
        int n = data.consumeInt(0, 8);
        for (int i = 0; i < n; i++) {
            args.add(data.consumeString(40));
        }
        try {
            new CommandLine(new Main()).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException userError) {
            // Main prints picocli's first line only (its messages quote the arguments, line breaks and all)
            assertOneLine(Text.firstLine(userError.getMessage()));
        }
        try {
            ContainerLimits.parse(data.consumeBoolean() ? data.consumeString(24) : null, data.consumeBoolean() ? data.consumeString(24) : null,
                    data.consumeBoolean() ? data.consumeString(24) : null);
        } catch (UserException userError) {
            assertOneLine(userError.getMessage());
        }
    }

    /**
     * The kept inputs of {@link #resultsReader} that render a page, opened in headless Chromium: the page's own
     * scripts finish with no error (a policy violation is one), and nothing an input planted ran.
     */
    @Test
    void shouldRunOnlyItsOwnScriptInChromiumForTheKeptInputs() throws Exception {
        OutsideTool.require("chromium", Chromium.BINARY);
        Path inputs = Path.of("src/test/resources/org/jvmmark/runner/FuzzTargetsTestInputs/resultsReader");
        List<Path> kept;
        try (Stream<Path> s = Files.list(inputs)) {
            kept = s.sorted().toList();
        }
        int opened = 0;
        for (Path input : kept) {
            Path run = Files.createDirectories(fresh("browser").resolve("run"));
            Files.copy(input, run.resolve("results.json"));
            if (Cli.run("report", run.toString()).status() == 2 || !Files.exists(run.resolve("report.html"))) {
                continue;
            }
            Chromium.Output out = new Chromium(WORK).dumpDom(run.resolve("report.html"), "#all", 1280, 800);
            String body = DumpedDom.bodyTag(out.stdout());
            assertEquals("true", DumpedDom.attribute(body, "data-done"), input + ": the page's scripts did not finish");
            assertEquals("[]", DumpedDom.unescape(DumpedDom.attribute(body, "data-errors")), input + ": errors in the page");
            assertFalse(body.contains("data-pwned"), input + ": a script the input planted ran");
            opened++;
        }
        assertTrue(opened >= 2, "pages opened: " + opened);
    }

    @Test
    void shouldCatchAScriptAHandlerAndAScriptUrlThatThePageDidNotWrite() {
        String own = "<script>\nx()\n</script>\n<td title=\"a onerror=b\">&lt;img src=x onerror=y&gt;</td>";
        assertOnlyOwnScript(own);
        for (String planted : new String[] {"<script src=x></script>", "<img src=x onerror=alert(1)>", "<a href=\" JavaScript:alert(1)\">",
            "<svg><a xlink:href='javascript:1'></a></svg>", "<body onload=\"x\">"}) {
            assertThrows(AssertionError.class, () -> assertOnlyOwnScript(own + planted), planted);
        }
    }

    /** A page's script elements are its own four at most, and its markup holds no handler or script URL. */
    static void assertOnlyOwnScript(String html) {
        List<String> tags = new ArrayList<>();
        var m = Pattern.compile("(?i)<script[^>]*>\\n?").matcher(html);
        while (m.find()) {
            tags.add(m.group());
        }
        assertTrue(tags.size() <= 4, "script elements: " + tags);
        tags.forEach(t -> assertTrue(OWN_SCRIPT_TAG.matcher(t).matches(), "a script element jvmmark did not write: " + t));
        var tag = TAG.matcher(SCRIPT_ELEMENT.matcher(html).replaceAll(""));
        while (tag.find()) {
            var attribute = ATTRIBUTE.matcher(tag.group(1));
            while (attribute.find()) {
                String name = attribute.group(1).toLowerCase(Locale.ROOT);
                String value = attribute.group(2) == null ? ""
                        : attribute.group(2).replaceAll("^[\"']|[\"']$", "").strip().toLowerCase(Locale.ROOT);
                assertFalse(name.startsWith("on"), "an event handler attribute in the page: " + tag.group());
                assertFalse(URL_ATTRIBUTES.contains(name) && SCRIPT_SCHEME.matcher(value).find(), "a script URL in the page: " + tag.group());
            }
        }
    }

    private static void assertOneLineOrNone(Cli.Result r) {
        assertTrue(EXITS.contains(r.status()), "exit status " + r.status() + ": " + r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("\tat "), r.err());
        if (r.status() == 2) {
            assertOneLine(r.err().strip().lines().filter(l -> !l.startsWith("see: jvmmark")).reduce("", (x, y) -> x + y + "\n").strip());
        }
    }

    private static void assertOneLine(String message) {
        assertTrue(message != null && !message.isBlank() && message.strip().lines().count() == 1, "not one line: " + message);
    }

    private static Path fresh(String target) throws IOException {
        Path dir = WORK.resolve(target);
        SafeTree.delete(dir);
        return Files.createDirectories(dir);
    }

    private static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(TreeSet::new, Set::add, Set::addAll);
        }
    }
}
