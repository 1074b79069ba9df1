package org.jvmmark.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.results.ResultsReader;

/**
 * A run's figures as Bencher Metric Format and as github-action-benchmark's JSON, checked against the shapes those tools
 * publish: BMF is {@code {"<benchmark>": {"<measure>": {"value": number, "lower_value": number, "upper_value": number}}}}
 * (lower and upper optional, lower ≤ value ≤ upper); github-action-benchmark's custom format is an array of {@code {"name":
 * string, "unit": string, "value": number, "range"?: string, "extra"?: string}} with unique names.
 */
class BenchmarkExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ReportModel model() throws Exception {
        return ModelBuilder.build(ResultsReader.readDir(Path.of("src/test/resources/fixtures/baseline")));
    }

    @Test
    void shouldWriteBencherMetricFormat() throws Exception {
        JsonNode root = JSON.readTree(BenchmarkExport.bmf(model()));
        assertTrue(root.isObject() && root.size() > 0, root.toString());
        int measures = 0;
        for (Map.Entry<String, JsonNode> bench : (Iterable<Map.Entry<String, JsonNode>>) root::fields) {
            assertTrue(!bench.getKey().isBlank() && !bench.getKey().contains("/fork"), "a row, not a fork: " + bench.getKey());
            assertTrue(bench.getValue().isObject() && bench.getValue().size() > 0, bench.toString());
            for (Map.Entry<String, JsonNode> m : (Iterable<Map.Entry<String, JsonNode>>) bench.getValue()::fields) {
                JsonNode v = m.getValue();
                Set<String> keys = new HashSet<>();
                v.fieldNames().forEachRemaining(keys::add);
                assertTrue(keys.contains("value") && Set.of("value", "lower_value", "upper_value").containsAll(keys), v.toString());
                for (String k : keys) {
                    assertTrue(v.get(k).isNumber() && Double.isFinite(v.get(k).asDouble()), m.getKey() + ": " + v);
                }
                assertTrue(v.get("lower_value").asDouble() <= v.get("value").asDouble()
                        && v.get("value").asDouble() <= v.get("upper_value").asDouble(), m.getKey() + ": " + v);
                measures++;
            }
        }
        assertTrue(measures >= root.size(), "every benchmark has a measure");
    }

    @Test
    void shouldWriteGithubActionBenchmarksCustomJson() throws Exception {
        JsonNode root = JSON.readTree(BenchmarkExport.githubActionBenchmark(model()));
        assertTrue(root.isArray() && root.size() > 0, root.toString());
        Set<String> names = new HashSet<>();
        for (JsonNode e : root) {
            Set<String> keys = new HashSet<>();
            e.fieldNames().forEachRemaining(keys::add);
            assertTrue(keys.containsAll(List.of("name", "unit", "value")) && Set.of("name", "unit", "value", "range", "extra")
                    .containsAll(keys), e.toString());
            assertTrue(e.get("name").isTextual() && e.get("unit").isTextual() && e.get("value").isNumber(), e.toString());
            assertTrue(!e.has("range") || e.get("range").isTextual(), e.toString());
            assertTrue(names.add(e.get("name").asText()), "unique names: " + e.get("name"));
        }
        assertEquals(root.size(), names.size());
    }
}
