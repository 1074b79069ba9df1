package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.jvmmark.testkit.DumpedDom.attribute;
import static org.jvmmark.testkit.DumpedDom.bodyTag;
import static org.jvmmark.testkit.DumpedDom.count;
import static org.jvmmark.testkit.DumpedDom.unescape;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jvmmark.testkit.Chromium;
import org.jvmmark.testkit.OutsideTool;

/**
 * Issue 23's test: the trend page of a history of {@value TrendHistory#SERIES} series, opened in Debian's
 * headless Chromium at 1,280 px with the planted regression's chart open ("#series=&lt;id&gt;" clicks its row, as a
 * reader would). Artefacts stay under {@code history/target/browser/}: the page and {@code trend-1280.png}.
 */
class TrendPageInBrowserTest {
    static final Path WORK = Path.of("target/browser");
    static final int WIDTH = 1280;
    static final int HEIGHT = 1000;

    private static Path page;
    private static HistoryStore.StoredSeries regressed;
    private static String dom;
    private static String body;
    private static Chromium.Output out;

    @BeforeAll
    static void renderAndOpen() throws Exception {
        OutsideTool.require("chromium", Chromium.BINARY);
        Files.createDirectories(WORK);
        Path dir = Files.createTempDirectory(WORK.toAbsolutePath(), "trend");
        HistoryStore store = new HistoryStore(HistoryDatabase.of(dir.resolve("history.db").toString()).open());
        regressed = TrendHistory.fill(store);
        page = dir.resolve("history.html");
        EDivisive detector = new EDivisive(50, 0.001, 0.05);
        TrendPage.write(page, store.series(), store.points(), store.acceptedFrom(), new HistoryCheck(detector),
                new HistoryJudge(detector, 0.05));
        out = new Chromium(WORK).dumpDom(page, "#series=" + regressed.id(), WIDTH, HEIGHT);
        dom = out.stdout();
        body = bodyTag(dom);
        assertEquals("true", attribute(body, "data-done"), "trend.js did not finish: " + body + "\n" + out.stderr());
        assertEquals("[]", unescape(attribute(body, "data-errors")), "errors in the page");
    }

    @Test
    void shouldListEverySeriesAsOneRowOfOneTable() {
        assertEquals(1, count(dom, "<table"), "one table");
        assertEquals(TrendHistory.SERIES, count(dom, "<tr class=\"series"), "rows");
        assertEquals(String.valueOf(TrendHistory.SERIES), attribute(body, "data-rows"), "rows shown");
        assertEquals(0, count(dom, "<canvas") - 1, "one chart, the one clicked: charts are drawn on demand");
    }

    @Test
    void shouldFitA1280PixelWindowWithNoTitleOrCellWiderThanItsBox() {
        int scrollWidth = Integer.parseInt(attribute(body, "data-scroll-width"));
        assertTrue(scrollWidth <= WIDTH, "the page is " + scrollWidth + " px wide at a " + WIDTH + " px window");
        assertEquals("[]", unescape(attribute(body, "data-too-wide")), "cells or chart titles wider than their box");
    }

    @Test
    void shouldDrawTheChartOfAClickedRowWithAReadableTitleAndAxis() {
        assertEquals("1", attribute(body, "data-charts-open"));
        assertEquals("1", attribute(body, "data-charts-drawn"), "the chart's canvas is blank");
        assertTrue(dom.contains("<canvas id=\"chart-" + regressed.id() + "\""), "no canvas for the clicked series");
        Matcher title = Pattern.compile("<h3 class=\"chart-title\">([^<]*)</h3>").matcher(dom);
        assertTrue(title.find(), "no chart title");
        assertEquals("score of chat · Temurin 25.0.1 · default [G1] · connections=1000 (k msg/s, higher is better)",
                title.group(1).replace("&amp;", "&"));
    }

    @Test
    void shouldSayTheRegressionInWordsAndValuesInReadableUnits() {
        String row = rowOf(regressed.id());
        assertTrue(row.contains("k msg/s"), row);
        assertTrue(Pattern.compile("1[0-9] % slower").matcher(row).find(), "the change since the first run in words: " + row);
        assertTrue(row.contains("regression since run"), "history check's verdict: " + row);
        // the startup probe's p50 near 550,000,000 ns reads in ms, and no number anywhere is written with grouping commas
        assertTrue(Pattern.compile(">5[0-9]{2} ms<").matcher(dom).find(), "startup p50 in ms");
        assertFalse(Pattern.compile(">[0-9]{1,3}(,[0-9]{3})+").matcher(dom).find(), "a number with thousands separators");
        assertFalse(Pattern.compile(">[+−-][0-9.]+ ?%").matcher(dom).find(), "a bare signed change");
    }

    @Test
    void shouldKeepAScreenshotAt1280Pixels() throws Exception {
        Path png = WORK.resolve("trend-1280.png");
        new Chromium(WORK).screenshot(page, "#series=" + regressed.id(), png, WIDTH, HEIGHT);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(WIDTH, image.getWidth(), "screenshot width");
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight() && colours.size() < 50; y += 7) {
            for (int x = 0; x < WIDTH; x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() >= 50, png + " is nearly blank (" + colours.size() + " colours)");
    }

    private static String rowOf(long id) {
        Matcher m = Pattern.compile("<tr class=\"series[^\"]*\" id=\"s" + id + "\".*?</tr>", Pattern.DOTALL).matcher(dom);
        assertTrue(m.find(), "no row for series " + id);
        return m.group();
    }
}
