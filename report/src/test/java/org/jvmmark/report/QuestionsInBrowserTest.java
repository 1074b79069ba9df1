package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jvmmark.report.Report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jvmmark.testkit.Chromium;
import org.jvmmark.testkit.OutsideTool;
import org.jvmmark.report.model.Column;

/**
 * The platform-vs-virtual http report (known-truth fixture, {@link HttpQuestionFixture#json()}) in
 * Debian's headless Chromium at 1,280 × 800: the question's answer lines are on the first screen, and no
 * chart is of an untrusted figure or of a closed loop's percentile. The first screen is kept as
 * {@code report/target/browser/screenshots/questions-first-screen.png}.
 */
class QuestionsInBrowserTest {
    private static final Path WORK = Path.of("target/browser");
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;
    private static String dom;
    private static String body;
    /** The page's body tag with every {@code <details>} open ("#all"). */
    private static String unfolded;

    @BeforeAll
    static void renderAndOpen() throws Exception {
        OutsideTool.require("chromium", Chromium.BINARY);
        Files.createDirectories(WORK.resolve("screenshots"));
        Path dir = Golden.copyFixture("http-questions", Files.createTempDirectory(WORK, "questions"));
        Report.render(dir);
        Path page = dir.resolve("report.html");
        Chromium chromium = new Chromium(WORK);
        Chromium.Output out = chromium.dumpDom(page, "", WIDTH, HEIGHT);
        dom = out.stdout();
        Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
        assertTrue(m.find(), "no <body> in the dumped DOM");
        body = m.group();
        assertEquals("true", attribute("data-done"), "report.js did not finish: " + body + "\n" + out.stderr());
        chromium.screenshot(page, "", WORK.resolve("screenshots/questions-first-screen.png"), WIDTH, HEIGHT);
        Matcher all = Pattern.compile("<body[^>]*>").matcher(chromium.dumpDom(page, "#all", WIDTH, HEIGHT).stdout());
        assertTrue(all.find(), "no <body> in the unfolded page");
        unfolded = all.group();
    }

    @Test
    void shouldFitA1280PixelWindowWithEveryMetricOfTheHttpDriverUnfolded() {
        // Issue 23: the http metrics table was wider than 1,280 px.
        Matcher m = Pattern.compile("data-scroll-width=\"(\\d+)\"").matcher(unfolded);
        assertTrue(m.find(), "report.js recorded no scroll width: " + unfolded);
        int scrollWidth = Integer.parseInt(m.group(1));
        assertTrue(scrollWidth <= WIDTH, "document.documentElement.scrollWidth is " + scrollWidth + " px at a " + WIDTH + " px window");
    }

    @Test
    void shouldShowTheQuestionLinesOnTheFirstScreen() {
        double bottom = Double.parseDouble(attribute("data-answers-bottom"));
        assertTrue(bottom > 0 && bottom <= HEIGHT, "the questions' fold ends at " + bottom + " px, below the first screen");
        Matcher group = Pattern.compile("<li class=\"answer-group\">(.*?)<ul>", Pattern.DOTALL).matcher(dom);
        List<String> groups = new ArrayList<>();
        while (group.find()) {
            groups.add(group.group(1));
        }
        assertEquals(List.of("Temurin 21.0.8 · tomcat: virtual against platform", "Temurin 25.0.1 · tomcat: virtual against platform",
                "tomcat-platform", "tomcat-virtual"), groups, "one group per JVM for the pairs, one per thread model for the ranking");
        Matcher li = Pattern.compile("<li class=\"answer\">(.*?)</li>", Pattern.DOTALL).matcher(dom);
        List<String> lines = new ArrayList<>();
        while (li.find()) {
            lines.add(li.group(1));
        }
        assertEquals(12, lines.size(), "one line per figure, and one for the figures not featured: " + lines);
        assertTrue(lines.get(4).startsWith("hold latency virtual 1.1 s, platform 3.01 s: virtual 2.7× faster"), lines.get(4));
        assertTrue(dom.indexOf("id=\"verdict-table\"") < dom.indexOf("id=\"answers\""),
                "Who won first, one line per question; every figure of each question folded right under it");
    }

    @Test
    void shouldDrawNoChartOfAnUntrustedOrClosedLoopFigure() throws Exception {
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"jvmmark-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(dom);
        assertTrue(data.find(), "no chart data");
        JsonNode charts = new ObjectMapper().readTree(data.group(1).replace("&lt;", "<").replace("&gt;", ">")
                .replace("&quot;", "\"").replace("&amp;", "&")).get("charts");
        assertTrue(charts.size() > 0, "the question's figures are drawn");
        for (JsonNode c : charts) {
            assertTrue(!c.has("trusted") || c.get("trusted").asBoolean(), "a chart of an untrusted figure: " + c.get("title"));
            String title = c.path("title").asText();
            assertTrue(!title.contains(Column.NOT_CORRECTED) && !title.matches(".*— (p[0-9.]+|worst) latency.*"),
                    "a chart of the closed loop's latency: " + title);
            // Issue 23: "serverRssPerHeldRequest" as a chart title; the workload's figures read as words.
            assertTrue(!title.matches(".*[a-z][A-Z].*"), "a raw metric name in a chart title: " + title);
        }
        assertTrue(charts.get(0).path("title").asText().toLowerCase(java.util.Locale.ROOT).contains("hold"),
                "the question's headline figure is drawn first: " + charts.get(0).get("title"));
    }

    private static String attribute(String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(body);
        return m.find() ? m.group(1) : "(no " + name + " in " + body + ")";
    }
}
