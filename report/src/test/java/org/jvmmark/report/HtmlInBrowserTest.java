package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.jvmmark.testkit.OutsideTool;
import org.junit.jupiter.api.Test;

/**
 * Opens the rendered report in Debian's headless Chromium. Artefacts stay under
 * {@code report/target/browser/}: the page, and {@code report-screenshot.png}.
 */
class HtmlInBrowserTest {
    static final Path WORK = Path.of("target/browser");

    @BeforeAll
    static void requireChromium() throws IOException {
        OutsideTool.require("chromium", Chromium.BINARY);
        Files.createDirectories(WORK);
    }

    @Test
    void shouldDrawEveryChartWithoutConsoleErrors() throws Exception {
        Path dir = Golden.copyFixture("baseline", Files.createTempDirectory(WORK, "report"));
        Report.render(dir);
        Path page = dir.resolve("report.html");
        String html = Files.readString(page);
        int canvases = count(html, "<canvas id=\"chart-");
        assertTrue(canvases >= 10, "expected charts for every workload, found " + canvases);

        Chromium.Output out = new Chromium(WORK).dumpDom(page);
        String body = bodyTag(out.stdout());
        assertEquals("true", attribute(body, "data-done"), "report.js did not finish: " + body + "\n" + out.stderr());
        assertEquals("[]", attribute(body, "data-errors").replace("&quot;", "\""), "errors in the page");
        assertEquals(String.valueOf(canvases), attribute(body, "data-charts-expected"));
        assertEquals(String.valueOf(canvases), attribute(body, "data-charts-drawn"), "charts left blank");
        List<String> console = out.stderr().lines().filter(l -> l.contains("CONSOLE")).toList();
        assertEquals(List.of(), console, "console messages");

        Path png = Path.of("target/report-screenshot.png");
        Files.deleteIfExists(png);
        new Chromium(WORK).screenshot(page, png, 1300, 7000);
        assertTrue(Files.size(png) > 50_000, "screenshot missing or blank: " + png);
    }

    @Test
    void shouldOpenTheComparisonPageWithoutErrors() throws Exception {
        Path tmp = Files.createTempDirectory(WORK, "compare");
        Path page = tmp.resolve("compare.html");
        Compare.compare(Golden.copyFixture("baseline", tmp), Golden.copyFixture("regressed", tmp), 0.05, page,
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        Chromium.Output out = new Chromium(WORK).dumpDom(page);
        String body = bodyTag(out.stdout());
        assertEquals("true", attribute(body, "data-done"), body + "\n" + out.stderr());
        assertEquals("[]", attribute(body, "data-errors").replace("&quot;", "\""));
        assertEquals(attribute(body, "data-charts-expected"), attribute(body, "data-charts-drawn"));
        assertTrue(out.stdout().contains("regressed"), "the page names the regression");
        new Chromium(WORK).screenshot(page, Path.of("target/compare-screenshot.png"), 1300, 2400);
    }

    private static String bodyTag(String dom) {
        Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
        assertTrue(m.find(), "no <body> in the dumped DOM");
        return m.group();
    }

    private static String attribute(String tag, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(tag);
        return m.find() ? m.group(1) : "(no " + name + " in " + tag + ")";
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
