package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.ResultsReader;

class ModelBuilderTest {
    private final ReportModel model = ModelBuilder.build(ResultsReader.read(Golden.fixture("baseline").resolve("results.json")));

    ModelBuilderTest() throws IOException {
    }

    private Section section(String workload) {
        return model.sections().stream().filter(s -> s.workload().equals(workload)).findFirst().orElseThrow();
    }

    @Test
    void shouldAggregateForksIntoOneRowPerJvmVariant() {
        List<String> labels = section("queue-latency").rows().stream().map(Row::label).toList();
        assertEquals(List.of("OpenJDK (Debian) 17.0.17 · G1", "Temurin 25.0.1 · G1", "Temurin 25.0.1 · ZGC"), labels);
        assertEquals(2, section("queue-latency").rows().get(0).trials().size());
    }

    @Test
    void shouldReadAMultiForkPercentileFromTheMergedHistogram() {
        Row row = section("queue-latency").rows().get(1);
        Histogram merged = new Histogram(3);
        row.okTrials().forEach(t -> merged.add(t.latency().get("endToEnd").histogram()));
        Figure p50 = Figures.latencyFigure(row, "endToEnd", "50");
        assertNotNull(p50);
        assertEquals(merged.getValueAtPercentile(50), p50.value());
        assertEquals(6, p50.samples().length, "3 runs in each of 2 forks");
    }

    @Test
    void shouldMarkTheBestAndCallSignificantDifferences() {
        Table e2e = section("queue-latency").tables().get(0);
        assertEquals("Latency — endToEnd", e2e.title());
        assertEquals(Cell.Mark.SIGNIFICANT, e2e.cell(0, 0).mark(), "JDK 17 p50 is ~10 % slower over 6 runs each");
        assertEquals(Cell.Mark.BEST, e2e.cell(1, 0).mark());
        assertEquals(Cell.Mark.UNTRUSTED, e2e.cell(1, 2).mark(), "p99 is not trusted on 2 CPUs");
        assertEquals(Cell.EMPTY, e2e.cell(2, 0), "the timed-out row has no figures");
    }

    @Test
    void shouldRankHigherIsBetterMetricsTheRightWayRound() {
        Table metrics = section("chat").tables().get(0);
        int score = metrics.columns().indexOf(metrics.columns().stream().filter(c -> c.key().equals("score")).findFirst().orElseThrow());
        int best = -1;
        for (int r = 0; r < metrics.rows().size(); r++) {
            if (metrics.cell(r, score).mark() == Cell.Mark.BEST) {
                best = r;
            }
        }
        assertEquals("Temurin 25.0.1 · G1 · virtual", metrics.rows().get(best).label());
    }

    @Test
    void shouldSplitGroupedAndWideMetricsIntoReadableTables() {
        List<Column> columns = new java.util.ArrayList<>();
        for (int i = 0; i < 9; i++) {
            columns.add(new Column(Column.Kind.METRIC, null, "hello.m" + i, "hello.m" + i, "ms", false, true, true));
        }
        columns.add(new Column(Column.Kind.METRIC, null, "score", "score", "ops/s", true, true, true));
        var tables = ModelBuilder.metricTables(columns);
        assertEquals(List.of("Metrics — hello (1 of 2)", "Metrics — hello (2 of 2)", "Metrics"), List.copyOf(tables.keySet()));
        assertEquals("m0", tables.get("Metrics — hello (1 of 2)").get(0).title());
        assertTrue(tables.values().stream().allMatch(t -> t.size() <= ModelBuilder.MAX_METRIC_COLUMNS));
    }

    @Test
    void shouldNeitherRankNorMarkBestAnUncorrectedProbe() {
        Table append = section("queue-latency").tables().stream().filter(t -> t.title().startsWith("Latency — append"))
                .findFirst().orElseThrow();
        assertEquals("Latency — append (not corrected for coordinated omission)", append.title());
        for (int r = 0; r < append.rows().size(); r++) {
            for (int c = 0; c < append.columns().size(); c++) {
                assertEquals(Cell.Mark.NONE, append.cell(r, c).mark(), append.rows().get(r).label() + " " + c);
            }
        }
    }

    @Test
    void shouldNotRankAnAchievedRateMetric() {
        Table metrics = section("synthetic").tables().stream().filter(t -> t.title().equals("Metrics")).findFirst().orElseThrow();
        int rate = metrics.columns().indexOf(metrics.columns().stream().filter(c -> c.key().equals("achievedRate"))
                .findFirst().orElseThrow());
        assertFalse(metrics.columns().get(rate).ranked());
        for (int r = 0; r < metrics.rows().size(); r++) {
            assertEquals(Cell.Mark.NONE, metrics.cell(r, rate).mark());
        }
    }
}
