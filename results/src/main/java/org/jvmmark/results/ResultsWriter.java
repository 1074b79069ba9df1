package org.jvmmark.results;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes {@link Results} as {@code results.json}, as {@link ResultsReader} reads it: this class lays out
 * every block the typed model names (the root, each trial's identity, outcome, measurements and
 * provenance; process, metric, probe, series, driver, JVM and instruments blocks). Blocks the model carries as plain
 * JSON values are written as they were given, and their shape is decided where they are made: the run's
 * {@code command} by the runner's run options, a merged set's {@code hosts} and {@code merged} by {@link Results#merge}, the workloads'
 * {@code questions} by whoever records them. What the reader kept in a {@code more} map is written back
 * where it was, so a file read and written again says what it said (numbers keep their value; an
 * integral value is written without a fraction). Stateless and thread-safe.
 */
public final class ResultsWriter {
    private static final ObjectMapper PRETTY = JsonValues.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ResultsWriter() {
    }

    /**
     * Writes {@code file} atomically: to a temporary file in the same directory, forced to disk, then
     * renamed over the old one. A reader, or a run killed at any instant, sees the previous complete
     * file or the new complete file, never half of one.
     */
    public static void write(Results results, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // not Files.createTempFile: its 0600 would become results.json's mode; this one gets the
        // umask's, like every other output of the run
        Path tmp = dir.resolve(".results-" + java.util.UUID.randomUUID() + ".json.tmp");
        try {
            Files.write(tmp, bytes(results), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The file's content, indented, UTF-8, ending with a newline. */
    public static byte[] bytes(Results results) throws IOException {
        byte[] json = PRETTY.writeValueAsBytes(tree(results));
        byte[] out = java.util.Arrays.copyOf(json, json.length + 1);
        out[json.length] = '\n';
        return out;
    }

    public static ObjectNode tree(Results r) {
        ObjectNode n = NODES.objectNode();
        n.put("$schema", Results.SCHEMA_ID);
        n.put("schema", r.schema());
        n.put("created", r.created());
        n.put("profile", r.profile());
        n.set("host", JsonValues.tree(r.hostValues()));
        if (!r.command().isEmpty()) {
            n.set("command", JsonValues.tree(r.command()));
        }
        ArrayNode trials = n.putArray("trials");
        r.trials().forEach(t -> trials.add(trial(t)));
        if (r.updated() != null) {
            n.put("updated", r.updated());
        }
        if (r.finished() != null && !r.finished().equals(r.updated())) {
            n.put("finished", r.finished());
        }
        more(n, r.more());
        return n;
    }

    /** One trial as it appears in the file. */
    public static ObjectNode trial(Trial t) {
        Trial.Identity id = t.identity();
        Trial.Outcome out = t.outcome();
        Trial.Measured m = t.measured();
        Trial.Provenance p = t.provenance();
        ObjectNode n = NODES.objectNode();
        n.put("id", t.id());
        n.put("workload", t.workload());
        if (!id.machine().isEmpty()) {
            n.put("machine", id.machine());
        }
        putIfSet(n, "workloadClass", p.workloadClass());
        putIfSet(n, "module", p.module());
        n.set("params", JsonValues.tree(id.paramValues().isEmpty() ? id.params() : id.paramValues()));
        n.put("variant", id.variant());
        n.put("gc", p.requestedGc().isEmpty() ? null : p.requestedGc());
        n.put("workloadVariant", id.workloadVariant());
        if (p.variantJvmArgs() != null) {
            n.set("variantJvmArgs", strings(p.variantJvmArgs()));
        }
        if (id.fork() > 0) {
            n.put("fork", id.fork());
        }
        putIfSet(n, "profile", p.profile());
        putIfSet(n, "started", p.started());
        if (p.jdk() != null) {
            n.set("jdk", ResultsJson.tree(p.jdk()));
        }
        n.set("jvm", ResultsJson.tree(p.jvm()));
        n.put("status", out.trialStatus().json());
        n.put("error", out.error());
        putIfSet(n, "logs", p.logs());
        n.set("process", process(out.process()));
        if (!out.command().isEmpty()) {
            n.set("command", strings(out.command()));
        }
        if (!out.stderrTail().isEmpty()) {
            n.set("stderrTail", strings(out.stderrTail()));
        }
        putIfSet(n, "hsErr", out.hsErr());
        // A JVM that ran reports these blocks even when empty; the file keeps that shape.
        boolean ran = !out.command().isEmpty();
        if (!m.metrics().isEmpty() || t.ok()) {
            n.set("metrics", ResultsJson.tree(m.metrics()));
        }
        if (!m.latency().isEmpty() || t.ok()) {
            n.set("latency", ResultsJson.tree(m.latency()));
        }
        if (!m.series().isEmpty()) {
            n.set("series", ResultsJson.tree(m.series()));
        }
        if (!m.infoValues().isEmpty() || ran) {
            n.set("info", JsonValues.tree(m.infoValues()));
        }
        if (!m.warnings().isEmpty() || ran) {
            n.set("warnings", strings(m.warnings()));
        }
        if (!out.discarded().isEmpty()) {
            n.set("discarded", ResultsJson.tree(out.discarded()));
        }
        if (out.driver() != null) {
            n.set("driver", ResultsJson.tree(out.driver()));
        }
        if (!p.instruments().isEmpty()) {
            n.set("instruments", instruments(p.instruments()));
        }
        more(n, t.more());
        return n;
    }

    /**
     * The {@code instruments} block: per instrument its title, status, reason and summary, its paths
     * ({@code safepoints.longestMillis}) nested back into objects; then {@code outliers}.
     */
    private static ObjectNode instruments(Instruments in) {
        ObjectNode n = NODES.objectNode();
        in.instruments().forEach((key, i) -> {
            ObjectNode o = n.putObject(key);
            o.put("title", i.title());
            o.put("status", i.status().toString());
            if (!i.reason().isEmpty()) {
                o.put("reason", i.reason());
            }
            i.labels().forEach((path, v) -> at(o, path).put(leaf(path), v));
            i.files().forEach((path, v) -> at(o, path).put(leaf(path), v));
            i.figures().forEach((path, v) -> at(o, path).set(leaf(path), number(v)));
        });
        Instruments.Outliers x = in.outliers();
        if (x != null) {
            ObjectNode o = n.putObject(InstrumentsReader.OUTLIERS);
            o.put("source", x.source());
            o.put("samples", x.samples());
            ObjectNode causes = o.putObject("gcPauses");
            x.gcPauses().forEach((label, c) -> {
                ObjectNode co = causes.putObject(label);
                co.put("samples", c.samples());
                co.put("partly", c.partly());
                number(co, "longestPauseMillis", c.longestPauseMillis());
            });
            o.put("inSafepoint", x.inSafepoint());
            number(o, "longestSafepointMillis", x.longestSafepointMillis());
            o.put("unexplained", x.unexplained());
            o.put("text", x.text());
            ArrayNode worst = o.putArray("worst");
            for (Instruments.Outliers.Sample s : x.worst()) {
                ObjectNode so = worst.addObject();
                so.put("run", s.run());
                so.put("latencyNanos", s.latencyNanos());
                if (s.explained()) {
                    so.put("fellInside", s.fellInside());
                    number(so, "share", s.share());
                    so.put("pauseNanos", s.pauseNanos());
                } else {
                    so.putNull("fellInside");
                }
            }
        }
        return n;
    }

    /** The object a dotted path's last field sits in, made on the way. */
    private static ObjectNode at(ObjectNode root, String path) {
        ObjectNode o = root;
        int from = 0;
        for (int dot = path.indexOf('.'); dot >= 0; from = dot + 1, dot = path.indexOf('.', from)) {
            String field = path.substring(from, dot);
            o = o.get(field) instanceof ObjectNode child ? child : o.putObject(field);
        }
        return o;
    }

    private static String leaf(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** The {@code process} block; when no process ran, every figure is {@code null}. */
    private static JsonNode process(ProcessFacts p) {
        return ResultsJson.tree(new ProcessFacts.AsWritten().convert(p));
    }

    private static void number(ObjectNode n, String field, double v) {
        n.set(field, number(v));
    }

    /** An integral value as an integer (310, not 310.0); a non-finite one as null. */
    private static JsonNode number(double v) {
        return ResultsJson.tree(v);
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(a::add);
        return a;
    }

    private static void putIfSet(ObjectNode n, String field, String value) {
        if (value != null) {
            n.put(field, value);
        }
    }

    private static void more(ObjectNode n, Map<String, Object> more) {
        more.forEach((k, v) -> n.set(k, JsonValues.tree(v)));
    }
}
