package org.jvmmark.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NumericNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsRoundTripTest {
    /** Numbers are equal when their values are (310 and 310.0); everything else as Jackson compares it. */
    private static final Comparator<JsonNode> SAME_VALUE = (a, b) -> a instanceof NumericNode && b instanceof NumericNode
            ? Double.compare(a.doubleValue(), b.doubleValue()) : a.equals(b) ? 0 : 1;

    @TempDir
    Path tmp;

    static List<Path> recordedFiles() throws IOException {
        Path root = Path.of(System.getProperty("jvmmark.home", "..")).resolve("measured");
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.getFileName().toString().equals("results.json")).sorted().toList();
        }
    }

    @Test
    void shouldWriteBackEveryFieldOfTheMeasuredResults() throws IOException {
        List<Path> files = recordedFiles();
        assertFalse(files.isEmpty(), "no measured/**/results.json found");
        for (Path f : files) {
            JsonNode original = JsonValues.MAPPER.readTree(f.toFile());
            // The fork account, called "forks" before it was named apart from the forks option, is written as forkAccount.
            if (original.path("forks").isObject()) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) original).set(Results.FORK_ACCOUNT,
                        ((com.fasterxml.jackson.databind.node.ObjectNode) original).remove("forks"));
            }
            JsonNode written = JsonValues.MAPPER.readTree(ResultsWriter.bytes(ResultsReader.read(f)));
            List<String> differences = new java.util.ArrayList<>();
            differences(original, written, "", differences);
            // Older records may lack two blocks the schema requires; they are written complete.
            // Files that predate the published schema gain its name.
            differences.removeIf(d -> d.equals("/$schema added: \"" + Results.SCHEMA_ID + "\"")
                    || d.matches("/trials\\[\\d+]/jvm/gc added: \\[]")
                    || d.matches("/trials\\[\\d+]/process added: \\{\"pid\":null,\"peakRssBytes\":null,\"wallSeconds\":null,\"cpuSeconds\":null,\"exitCode\":null}"));
            assertEquals(List.of(), differences, f + ": written back differs");
        }
    }

    @Test
    void shouldReadWriteReadToTheSameFile() throws IOException {
        for (Path f : recordedFiles()) {
            byte[] once = ResultsWriter.bytes(ResultsReader.read(f));
            Path copy = tmp.resolve("results.json");
            ResultsWriter.write(ResultsReader.read(f), copy);
            byte[] twice = ResultsWriter.bytes(ResultsReader.read(copy));
            assertArrayEquals(once, twice, f.toString());
        }
    }

    @Test
    void shouldKeepTheRunnersFieldsTyped() throws IOException {
        Path f = recordedFiles().stream().filter(p -> p.toString().contains("chat" + java.io.File.separator)).findFirst().orElseThrow();
        Results r = ResultsReader.read(f);
        Trial t = r.trials().get(0);
        assertEquals(1, t.identity().fork());
        assertTrue(t.provenance().variantJvmArgs() != null);
        assertTrue(t.provenance().jdk() != null && !t.provenance().jdk().label().isEmpty());
        assertFalse(t.outcome().command().isEmpty());
        assertTrue(t.provenance().logs().startsWith("logs/"));
        assertTrue(t.outcome().driver() != null && t.outcome().driver().process().pid() != null, "driver.process");
        assertFalse(t.provenance().jvm().fact("vmVersion").isEmpty());
        assertTrue(t.outcome().process().pid() != null && t.outcome().process().timedOut() != null);
        assertEquals(r.hostValues().get("cpus"), 2);
    }

    @Test
    void shouldTurnAnUnusableMetricIntoAWarningOnce() throws IOException {
        String json = """
                {"schema": "jvmmark/results/1", "created": "2026-01-01T00:00:00Z", "profile": "smoke", "host": {},
                 "trials": [{"id": "w/j/default/fork1", "workload": "w", "status": "ok", "error": null,
                   "metrics": {"score": {"value": "NaN", "unit": "ops/s", "better": "higher"},
                               "ok": {"value": 3, "unit": "ops/s"}}}]}
                """;
        Path f = tmp.resolve("nan.json");
        Files.writeString(f, json);
        Results once = ResultsReader.read(f);
        assertEquals(List.of("ok"), List.copyOf(once.trials().get(0).measured().metrics().keySet()));
        assertEquals(1, once.trials().get(0).measured().warnings().size());
        Path again = tmp.resolve("again.json");
        ResultsWriter.write(once, again);
        Results twice = ResultsReader.read(again);
        assertEquals(once.trials().get(0).measured().warnings(), twice.trials().get(0).measured().warnings());
        assertArrayEquals(ResultsWriter.bytes(once), ResultsWriter.bytes(twice));
    }

    @Test
    void shouldAddAndReplaceTrialsById() {
        Results r = Results.started("2026-01-01T00:00:00Z", "smoke", java.util.Map.of("cpus", 2), java.util.Map.of());
        Trial a = trial("x/1", "failed");
        r = r.with(a, "2026-01-01T00:01:00Z").with(trial("x/2", "ok"), "2026-01-01T00:02:00Z")
                .with(trial("x/1", "ok"), "2026-01-01T00:03:00Z");
        assertEquals(List.of("x/1", "x/2"), r.trials().stream().map(Trial::id).toList());
        assertEquals("ok", r.trials().get(0).outcome().trialStatus().json());
        assertEquals("2026-01-01T00:03:00Z", r.finished());
        assertNull(ResultsWriter.tree(r).get("finished"));
    }

    @Test
    void shouldKeepEveryTypedTopLevelFieldWhenAnotherIsSet() throws IOException {
        WorkloadQuestion q = new WorkloadQuestion("jvms", "Which JVM is fastest?", false, List.of("score"), "", List.of());
        ForkAccount account = new ForkAccount("auto", 600L, java.util.Map.of("w/j/default", new ForkAccount.Row(3, "decided")));
        JvmFacts facts = new JvmFacts("/jdk", "temurin-25", List.of("classes.jsa"), true, "G1", 1L << 30, true, true, null,
                true, 4, null);
        Results r = Results.started("2026-01-01T00:00:00Z", "smoke", java.util.Map.of(), java.util.Map.of())
                .withQuestions(java.util.Map.of("w", List.of(q))).withForkAccount(account)
                .withTopLevel(JvmFacts.KEY, JvmFacts.toJson(List.of(facts))).withTopLevel("note", "kept");
        assertEquals(List.of(q), r.questions("w"));
        assertEquals(account, r.forkAccount());
        assertEquals(facts, r.jvmFacts().get("temurin-25"));
        assertEquals(java.util.Map.of("note", "kept"), r.more());
        Path f = tmp.resolve("typed.json");
        ResultsWriter.write(r, f);
        JsonNode written = JsonValues.MAPPER.readTree(f.toFile());
        assertEquals(List.of("$schema", "schema", "created", "profile", "host", "trials", "questions", "forkAccount", "jvms", "note"),
                iterable(written.fieldNames()));
        Results read = ResultsReader.read(f);
        assertEquals(r.questions(), read.questions());
        assertEquals(account, read.forkAccount());
        assertEquals(r.jvmFacts(), read.jvmFacts());
        assertArrayEquals(ResultsWriter.bytes(r), ResultsWriter.bytes(read));
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    private static Trial trial(String id, String status) {
        JsonNode n = JsonValues.tree(java.util.Map.of("id", id, "workload", "x", "status", status));
        return ResultsReader.trial(n);
    }

    private static void differences(JsonNode a, JsonNode b, String path, List<String> out) {
        if (a.equals(SAME_VALUE, b)) {
            return;
        }
        if (a.isObject() && b.isObject()) {
            a.fieldNames().forEachRemaining(k -> {
                if (!b.has(k)) {
                    out.add(path + "/" + k + " missing");
                } else {
                    differences(a.get(k), b.get(k), path + "/" + k, out);
                }
            });
            b.fieldNames().forEachRemaining(k -> {
                if (!a.has(k)) {
                    out.add(path + "/" + k + " added: " + b.get(k));
                }
            });
        } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                differences(a.get(i), b.get(i), path + "[" + i + "]", out);
            }
        } else {
            out.add(path + ": " + a + " became " + b);
        }
    }
}
