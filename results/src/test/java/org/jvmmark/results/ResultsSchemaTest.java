package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published schema ({@code results/schema/results-1.json}) against the files: every {@code results.json}
 * under {@code measured/} and the report's fixtures validates, as written then and as this writer writes it
 * back; and every field the writer writes is named in the schema, so the schema cannot fall behind the model.
 */
class ResultsSchemaTest {
    @TempDir
    Path tmp;

    private static String schemaText() throws IOException {
        try (InputStream in = ResultsSchemaTest.class.getResourceAsStream(Results.SCHEMA_RESOURCE)) {
            assertTrue(in != null, "schema not on the class path: " + Results.SCHEMA_RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Schema schema() throws IOException {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaText(), InputFormat.JSON);
    }

    /** Every results.json of the repository: the measured runs and the report's fixtures. */
    private static List<Path> files() throws IOException {
        Path home = Path.of(System.getProperty("jvmmark.home", ".."));
        List<Path> all = new ArrayList<>(ResultsRoundTripTest.recordedFiles());
        try (Stream<Path> s = Files.walk(home.resolve("report/src/test/resources"))) {
            s.filter(p -> p.getFileName().toString().equals("results.json")).sorted().forEach(all::add);
        }
        all.add(tuningRun());
        return all;
    }

    @Test
    void shouldValidateEveryRecordedFileAndWhatTheWriterWritesBack() throws IOException {
        Schema schema = schema();
        List<Path> files = files();
        assertFalse(files.isEmpty());
        for (Path f : files) {
            List<Error> asRecorded = schema.validate(Files.readString(f), InputFormat.JSON);
            assertEquals(List.of(), asRecorded.stream().map(Error::toString).toList(), f + " as recorded");
            String written = new String(ResultsWriter.bytes(ResultsReader.read(f)), StandardCharsets.UTF_8);
            List<Error> asWritten = schema.validate(written, InputFormat.JSON);
            assertEquals(List.of(), asWritten.stream().map(Error::toString).toList(), f + " as written back");
        }
    }

    @Test
    void shouldNameEveryFieldTheWriterWrites() throws IOException {
        JsonNode schema = JsonValues.MAPPER.readTree(schemaText());
        List<String> unnamed = new ArrayList<>();
        for (Path f : files()) {
            unnamed(schema, schema, ResultsWriter.tree(ResultsReader.read(f)), f.getFileName() + ":", unnamed);
        }
        try (InputStream in = ResultsSchemaTest.class.getResourceAsStream("/instruments-every-field.json")) {
            Trial every = ResultsReader.trial(JsonValues.MAPPER.readTree(in));
            Results r = Results.started("2026-01-01T00:00:00Z", "smoke", java.util.Map.of(), java.util.Map.of())
                    .with(every, "2026-01-01T00:01:00Z");
            unnamed(schema, schema, ResultsWriter.tree(r), "instruments-every-field:", unnamed);
        }
        assertEquals(List.of(), unnamed.stream().distinct().toList(), "fields written but not in the schema");
    }

    /** A trial with the runner's machine probe and a host with its topology: valid, and every field named. */
    @Test
    void shouldValidateTheMachineProbeAndTheHostTopology() throws IOException {
        MachineState.Reading pair = new MachineState.Reading(133.0, 1.1, "0,1", null, 6.5);
        MachineState.Reading one = new MachineState.Reading(null, 1.2, "1", "no pair: the trial has one CPU (1)", 3.0);
        Trial t = new TrialBuilder("w/jdk/default/fork1", "w").fork(1)
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of())).status("ok", null)
                .machineState(new MachineState(pair, one)).build();
        java.util.Map<String, Object> host = new java.util.LinkedHashMap<>();
        host.put("cpuModel", "AMD EPYC");
        host.put("l3Domains", List.of("0", "1"));
        host.put("smtSiblings", null);
        Results r = Results.started("2026-01-01T00:00:00Z", "smoke", host, java.util.Map.of()).with(t, "2026-01-01T00:01:00Z");
        String written = validAndNamed(r, "probe:");
        String bad = written.replaceFirst("\"cacheLineRoundTripNs\"\\s*:\\s*133(\\.0)?", "\"cacheLineRoundTripNs\": \"fast\"");
        assertFalse(bad.equals(written), "the replacement found its field");
        assertFalse(schema().validate(bad, InputFormat.JSON).isEmpty(), "a round trip that is not a number is refused");
    }

    /** A trial run inside the user's container ({@code --cpus 1 --memory 512m}): valid, and every field named. */
    @Test
    void shouldValidateAContainerBlockAndItsCommand() throws IOException {
        JvmFacts chosen = new JvmFacts("/jdk", "temurin-25", List.of("classes.jsa"), true, "Serial", 134217728L, true, true, false,
                true, 4, new JvmFacts.Container("cgroupv1", null, 1, 536870912L), "");
        TrialContainer block = new TrialContainer(1.0, 536870912L, null, "a CPU quota (cgroup v1 cpu.cfs_quota_us), a memory limit"
                + " (cgroup v1 memory.limit_in_bytes)", "the JVM under test", chosen);
        Trial t = new TrialBuilder("w/jdk/default/fork1", "w").fork(1)
                .jvm(new JvmInfo("/jdk", "25", 25, "Vendor", "VM", List.of(), List.of())).status("ok", null)
                .more(TrialContainer.KEY, block.toJson()).build();
        java.util.Map<String, Object> command = new java.util.LinkedHashMap<>();
        command.put("cpus", 1.0);
        command.put("memoryBytes", 536870912L);
        command.put("cpuset", "1");
        Results r = Results.started("2026-01-01T00:00:00Z", "smoke", java.util.Map.of(), command).with(t, "2026-01-01T00:01:00Z");
        String written = validAndNamed(r, "container:");
        assertEquals(block, TrialContainer.of(ResultsReader.read(write(written)).trials().get(0)), "read back as written");
        String bad = written.replaceFirst("\"maxHeapBytes\"\\s*:\\s*134217728", "\"maxHeapBytes\": \"128m\"");
        assertFalse(bad.equals(written), "the replacement found its field");
        assertFalse(schema().validate(bad, InputFormat.JSON).isEmpty(), "a heap that is not a number is refused");
    }

    /** {@code r} as the writer writes it, after checking that it is valid and that the schema names its every field. */
    private static String validAndNamed(Results r, String label) throws IOException {
        String written = new String(ResultsWriter.bytes(r), StandardCharsets.UTF_8);
        assertEquals(List.of(), schema().validate(written, InputFormat.JSON).stream().map(Error::toString).toList());
        List<String> unnamed = new ArrayList<>();
        JsonNode schema = JsonValues.MAPPER.readTree(schemaText());
        unnamed(schema, schema, ResultsWriter.tree(r), label, unnamed);
        assertEquals(List.of(), unnamed);
        return written;
    }

    private Path write(String json) throws IOException {
        return Files.writeString(tmp.resolve("results.json"), json);
    }

    /** A tuning run: its options in the command block, its race ({@code tuneRace}) and a round planned for slices. */
    private static Path tuningRun() {
        return Path.of(System.getProperty("jvmmark.home", "..")).resolve("results/src/test/resources/tuning-run/results.json");
    }

    /** The tuning run's blocks are typed by the schema: a race without its rounds, or forks as text, is refused. */
    @Test
    void shouldValidateATuningRunAndRefuseABrokenRace() throws IOException {
        String run = Files.readString(tuningRun());
        JsonNode tree = JsonValues.MAPPER.readTree(run);
        assertTrue(tree.has("tuneRace") && tree.has("tuneRound") && tree.path("command").has("tune"), "the fixture is a tuning run");
        assertEquals(List.of(), schema().validate(run, InputFormat.JSON).stream().map(Error::toString).toList());
        String textForks = run.replaceFirst("\"forks\": 3", "\"forks\": \"three\"");
        assertFalse(textForks.equals(run), "the replacement found its field");
        assertFalse(schema().validate(textForks, InputFormat.JSON).isEmpty(), "a round's forks that are not a number are refused");
        String noRounds = run.replaceFirst("\"rounds\":", "\"roundz\":");
        assertFalse(schema().validate(noRounds, InputFormat.JSON).isEmpty(), "a JDK's race without its rounds is refused");
    }

    @Test
    void shouldNameTheSchemaInTheFile() throws IOException {
        JsonNode written = ResultsWriter.tree(Results.started("2026-01-01T00:00:00Z", "smoke", java.util.Map.of(), java.util.Map.of()));
        assertEquals(Results.SCHEMA_ID, written.path("$schema").asText());
        assertEquals(Results.SCHEMA_ID, JsonValues.MAPPER.readTree(schemaText()).path("$id").asText());
        assertEquals(Results.SCHEMA, written.path("schema").asText());
    }

    @Test
    void shouldRefuseANewerMajorVersionInOneLine() throws IOException {
        Path f = tmp.resolve("results.json");
        Files.writeString(f, """
                {"$schema": "urn:jvmmark:schema:results-2", "schema": "jvmmark/results/2", "created": "2027-01-01T00:00:00Z",
                 "profile": "smoke", "host": {}, "trials": []}
                """);
        IOException e = assertThrows(IOException.class, () -> ResultsReader.read(f));
        assertEquals(f + " was written by a newer jvmmark (schema jvmmark/results/2); this one reads jvmmark/results/1:"
                + " upgrade jvmmark to read it", e.getMessage());
        Files.writeString(f, "{\"schema\": \"jvmmark/fork-result/1\", \"trials\": []}");
        IOException other = assertThrows(IOException.class, () -> ResultsReader.read(f));
        assertTrue(other.getMessage().contains("is not a jvmmark/results/1 file"), other.getMessage());
        assertFalse(other.getMessage().contains("\n"));
    }

    /**
     * Adds to {@code out} the path of every field of {@code node} the schema does not name: a field is named when
     * its object's schema lists it under {@code properties}, or the object is a map ({@code additionalProperties}
     * a schema) or declared open ({@code additionalProperties: true}).
     */
    private static void unnamed(JsonNode root, JsonNode schema, JsonNode node, String path, List<String> out) {
        JsonNode s = resolve(root, schema);
        if (node.isObject()) {
            JsonNode props = s.path("properties");
            JsonNode extra = s.path("additionalProperties");
            node.fields().forEachRemaining(e -> {
                String where = path + "/" + e.getKey();
                if (props.has(e.getKey())) {
                    unnamed(root, props.get(e.getKey()), e.getValue(), where, out);
                } else if (extra.isObject()) {
                    unnamed(root, extra, e.getValue(), path + "/*", out);
                } else if (!extra.asBoolean(false)) {
                    out.add(where.replaceAll("\\[\\d+]", "[]"));
                }
            });
        } else if (node.isArray() && s.has("items")) {
            for (int i = 0; i < node.size(); i++) {
                unnamed(root, s.get("items"), node.get(i), path + "[" + i + "]", out);
            }
        }
    }

    private static JsonNode resolve(JsonNode root, JsonNode schema) {
        JsonNode s = schema;
        while (s.has("$ref")) {
            s = root.at(s.get("$ref").asText().substring(1));
        }
        return s;
    }
}
