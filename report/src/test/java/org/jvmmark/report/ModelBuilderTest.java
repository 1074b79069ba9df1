package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.builders.Figures;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.builders.MetricTables;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;

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
        assertEquals(3, section("queue-latency").rows().get(0).trials().size());
    }

    @Test
    void shouldOrderSweptValuesAsNumbers() {
        List<java.util.Map<String, String>> sorted = new java.util.ArrayList<>(List.of(
                java.util.Map.of("rate", "100000", "mode", "b"), java.util.Map.of("rate", "50_000", "mode", "b"),
                java.util.Map.of("rate", "10000", "mode", "b"), java.util.Map.of("rate", "10000", "mode", "a")));
        sorted.sort(ModelBuilder::compareParams);
        assertEquals(List.of("a 10000", "b 10000", "b 50_000", "b 100000"),
                sorted.stream().map(m -> m.get("mode") + " " + m.get("rate")).toList());
    }

    private static org.jvmmark.results.Trial scoreTrial(String id, String version, String variant, String rate, String impl,
                                                        double score) {
        org.jvmmark.results.JvmInfo jvm = new org.jvmmark.results.JvmInfo("/jdk", version, Integer.parseInt(version.split("\\.")[0]),
                "Vendor", "VM", List.of(), List.of("G1 Young Generation"));
        return new org.jvmmark.results.TrialBuilder(id, "w").params(java.util.Map.of("rate", rate, "impl", impl)).jvm(jvm)
                .variant(variant).status("ok", null).process(new org.jvmmark.results.ProcessFacts(null, 1, 1.0, 0)).flags(List.of())
                .metric("score", new org.jvmmark.results.Metric(score, "ops/s", true, new double[] {score, score * 1.01, score * 0.99}))
                .build();
    }

    @Test
    void shouldRankJvmsOnlyAgainstRowsAtTheSameSweptValue() {
        List<org.jvmmark.results.Trial> trials = List.of(
                scoreTrial("a", "17.0.1", "nio", "10", "nio", 100), scoreTrial("b", "25.0.1", "nio", "10", "nio", 90),
                scoreTrial("c", "17.0.1", "nio", "20", "nio", 180), scoreTrial("d", "25.0.1", "nio", "20", "nio", 200),
                scoreTrial("e", "25.0.1", "platform", "20", "platform", 150));
        ReportModel m = ModelBuilder.build(new org.jvmmark.results.Results("jvmmark/results/1", "", null, "smoke",
                java.util.Map.of("cpus", "8"), trials));
        Table metrics = m.sections().get(0).tables().get(0);
        List<String> marks = new java.util.ArrayList<>();
        for (int r = 0; r < metrics.rows().size(); r++) {
            marks.add(metrics.rows().get(r).label() + " " + metrics.cell(r, 0).mark());
        }
        // rate is swept (it varies for one JVM variant); impl only follows the variant, so nio and platform are ranked together
        // One fork a row: shown, not ranked — no row may become the reference on one fork (issue 21).
        assertEquals(List.of("Vendor 17.0.1 · G1 · nio · rate=10 TOO_FEW_FORKS", "Vendor 17.0.1 · G1 · nio · rate=20 TOO_FEW_FORKS",
                "Vendor 25.0.1 · G1 · nio · rate=10 TOO_FEW_FORKS", "Vendor 25.0.1 · G1 · nio · rate=20 TOO_FEW_FORKS",
                "Vendor 25.0.1 · G1 · platform · rate=20 TOO_FEW_FORKS"), marks);
    }

    @Test
    void shouldSayWhoWonAtEachSweptValueSeparately() {
        List<org.jvmmark.results.Trial> trials = new java.util.ArrayList<>();
        double[] jitter = {1.0, 1.01, 0.99};
        for (int f = 0; f < 3; f++) {
            trials.add(scoreTrial("a" + f, "17.0.1", "nio", "10", "nio", 100 * jitter[f]));
            trials.add(scoreTrial("b" + f, "25.0.1", "nio", "10", "nio", 50 * jitter[f]));
            trials.add(scoreTrial("c" + f, "17.0.1", "nio", "20", "nio", 100 * jitter[f]));
            trials.add(scoreTrial("d" + f, "25.0.1", "nio", "20", "nio", 200 * jitter[f]));
        }
        ReportModel m = ModelBuilder.build(new org.jvmmark.results.Results("jvmmark/results/1", "", null, "quick",
                java.util.Map.of("cpus", "8"), trials));
        List<Headline> headlines = m.sections().get(0).headlines();
        assertEquals(List.of("rate=10", "rate=20"), headlines.stream().map(Headline::family).toList());
        assertEquals(List.of(Headline.Outcome.WINNER, Headline.Outcome.WINNER), headlines.stream().map(Headline::outcome).toList());
        // The same JVM loses at one load and wins at the other: one headline over both would have hidden that.
        assertEquals("Vendor 17.0.1 · G1 · nio · rate=10", headlines.get(0).winner().label());
        assertEquals("Vendor 25.0.1 · G1 · nio · rate=20", headlines.get(1).winner().label());
    }

    @Test
    void shouldTakeOneValuePerForkFromThatForksOwnHistogram() {
        Row row = section("queue-latency").rows().get(1);
        Column p50 = section("queue-latency").tables().get(0).columns().get(0);
        Figure f = Figures.figure(row, p50);
        assertNotNull(f);
        double[] expected = row.okTrials().stream()
                .mapToDouble(t -> t.measured().latency().get("endToEnd").histogram().getValueAtPercentile(50)).toArray();
        assertArrayEquals(expected, f.forks(), 1e-9);
        assertEquals(3, f.runs().size(), "each fork's runs kept apart, for the stability check only");
        assertEquals(Math.exp(java.util.Arrays.stream(expected).map(Math::log).average().orElseThrow()), f.value(), 1e-6,
                "the row's figure is the geometric mean of its forks");
    }

    @Test
    void shouldMarkTheBestAndCallSignificantDifferences() {
        Table e2e = section("queue-latency").tables().get(0);
        assertEquals("Latency — endToEnd", e2e.title());
        // 6.4 % slower over 3 forks each, its 90 % interval 3.7–9.1 %: past the threshold by its estimate only.
        assertEquals(Cell.Mark.CANNOT_TELL, e2e.cell(0, 0).mark(), e2e.cell(0, 0).why());
        assertTrue(e2e.cell(0, 0).why().startsWith("6.4 % slower"), e2e.cell(0, 0).why());
        assertEquals(Cell.Mark.LEADS, e2e.cell(1, 0).mark(), "leads: JDK 17 is not shown worse beyond the threshold");
        assertEquals(Cell.Mark.UNTRUSTED, e2e.cell(1, 2).mark(), "p99 is not trusted: producer and consumer spin on 2 CPUs");
        assertEquals(Cell.EMPTY, e2e.cell(2, 0), "the timed-out row has no figures");
    }

    @Test
    void shouldRankHigherIsBetterMetricsTheRightWayRound() {
        Table metrics = section("chat").tables().get(0);
        int score = metrics.columns().indexOf(metrics.columns().stream().filter(c -> c.key().equals("score")).findFirst().orElseThrow());
        int best = -1;
        for (int r = 0; r < metrics.rows().size(); r++) {
            if (metrics.cell(r, score).mark() == Cell.Mark.BEST || metrics.cell(r, score).mark() == Cell.Mark.LEADS) {
                best = r;
            }
        }
        // The virtual row (1 fork, the highest score) is not ranked; the 3-fork platform row leads, and the higher
        // score of the unranked row — higher is better — keeps it from winning.
        assertEquals("Temurin 25.0.1 · G1 · platform", metrics.rows().get(best).label());
        assertEquals(Cell.Mark.LEADS, metrics.cell(best, score).mark());
        assertEquals("not shown better than every other row", metrics.cell(best, score).why());
    }

    @Test
    void shouldSplitGroupedAndWideMetricsIntoReadableTables() {
        List<Column> columns = new java.util.ArrayList<>();
        for (int i = 0; i < 9; i++) {
            columns.add(new Column(Column.Kind.METRIC, null, "hello.m" + i, "hello.m" + i, "ms", false, true, true));
        }
        columns.add(new Column(Column.Kind.METRIC, null, "score", "score", "ops/s", true, true, true));
        var tables = MetricTables.of(columns);
        assertEquals(List.of("Metrics — hello (1 of 2)", "Metrics — hello (2 of 2)", "Metrics"), List.copyOf(tables.keySet()));
        assertEquals("m0", tables.get("Metrics — hello (1 of 2)").get(0).title());
        assertTrue(tables.values().stream().allMatch(t -> t.size() <= MetricTables.MAX_COLUMNS));
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
