package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report DIR --format bmf} on a run this jvmmark made, and on the report's baseline fixture (latency figures),
 * validated against Bencher's published JSON Schema ({@code https://bencher.dev/bmf.json}, draft-07, kept in
 * {@code src/test/resources/bencher/bmf.json}) and the limits Bencher's BMF page states beyond it: a measure's name at
 * most 64 characters, a benchmark's at most 1024 (counted here in UTF-8 bytes, the stricter reading); lower ≤ value ≤
 * upper where bounds are given. The baseline's long table titles once made measure names of 90 characters.
 */
class BencherFormatRunTest {
    private static final Path BASELINE = Path.of(System.getProperty("jvmmark.home"), "report", "src", "test", "resources",
            "fixtures", "baseline");

    @TempDir
    Path tmp;

    private static Schema bencher() throws IOException {
        try (InputStream in = BencherFormatRunTest.class.getResourceAsStream("/bencher/bmf.json")) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
        }
    }

    /** What is wrong with {@code bmf} by Bencher's schema and stated limits; empty when nothing is. */
    static List<String> problems(String bmf) throws IOException {
        List<String> wrong = new ArrayList<>(bencher().validate(bmf, InputFormat.JSON).stream().map(Error::toString).toList());
        JsonNode root = new ObjectMapper().readTree(bmf);
        for (Map.Entry<String, JsonNode> bench : root.properties()) {
            if (bench.getKey().getBytes(StandardCharsets.UTF_8).length > 1024) {
                wrong.add("benchmark name over 1024 bytes: " + bench.getKey());
            }
            for (Map.Entry<String, JsonNode> m : bench.getValue().properties()) {
                JsonNode v = m.getValue();
                if (m.getKey().getBytes(StandardCharsets.UTF_8).length > 64) {
                    wrong.add("measure name over 64 bytes: " + m.getKey());
                }
                double value = v.path("value").asDouble();
                if (!Double.isFinite(value) || v.has("lower_value") && v.get("lower_value").asDouble() > value
                        || v.has("upper_value") && v.get("upper_value").asDouble() < value) {
                    wrong.add(bench.getKey() + " / " + m.getKey() + ": bounds around the value: " + v);
                }
            }
        }
        return wrong;
    }

    @Test
    void shouldWriteBencherMetricFormatThatBenchersSchemaAccepts() throws IOException {
        Path out = tmp.resolve("run");
        Cli.Result run = Cli.run("run", "fault-sleep", "-p", "millis=5", "--jdk", Cli.HOST_JDK, "--profile", "smoke",
                "--jvm-args", "-Xmx64m", "--jvm-args", "-Xmx96m", "--forks", "3", "--history", "off", "--out", out.toString());
        assertEquals(0, run.status(), run.err());

        for (Path dir : List.of(out, BASELINE)) {
            Cli.Result bmf = Cli.run("report", dir.toString(), "--format", "bmf");
            assertEquals(0, bmf.status(), bmf.err());
            JsonNode root = new ObjectMapper().readTree(bmf.out());
            assertTrue(root.isObject() && root.size() >= 2, dir + ": a benchmark a row: " + bmf.out());
            assertEquals(List.of(), problems(bmf.out()), dir.toString());
        }
    }

    @Test
    void shouldRefuseWhatBencherWouldRefuse() throws IOException {
        assertFalse(problems("{\"a\": {\"latency\": {\"lower_value\": 1}}}").isEmpty(), "value is required");
        assertFalse(problems("{\"a\": {\"latency\": {\"value\": \"88\"}}}").isEmpty(), "a number, not a string");
        assertFalse(problems("{\"a\": {\"" + "m".repeat(62) + "—" + "\": {\"value\": 1}}}").isEmpty(), "a measure's name");
        assertEquals(List.of(), problems("{\"a\": {\"latency\": {\"value\": 88.0, \"lower_value\": 87.4, \"upper_value\": 88.9}}}"));
    }
}
