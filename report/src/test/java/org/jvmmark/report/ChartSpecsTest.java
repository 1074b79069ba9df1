package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jvmmark.results.ResultsReader;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.render.ChartSpecs;
import org.jvmmark.report.render.JvmStyles;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.words.Words;

class ChartSpecsTest {
    private final ReportModel model = ModelBuilder.build(ResultsReader.readDir(Golden.fixture("showcase")));

    ChartSpecsTest() throws IOException {
    }

    private Section section(String workload) {
        return model.sections().stream().filter(s -> s.workload().equals(workload)).findFirst().orElseThrow();
    }

    @Test
    void shouldDrawNoChartForFactsOrChecks() {
        ChartSpecs specs = new ChartSpecs(new JvmStyles());
        model.sections().forEach(specs::add);
        List<String> titles = specs.charts().stream().map(c -> (String) c.get("title")).toList();
        List<String> leftOut = new ArrayList<>();
        List<String> drawn = new ArrayList<>();
        for (Section s : model.sections()) {
            for (Table t : s.tables()) {
                for (Column c : t.columns()) {
                    // a figure's chart is titled "<workload> — <its label> (<direction>)", maybe ", against <param>"
                    String title = s.workload() + " — " + Words.label(c.key()) + " (";
                    boolean charted = titles.stream().anyMatch(x -> x.startsWith(title));
                    if (c.kind() == Column.Kind.RATE || c.kind() == Column.Kind.METRIC && !c.ranked()) {
                        assertFalse(charted, "a fact or check is drawn: " + title + " in " + titles);
                        leftOut.add(s.workload() + "/" + c.key());
                    } else if (c.kind() == Column.Kind.METRIC) {
                        assertTrue(charted, "a score is not drawn: " + title + " in " + titles);
                        drawn.add(s.workload() + "/" + c.key());
                    }
                }
            }
        }
        // the fixture has both, so the rule is shown both ways
        assertTrue(leftOut.containsAll(List.of("http/serverPeakThreads", "http/requestsSent", "queue-large/bytesWritten",
                "queue-latency/achievedRate")), leftOut.toString());
        assertTrue(drawn.contains("chat/score"), drawn.toString());
    }

    @Test
    void shouldDrawScoresAgainstTheSweptParameterOneLinePerJvmVariant() {
        assertEquals("connections", ChartSpecs.sweptParam(section("http")));
        ChartSpecs specs = new ChartSpecs(new JvmStyles());
        ChartSpecs.SectionCharts charts = specs.add(section("http"));
        Map<String, Object> first = specs.charts().stream().filter(c -> c.get("id").equals(charts.ids().get(0))).findFirst().orElseThrow();
        assertEquals("lines", first.get("type"));
        assertEquals(List.of("OpenJDK (Debian) 17.0.17 · G1 · platform", "Temurin 25.0.1 · G1 · platform", "Temurin 25.0.1 · G1 · virtual"),
                ((List<?>) first.get("lines")).stream().map(l -> ((Map<?, ?>) l).get("label")).toList());
    }

    @Test
    void shouldDrawASeriesFirstWithItsMarkers() {
        ChartSpecs specs = new ChartSpecs(new JvmStyles());
        ChartSpecs.SectionCharts charts = specs.add(section("queue-large"));
        Map<String, Object> first = specs.charts().stream().filter(c -> c.get("id").equals(charts.ids().get(0))).findFirst().orElseThrow();
        assertTrue(((String) first.get("title")).startsWith("queue-large — writeMsPerGiB (lower is better) against written (GiB)"));
        assertEquals(List.of(Map.of("at", 4.0, "label", "memory limit 4 GiB")), first.get("markers"));
    }

    @Test
    void shouldKeepOneStylePerJvmAcrossWorkloads() {
        JvmStyles styles = new JvmStyles();
        ChartSpecs specs = new ChartSpecs(styles);
        ChartSpecs.SectionCharts a = specs.add(section("queue-latency"));
        ChartSpecs.SectionCharts b = specs.add(section("chat"));
        assertEquals(a.legend().get("Temurin 25.0.1 · G1").colour(), b.legend().get("Temurin 25.0.1 · G1 · virtual").colour());
        assertEquals(a.legend().get("Temurin 25.0.1 · G1").marker(), b.legend().get("Temurin 25.0.1 · G1 · platform").marker());
        assertTrue(!a.legend().get("OpenJDK (Debian) 17.0.17 · G1").colour().equals(a.legend().get("Temurin 25.0.1 · G1").colour()));
    }
}
