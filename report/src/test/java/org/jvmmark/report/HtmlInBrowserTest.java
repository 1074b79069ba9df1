package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jvmmark.testkit.DumpedDom.attribute;
import static org.jvmmark.testkit.DumpedDom.bodyTag;
import static org.jvmmark.testkit.DumpedDom.count;
import static org.jvmmark.testkit.DumpedDom.unescape;

import org.jvmmark.report.Compare;
import org.jvmmark.report.Report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.Trial;
import org.junit.jupiter.api.BeforeAll;
import org.jvmmark.testkit.Chromium;
import org.jvmmark.testkit.OutsideTool;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.render.HtmlRenderer;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.render.OutputFile;

/**
 * Opens the rendered report (baseline fixture with {@link HeadlineFixtures}' verdicts) in Debian's
 * headless Chromium at 1,280 × 800. Artefacts stay under {@code report/target/browser/}: the page,
 * and in {@code screenshots/} the first screen and each workload's section as a reader sees them.
 */
class HtmlInBrowserTest {
    static final Path WORK = Path.of("target/browser");
    static final Path SCREENSHOTS = WORK.resolve("screenshots");
    static final int WIDTH = 1280;
    static final int HEIGHT = 800;

    private static Path page;
    private static Results results;
    /** The page's body tag after report.js ran with every {@code <details>} open ("#all"). */
    private static String body;
    private static String dom;

    @BeforeAll
    static void renderAndOpen() throws Exception {
        OutsideTool.require("chromium", Chromium.BINARY);
        Files.createDirectories(SCREENSHOTS);
        Path dir = Golden.copyFixture("showcase", Files.createTempDirectory(WORK, "report"));
        results = ResultsReader.readDir(dir);
        page = dir.resolve("report.html");
        OutputFile.writeAtomically(page, HtmlRenderer.render(HeadlineFixtures.withHeadlines(ModelBuilder.build(results))));
        Chromium.Output out = new Chromium(WORK).dumpDom(page, "#all", WIDTH, HEIGHT);
        dom = out.stdout();
        body = bodyTag(dom);
        assertEquals("true", attribute(body, "data-done"), "report.js did not finish: " + body + "\n" + out.stderr());
        assertEquals("[]", unescape(attribute(body, "data-errors")), "errors in the page");
        assertEquals(List.of(), out.stderr().lines().filter(l -> l.contains("CONSOLE")).toList(), "console messages");
    }

    @Test
    void shouldDrawEveryChart() throws IOException {
        int canvases = count(Files.readString(page), "<canvas id=\"chart-");
        assertTrue(canvases >= 10, "expected charts for every workload, found " + canvases);
        assertEquals(String.valueOf(canvases), attribute(body, "data-charts-expected"));
        assertEquals(String.valueOf(canvases), attribute(body, "data-charts-drawn"), "charts left blank");
    }

    @Test
    void shouldDrawEachJvmInOneColourAndMarkerOfItsOwnAcrossAllCharts() throws IOException {
        JsonNode styles = new ObjectMapper().readTree(unescape(attribute(body, "data-chart-styles")));
        assertTrue(styles.size() >= 10, "styles recorded for " + styles.size() + " charts");
        Map<Integer, String> styleOfJvm = new HashMap<>();
        styles.fields().forEachRemaining(chart -> {
            Map<String, Integer> jvmOfColour = new HashMap<>();
            for (JsonNode item : chart.getValue()) {
                int jvm = item.get(0).asInt();
                String style = item.get(1).asText() + " " + item.get(2).asText();
                Integer other = jvmOfColour.putIfAbsent(item.get(1).asText(), jvm);
                assertTrue(other == null || other == jvm, chart.getKey() + ": two JVMs share colour " + item.get(1).asText());
                String before = styleOfJvm.putIfAbsent(jvm, style);
                assertTrue(before == null || before.equals(style), "JVM " + jvm + " drawn as " + before + " and as " + style);
            }
        });
        assertEquals(2, new HashSet<>(styleOfJvm.values()).size(), "two JVMs in the fixture, two styles: " + styleOfJvm);
    }

    @Test
    void shouldFitA1280PixelWindowWithoutSidewaysScrollingWithEverythingUnfolded() {
        int scrollWidth = Integer.parseInt(attribute(body, "data-scroll-width"));
        assertTrue(scrollWidth <= WIDTH, "the page is " + scrollWidth + " px wide at a " + WIDTH + " px window");
    }

    @Test
    void shouldShowTheVerdictTableOnTheFirstScreenConsistentWithTheResults() {
        int bottom = (int) Double.parseDouble(attribute(body, "data-verdict-bottom"));
        assertTrue(bottom > 0 && bottom <= HEIGHT, "the verdict table ends at " + bottom + " px, below the first screen");
        Matcher table = Pattern.compile("<table class=\"verdict-table\".*?</table>", Pattern.DOTALL).matcher(dom);
        assertTrue(table.find(), "no verdict table");
        assertTrue(dom.indexOf("verdict-table") < dom.indexOf("<section"), "the verdict table comes before the workloads");
        Set<String> workloads = new LinkedHashSet<>();
        results.trials().forEach(t -> workloads.add(t.workload()));
        Set<String> lines = new LinkedHashSet<>();
        Matcher row = Pattern.compile("<tr class=\"([a-z-]+)\" data-workload=\"([^\"]+)\">(.*?)</tr>", Pattern.DOTALL).matcher(table.group());
        Map<String, String> notRunCells = new HashMap<>();
        while (row.find()) {
            lines.add(row.group(2));
            notRunCells.merge(row.group(2), row.group(3), String::concat);
        }
        assertEquals(workloads, lines, "one verdict line (or more) per workload in results.json, in its order");
        for (Trial t : results.trials()) {
            if (!t.ok()) {
                String cells = notRunCells.get(t.workload());
                assertTrue(cells.contains(": " + t.outcome().trialStatus().json()), t.id() + " (" + t.outcome().trialStatus().json() + ") missing from the verdict's not-run cell: " + cells);
            }
        }
        assertTrue(table.group().contains("<td class=\"winner\">Temurin 25.0.1 · G1</td>"), table.group());
        assertTrue(table.group().contains("11 % slower (95 % CI 6.0–17 %)"), table.group());
        assertTrue(table.group().contains("<td class=\"winner\">no difference</td>"), table.group());
    }

    /**
     * Headless Chromium paints only the top of a page into a screenshot, so the whole page is taken
     * once, as tall as it is, and cut into 1,280 × 800 views where report.js says each section starts.
     */
    @Test
    void shouldKeepScreenshotsOfTheFirstScreenAndOfEachWorkload() throws Exception {
        Chromium chromium = new Chromium(WORK);
        Chromium.Output out = chromium.dumpDom(page, "", WIDTH, HEIGHT);
        String closed = bodyTag(out.stdout());
        int height = Integer.parseInt(attribute(closed, "data-page-height"));
        JsonNode tops = new ObjectMapper().readTree(unescape(attribute(closed, "data-section-tops")));
        Path whole = SCREENSHOTS.resolve("whole-page.png");
        chromium.screenshot(page, "", whole, WIDTH, height);
        BufferedImage image = ImageIO.read(whole.toFile());
        assertEquals(WIDTH, image.getWidth(), "screenshot width");
        crop(image, 0, SCREENSHOTS.resolve("0-first-screen.png"));
        int i = 1;
        for (String w : new LinkedHashSet<>(results.trials().stream().map(Trial::workload).toList())) {
            assertTrue(tops.has(w), "no section for " + w + " in " + tops);
            crop(image, Math.max(0, tops.get(w).asInt() - 16), SCREENSHOTS.resolve(i++ + "-" + w + ".png"));
        }
    }

    /** An 800 px high view from {@code top}; fails when it is blank (one colour). */
    private static void crop(BufferedImage image, int top, Path png) throws IOException {
        int y = Math.min(top, Math.max(0, image.getHeight() - HEIGHT));
        BufferedImage view = image.getSubimage(0, y, WIDTH, Math.min(HEIGHT, image.getHeight() - y));
        ImageIO.write(view, "png", png.toFile());
        Set<Integer> colours = new HashSet<>();
        for (int py = 0; py < view.getHeight() && colours.size() < 50; py += 7) {
            for (int px = 0; px < WIDTH; px += 7) {
                colours.add(view.getRGB(px, py));
            }
        }
        assertTrue(colours.size() >= 50, png + " is nearly blank (" + colours.size() + " colours)");
    }

    @Test
    void shouldOpenTheComparisonPageWithoutErrors() throws Exception {
        Path tmp = Files.createTempDirectory(WORK, "compare");
        Path compare = tmp.resolve("compare.html");
        Compare.compare(Golden.copyFixture("baseline", tmp), Golden.copyFixture("regressed", tmp), 0.05, compare,
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        Chromium.Output out = new Chromium(WORK).dumpDom(compare, "", WIDTH, HEIGHT);
        String b = bodyTag(out.stdout());
        assertEquals("true", attribute(b, "data-done"), b + "\n" + out.stderr());
        assertEquals("[]", unescape(attribute(b, "data-errors")));
        assertEquals(attribute(b, "data-charts-expected"), attribute(b, "data-charts-drawn"));
        assertTrue(out.stdout().contains("regressed"), "the page names the regression");
        new Chromium(WORK).screenshot(compare, "", SCREENSHOTS.resolve("compare.png"), WIDTH, HEIGHT);
    }
}
