package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jvmmark.testkit.DumpedDom.attribute;
import static org.jvmmark.testkit.DumpedDom.bodyTag;
import static org.jvmmark.testkit.DumpedDom.unescape;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.render.HtmlRenderer;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.testkit.Chromium;
import org.jvmmark.testkit.OutsideTool;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.render.OutputFile;

/**
 * A report rendered from a results.json someone else wrote, opened in Debian's headless Chromium: a flame graph
 * "path" that is a {@code javascript:} URL must not become a link, and a JVM label holding {@code <!--<script>}
 * (which, left in the page's data block, swallows the rest of the page so the charts vanish) must leave every chart
 * drawn and no error. The page's policy must let only its own scripts run.
 */
class UntrustedPageInBrowserTest {
    static final String SCRIPT_URL = "javascript:document.body.setAttribute('data-pwned','yes')";
    static final String VENDOR = "Evil<!--<script>";

    private static String page;
    private static String dom;
    private static String body;

    @BeforeAll
    static void renderAndOpen() throws Exception {
        OutsideTool.require("chromium", Chromium.BINARY);
        Path work = Path.of("target/browser");
        Files.createDirectories(work);
        Path dir = Golden.copyFixture("instruments", Files.createTempDirectory(work, "untrusted"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(dir.resolve("results.json").toFile());
        root.get("trials").forEach(t -> {
            ObjectNode jvm = (ObjectNode) t.get("jvm");
            if (jvm.get("version").asText().startsWith("11")) {
                jvm.put("vendor", VENDOR);
            }
            ((ObjectNode) t.get("instruments").get("asyncProfiler")).put("flameGraph", SCRIPT_URL);
        });
        json.writeValue(dir.resolve("results.json").toFile(), root);
        Path html = dir.resolve("report.html");
        page = HtmlRenderer.render(ModelBuilder.build(ResultsReader.readDir(dir)));
        OutputFile.writeAtomically(html, page);
        Chromium.Output out = new Chromium(work).dumpDom(html, "#all", 1280, 800);
        dom = out.stdout();
        body = bodyTag(dom);
        assertEquals("true", attribute(body, "data-done"), "report.js did not finish: " + body + "\n" + out.stderr());
    }

    @Test
    void shouldShowAnUnsafeInstrumentPathAsTextNotALink() {
        assertTrue(page.contains(HtmlRenderer.esc(VENDOR)), "the label is on the page, escaped");
        assertTrue(page.contains("Evil\\u003c!--\\u003cscript"), "the label is in the chart data, escaped");
        assertFalse(dom.contains("href=\"javascript:"), "a javascript: URL became a link");
        assertTrue(dom.contains("flame graph (javascript:"), "the path is shown as text");
    }

    @Test
    void shouldKeepEveryChartWithACommentOpenerInALabel() {
        assertFalse(page.contains("<!--<script>"), "the label reached the page unescaped");
        assertEquals("[]", unescape(attribute(body, "data-errors")), "errors in the page");
        String expected = attribute(body, "data-charts-expected");
        assertTrue(Integer.parseInt(expected) > 0, "the page has charts");
        assertEquals(expected, attribute(body, "data-charts-drawn"), "charts left blank");
    }

    @Test
    void shouldLetOnlyItsOwnScriptsRun() {
        assertFalse(page.contains("'unsafe-inline'; style-src") && page.contains("script-src 'unsafe-inline'"),
                "the policy allows every inline script");
        assertTrue(page.contains("script-src 'sha256-"), "the policy names the page's scripts by hash");
    }
}
