package org.jvmmark.runner.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.history.HistoryStore;
import org.jvmmark.history.SeriesKey;

class HistoryListTest {
    private final List<HistoryStore.StoredSeries> series = new ArrayList<>();
    private final Map<Long, List<HistoryStore.Point>> points = new LinkedHashMap<>();

    private void add(String workload, String params, String jvm, String probe, String figure, String unit, double... forks) {
        long id = series.size() + 1;
        series.add(new HistoryStore.StoredSeries(id, new SeriesKey("m", workload, params, jvm, "G1", probe, figure), unit, false));
        points.put(id, List.of(new HistoryStore.Point(1, "2026-11-24T06:00:00Z", "/r", forks)));
    }

    @Test
    void shouldPrintOneLinePerGroupWithReadableUnitsAndOnlyTheParametersThatDiffer() {
        add("queue-latency", "rate=100000,runs=3", "Temurin 25.0.1", "endToEnd", "50", "ns", 320, 330, 325);
        add("queue-latency", "rate=100000,runs=3", "Temurin 25.0.1", "endToEnd", "99", "ns", 391_118_847, 391_118_847);
        add("queue-latency", "rate=50000,runs=3", "Temurin 25.0.1", "endToEnd", "50", "ns", 300);
        add("startup", "launches=10", "OpenJDK (Debian) 17.0.17", "", "hello.startupMs", "ms", 44.2);
        List<String[]> rows = HistoryList.rows(series, points, null, null, null);
        assertEquals(4, rows.size(), "a header and three groups");
        assertArrayEquals(new String[] {"queue-latency", "Temurin 25.0.1 · G1", "rate=100000", "1",
            "p50 latency 325 ns · p99 latency 391 ms", "1–2"}, rows.get(1));
        assertEquals("-", rows.get(3)[2], "a workload whose groups share their parameters shows none");
    }

    @Test
    void shouldShowTheFirstFiguresInReadableWordsAndCountTheRest() {
        add("http", "connections=1000", "Temurin 25.0.1", "", "errors", "errors", 0);
        add("http", "connections=1000", "Temurin 25.0.1", "", "holdLatencyMillis", "ms", 1100);
        add("http", "connections=1000", "Temurin 25.0.1", "", "requestsPerSecond", "req/s", 58_400);
        add("http", "connections=1000", "Temurin 25.0.1", "", "serverRssPerHeldRequest", "bytes", 83_251);
        add("http", "connections=1000", "Temurin 25.0.1", "", "serverRssSlope", "MiB per 1,000 connections", 80.8);
        add("http", "connections=1000", "Temurin 25.0.1", "endToEnd", "50", "ns", 13_300_000);
        List<String[]> rows = HistoryList.rows(series, points, null, null, null);
        assertEquals("hold latency 1.1 s · requests per second 58.4 k req/s · 4 more (--figure NAME)", rows.get(1)[4],
                "the counts of what went wrong come after the figures, and a line stops after two");
    }

    @Test
    void shouldFilterByWorkloadJdkAndFigure() {
        add("queue-latency", "rate=100000", "Temurin 25.0.1", "endToEnd", "50", "ns", 320);
        add("queue-latency", "rate=100000", "Temurin 21.0.8", "endToEnd", "99", "ns", 900);
        add("startup", "", "Temurin 25.0.1", "", "hello.startupMs", "ms", 44.2);
        assertEquals(2, HistoryList.rows(series, points, "queue-latency", null, null).size() - 1);
        assertEquals(2, HistoryList.rows(series, points, null, "25", null).size() - 1);
        assertEquals(1, HistoryList.rows(series, points, null, "21", null).size() - 1);
        assertEquals(1, HistoryList.rows(series, points, null, null, "p99").size() - 1);
        assertEquals(1, HistoryList.rows(series, points, null, null, "startup").size() - 1);
    }
}
