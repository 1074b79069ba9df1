package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.results.ResultsWriter;

/** The trend page's rows as HTML, without a browser (TrendPageInBrowserTest opens one). */
class TrendPageTest {
    @TempDir
    Path dir;

    private HistoryStore store() throws Exception {
        return new HistoryStore(HistoryDatabase.of(dir.resolve("history.db").toString()).open());
    }

    private String page(HistoryStore store) throws Exception {
        EDivisive detector = new EDivisive(50, 0.001, 0.05);
        Path file = dir.resolve("history.html");
        TrendPage.write(file, store.series(), store.points(), store.acceptedFrom(), new HistoryCheck(detector),
                new HistoryJudge(detector, 0.05));
        return Files.readString(file);
    }

    /** Seven runs of three forks: a score near 1000 ops/s that drops 20 % at the fourth run, confirmed by the three after it. */
    private static HistoryStore.StoredSeries stepDown(HistoryStore store) throws Exception {
        double[][] runs = {{1000, 1010, 990}, {1005, 995, 1000}, {998, 1002, 1000}, {800, 808, 792}, {804, 796, 800}, {801, 799, 800},
            {802, 798, 800}};
        for (int r = 0; r < runs.length; r++) {
            store.importRun(HistoryStoreContract.run("2026-02-0" + (r + 1) + "T00:00:00Z", runs[r]), "m", null);
        }
        return store.series().get(0);
    }

    private static String row(String page, long id) {
        Matcher m = Pattern.compile("<tr class=\"series\" id=\"s" + id + "\".*?</tr>", Pattern.DOTALL).matcher(page);
        assertTrue(m.find(), "no row for series " + id);
        return m.group();
    }

    @Test
    void shouldSayTheChangeSinceTheFirstRunInWordsAndTheValueInReadableUnits() throws Exception {
        HistoryStore store = store();
        HistoryStore.StoredSeries s = stepDown(store);
        String row = row(page(store), s.id());
        assertTrue(row.contains(">800 ops/s<"), row);
        assertTrue(row.contains("<span class=\"bad\">20 % slower (95 % CI "), "the check's call, with its interval: " + row);
        assertTrue(row.contains("vs the first run"), row);
        assertTrue(row.contains("run 4 (2026-02-04): 20 % slower"), "the change point: " + row);
        assertTrue(row.contains("regression since run 4"), "the check's verdict: " + row);
        assertFalse(row.contains("-20"), "a bare sign: " + row);
    }

    @Test
    void shouldMeasureFromTheAcceptedRunOnceAChangeIsAccepted() throws Exception {
        HistoryStore store = store();
        HistoryStore.StoredSeries s = stepDown(store);
        long fourth = store.points().get(s.id()).get(3).runId();
        store.accept(s.id(), fourth);
        String row = row(page(store), s.id());
        assertTrue(row.contains("vs accepted run " + fourth), row);
        assertTrue(row.contains("<span class=\"same\""), "not coloured: " + row);
        assertTrue(row.contains(">cannot tell</span>"), "four runs since the accepted one are no baseline and newest level yet: " + row);
        assertFalse(row.contains("regression since"), "accepted: no verdict of regression any more: " + row);
    }

    @Test
    void shouldColourOnlyWhatTheCheckCalls() throws Exception {
        // The case: two runs, the second 6.1 % slower — past 5 % as a bare ratio, but nothing the judge can call.
        HistoryStore store = store();
        store.importRun(HistoryStoreContract.run("2026-03-01T00:00:00Z", 1000, 1010, 990), "m", null);
        store.importRun(HistoryStoreContract.run("2026-03-02T00:00:00Z", 939, 950, 928), "m", null);
        String row = row(page(store), store.series().get(0).id());
        assertFalse(row.contains("class=\"bad\""), "a bare ratio is not a regression: " + row);
        assertTrue(row.contains(">cannot tell</span>"), row);
        assertTrue(row.contains("4 more runs would tell"), row);
    }

    /** A run of one fork of workload {@code workload} at {@code rate}: a series apart from {@link #stepDown}'s. */
    private static Results other(String created, String workload, int rate) throws Exception {
        String json = "{\"id\":\"" + workload + "/rate" + rate + "\",\"workload\":\"" + workload + "\",\"status\":\"ok\",\"fork\":1,"
                + "\"params\":{\"rate\":" + rate + "},\"jvm\":{\"vendor\":\"Eclipse Adoptium\",\"version\":\"25.0.1\",\"feature\":25},"
                + "\"variant\":\"default\",\"variantJvmArgs\":[],\"metrics\":{\"score\":{\"value\":1900,\"unit\":\"ops/s\",\"better\":\"higher\"}}}";
        return Results.started(created, "quick", Map.of("hostname", "h", "cpuModel", "c"), Map.of())
                .with(ResultsReader.trial(new ObjectMapper().readTree(json)), created);
    }

    @Test
    void shouldSayNoRunCameSinceTheAcceptedBaselineRatherThanMeasureFromTheFirstRun() throws Exception {
        HistoryStore store = store();
        HistoryStore.StoredSeries s = stepDown(store);
        store.importRun(other("2026-02-08T00:00:00Z", "w", 2000), "m", null);
        HistoryStore.StoredSeries later = store.series().stream().filter(x -> x.id() != s.id()).findFirst().orElseThrow();
        store.accept(s.id(), store.points().get(later.id()).get(0).runId());
        String page = page(store);
        String row = row(page, s.id());
        assertTrue(row.contains("no run since the accepted baseline"), row);
        assertFalse(row.contains("vs accepted run"), row);
        assertFalse(row.contains("class=\"base\""), "no dashed baseline in the sparkline: " + row);
        Matcher chart = Pattern.compile("\"" + s.id() + "\":\\{[^}]*?\"marks\":\\[[^\\]]*\\]([^}]*)\\}").matcher(page);
        assertTrue(chart.find(), page);
        assertFalse(chart.group(1).contains("baseline"), "no baseline in the chart's data: " + chart.group());
    }

    @Test
    void shouldNeitherCountNorGroupASeriesWithoutPoints() throws Exception {
        HistoryStore store = store();
        HistoryStore.StoredSeries s = stepDown(store);
        store.importRun(other("2026-02-08T00:00:00Z", "v", 2000), "m", null);
        HistoryStore.StoredSeries empty = store.series().stream().filter(x -> x.id() != s.id()).findFirst().orElseThrow();
        Map<Long, java.util.List<HistoryStore.Point>> points = new java.util.HashMap<>(store.points());
        points.remove(empty.id());
        EDivisive detector = new EDivisive(50, 0.001, 0.05);
        String page = TrendPage.html(store.series(), points, Map.of(), new HistoryCheck(detector), new HistoryJudge(detector, 0.05));
        assertTrue(page.contains("<p class=\"summary\">1 series in 1 group over 7 runs"), page);
        assertFalse(page.contains("data-group=\"v\""), "no header for a group without rows: " + page);
        assertTrue(page.contains("data-group=\"w\""), page);
    }

    /**
     * A run of {@code stepDown}'s row on a host of {@code cpuModel}, its score in {@code unit}, written to its own directory
     * as a run leaves it.
     */
    private void onHost(HistoryStore store, String created, String cpuModel, String unit, double... scores) throws Exception {
        Results r = Results.started(created, "quick", Map.of("hostname", "h", "cpuModel", cpuModel), Map.of());
        for (int f = 0; f < scores.length; f++) {
            String json = "{\"id\":\"w/fork" + (f + 1) + "\",\"workload\":\"w\",\"status\":\"ok\",\"fork\":" + (f + 1)
                    + ",\"params\":{\"rate\":1000},\"jvm\":{\"vendor\":\"Eclipse Adoptium\",\"version\":\"25.0.1\",\"feature\":25},"
                    + "\"variant\":\"default\",\"variantJvmArgs\":[],\"metrics\":{\"score\":{\"value\":" + scores[f]
                    + ",\"unit\":\"" + unit + "\",\"better\":\"higher\"}}}";
            r = r.with(ResultsReader.trial(new ObjectMapper().readTree(json)), created);
        }
        Path run = Files.createDirectories(dir.resolve(created.substring(0, 10)));
        ResultsWriter.write(r, run.resolve("results.json"));
        store.importRun(r, "ci", run);
    }

    @Test
    void shouldMarkRunsOfAnotherHostAndNotJudgeThemAgainstTheBaseline() throws Exception {
        // Issue 48: one machine label for every hosted runner (--machine ci); the last 5 of 10 nights ran on another CPU
        // model and the figure stayed flat — a faster runner can hide a slowdown. history check refuses to judge them
        // against the baseline; before, the page drew them as the series' own and said "no difference".
        HistoryStore store = store();
        for (int night = 1; night <= 10; night++) {
            double k = 1 + 0.002 * (night * 3 % 5 - 2);
            onHost(store, String.format("2026-03-%02dT00:00:00Z", night), night <= 5 ? "Intel Xeon 8375C" : "AMD EPYC 9R14",
                    "ops/s", 1000 * k, 1004 * k, 996 * k);
        }
        HistoryStore.StoredSeries s = store.series().get(0);
        String row = row(page(store), s.id());
        assertFalse(row.contains("no difference"), row);
        assertTrue(row.contains(">cannot tell</span>"), row);
        assertTrue(row.contains("<div class=\"verdict unsure\">cannot tell<div class=\"muted\">another host: the CPU model differs"
                + " (baseline: Intel Xeon 8375C, newest: AMD EPYC 9R14)"), "history check's verdict and reason: " + row);
        long sixth = store.points().get(s.id()).get(5).runId();
        assertTrue(row.contains("<div class=\"apart\" title=\"run " + sixth + ": another host: the CPU model differs (baseline:"
                + " Intel Xeon 8375C, run " + sixth + ": AMD EPYC 9R14)"), "the runs marked, each with why: " + row);
        assertTrue(row.contains(">5 runs are not comparable with the baseline, run " + sixth + ": another host: "), row);
        assertEquals(5, row.split("<circle class=\"apart\"", -1).length - 1, "a ring on each of them: " + row);
    }

    @Test
    void shouldDrawARunRecordedInAnotherUnitOneScaleApartInTheSeriesUnit() throws Exception {
        // The series was first stored in ops/s; a later version recorded the same speed in ops/ms. Before, the page drew
        // 1 ops/s against 1,000: a thousandfold fall that history check itself (which brings runs to one unit) never saw.
        HistoryStore store = store();
        for (int night = 1; night <= 8; night++) {
            double k = (night <= 5 ? 1 : 0.001) * (1 + 0.002 * (night * 3 % 5 - 2));
            onHost(store, String.format("2026-04-%02dT00:00:00Z", night), "c", night <= 5 ? "ops/s" : "ops/ms",
                    1000 * k, 1004 * k, 996 * k);
        }
        String row = row(page(store), store.series().get(0).id());
        assertTrue(row.matches("(?s).*<td class=\"num\">1\\d\\d\\d ops/s<.*"), "the latest run in the series' unit: " + row);
        assertTrue(row.contains(">no difference (within ±5 %)</span>"), "judged in one unit, as history check judges it: " + row);
    }

    @Test
    void shouldNameTheParametersThatDifferOnceAboveTheirRows() throws Exception {
        HistoryStore store = store();
        store.importRun(HistoryStoreContract.run("2026-02-01T00:00:00Z", 1000, 1001, 999), "m", null);
        String json = "{\"id\":\"w/rate2000\",\"workload\":\"w\",\"status\":\"ok\",\"fork\":1,\"params\":{\"rate\":2000},"
                + "\"jvm\":{\"vendor\":\"Eclipse Adoptium\",\"version\":\"25.0.1\",\"feature\":25},\"variant\":\"default\","
                + "\"variantJvmArgs\":[],\"metrics\":{\"score\":{\"value\":1900,\"unit\":\"ops/s\",\"better\":\"higher\"}}}";
        Results r = Results.started("2026-02-02T00:00:00Z", "quick", Map.of("hostname", "h", "cpuModel", "c"), Map.of())
                .with(ResultsReader.trial(new ObjectMapper().readTree(json)), "2026-02-02T00:00:00Z");
        store.importRun(r, "m", null);
        String page = page(store);
        assertTrue(page.contains("<tr class=\"params-head\"><td colspan=\"6\">rate=1000</td></tr>"), page);
        assertTrue(page.contains("<tr class=\"params-head\"><td colspan=\"6\">rate=2000</td></tr>"), page);
        assertTrue(page.contains("<td class=\"label\">Temurin 25.0.1 · default</td>"), "the label is JVM · variant: " + page);
    }

    @Test
    void shouldLetALongFigureNameBreakBetweenItsWordsNotInsideThem() {
        assertEquals("hello.<wbr>cold<wbr>Startup<wbr>Ms", TrendPage.breakable("hello.coldStartupMs"));
        assertEquals("end<wbr>To<wbr>End p99.9", TrendPage.breakable("endToEnd p99.9"), "never inside a number");
    }

    @Test
    void shouldAddWhichWayIsBetterWhereTheWordsDoNotSayIt() {
        assertEquals("12 % slower", TrendPage.changeWords("ns", 1.12, true));
        assertEquals("12 % higher, worse", TrendPage.changeWords("", 1.12, true));
        assertEquals("9.0 % lower, better", TrendPage.changeWords("x", 0.91, false));
        assertEquals("same", TrendPage.changeWords("", 1.0, false));
    }
}
