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
        n.set("jvm", jvm(p.jvm()));
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
            n.set("metrics", metrics(m.metrics()));
        }
        if (!m.latency().isEmpty() || t.ok()) {
            n.set("latency", probes(m.latency()));
        }
        if (!m.series().isEmpty()) {
            n.set("series", series(m.series()));
        }
        if (!m.infoValues().isEmpty() || ran) {
            n.set("info", JsonValues.tree(m.infoValues()));
        }
        if (!m.warnings().isEmpty() || ran) {
            n.set("warnings", strings(m.warnings()));
        }
        if (!out.discarded().isEmpty()) {
            ObjectNode d = n.putObject("discarded");
            if (!out.discarded().metrics().isEmpty()) {
                d.set("metrics", metrics(out.discarded().metrics()));
            }
            if (!out.discarded().latency().isEmpty()) {
                d.set("latency", probes(out.discarded().latency()));
            }
            if (!out.discarded().series().isEmpty()) {
                d.set("series", series(out.discarded().series()));
            }
        }
        if (out.driver() != null) {
            n.set("driver", driver(out.driver()));
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

    private static ObjectNode driver(DriverRun d) {
        ObjectNode n = NODES.objectNode();
        n.put("status", d.status());
        n.put("error", d.error());
        n.set("process", process(d.process()));
        if (!d.command().isEmpty()) {
            n.set("command", strings(d.command()));
        }
        if (!d.stderrTail().isEmpty()) {
            n.set("stderrTail", strings(d.stderrTail()));
        }
        putIfSet(n, "hsErr", d.hsErr());
        if (d.jvm() != null) {
            n.set("jvm", jvm(d.jvm()));
        }
        if (!d.info().isEmpty()) {
            n.set("info", JsonValues.tree(d.info()));
        }
        more(n, d.more());
        return n;
    }

    private static JsonNode jvm(JvmInfo j) {
        return ResultsJson.tree(j);
    }

    /** The {@code process} block; when no process ran, every figure is {@code null}. */
    private static ObjectNode process(ProcessFacts p) {
        ObjectNode n = NODES.objectNode();
        if (p.none()) {
            for (String field : List.of("pid", "peakRssBytes", "wallSeconds", "cpuSeconds", "exitCode")) {
                n.putNull(field);
            }
            return n;
        }
        if (p.pid() != null) {
            n.put("pid", p.pid());
        }
        n.put("peakRssBytes", p.peakRssBytes());
        number(n, "wallSeconds", p.wallSeconds());
        n.set("cpuSeconds", p.cpuSeconds() == null ? NODES.nullNode() : number(p.cpuSeconds()));
        n.put("exitCode", p.exitCode());
        if (p.timedOut() != null) {
            n.put("timedOut", p.timedOut());
        }
        putIfSet(n, "cpusAllowed", p.cpusAllowed());
        putIfSet(n, "cpusRequested", p.cpusRequested());
        if (p.disturbance() != null) {
            n.set("disturbance", disturbance(p.disturbance()));
        }
        more(n, p.more());
        return n;
    }

    /**
     * The {@code disturbance} object: the figures, then {@code disturbed} (the flag a reader of the file checks)
     * with its {@code reason}, and the re-run's links.
     */
    private static ObjectNode disturbance(Disturbance d) {
        ObjectNode n = NODES.objectNode();
        number(n, "windowSeconds", d.windowSeconds());
        number(n, "otherCpuSeconds", d.otherCpuSeconds());
        number(n, "otherCpus", Math.round(d.otherCpus() * 1000) / 1000.0);
        number(n, "stealSeconds", d.stealSeconds());
        if (d.loadAverage() != null) {
            number(n, "loadAverage", d.loadAverage());
        }
        n.set("thresholdCpus", d.thresholdCpus() == null ? NODES.nullNode() : number(d.thresholdCpus()));
        n.put("disturbed", d.disturbed());
        n.put("reason", d.reason());
        if (d.rerunAs() != null) {
            n.put("rerunAs", d.rerunAs());
        }
        if (d.rerunOf() != null) {
            n.put("rerunOf", d.rerunOf());
        }
        return n;
    }

    private static ObjectNode metrics(Map<String, Metric> metrics) {
        ObjectNode n = NODES.objectNode();
        metrics.forEach((name, m) -> {
            ObjectNode o = n.putObject(name);
            number(o, "value", m.value());
            o.put("unit", m.unit());
            o.put("better", m.better());
            if (m.samples().length > 0) {
                o.set("samples", numbers(m.samples()));
            }
            more(o, m.more());
        });
        return n;
    }

    private static ObjectNode probes(Map<String, Probe> probes) {
        ObjectNode n = NODES.objectNode();
        probes.forEach((name, p) -> n.set(name, probe(p)));
        return n;
    }

    private static ObjectNode probe(Probe p) {
        ObjectNode n = NODES.objectNode();
        n.put("unit", p.unit());
        n.put("count", p.count());
        n.put("coCorrected", p.coCorrected());
        // a closed-loop driver has no target rate: null, as the harness writes it
        number(n, "targetRate", p.targetRate() > 0 ? p.targetRate() : Double.NaN);
        number(n, "achievedRate", p.achievedRate());
        n.put("fellBehind", p.fellBehind());
        putIfSet(n, "arrivals", p.arrivals());
        n.set("percentiles", percentiles(p.percentiles()));
        if (!p.uncorrected().isEmpty() || p.uncorrectedHistogram() != null) {
            ObjectNode u = n.putObject("uncorrected");
            u.set("percentiles", percentiles(p.uncorrected()));
            putIfSet(u, "histogram", p.uncorrectedHistogram());
        }
        if (!p.runs().isEmpty()) {
            ArrayNode runs = n.putArray("runs");
            for (Probe.Run r : p.runs()) {
                ObjectNode o = runs.addObject();
                o.put("count", r.count());
                o.set("percentiles", percentiles(r.percentiles()));
                if (r.gcEvents() != null) {
                    o.set("gcEvents", ResultsJson.tree(r.gcEvents()));
                }
                more(o, r.more());
            }
        }
        if (p.jitter() != null) {
            ObjectNode j = n.putObject("jitter");
            number(j, "thresholdNanos", p.jitter().thresholdNanos());
            j.put("count", p.jitter().count());
            j.set("percentiles", percentiles(p.jitter().percentiles()));
            more(j, p.jitter().more());
        }
        putIfSet(n, "histogram", p.encodedHistogram() != null ? p.encodedHistogram() : encode(p.histogram()));
        more(n, p.more());
        return n;
    }

    private static String encode(org.HdrHistogram.Histogram h) {
        if (h == null) {
            return null;
        }
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    private static ObjectNode series(Map<String, Series> all) {
        ObjectNode n = NODES.objectNode();
        all.forEach((name, s) -> {
            ObjectNode o = n.putObject(name);
            o.set("x", axis(s.x()));
            ArrayNode ys = o.putArray("y");
            s.y().forEach(y -> ys.add(axis(y)));
            if (!s.markers().isEmpty()) {
                ArrayNode markers = o.putArray("markers");
                s.markers().forEach(m -> {
                    ObjectNode mo = markers.addObject();
                    number(mo, "at", m.at());
                    mo.put("label", m.label());
                });
            }
        });
        return n;
    }

    private static ObjectNode axis(Series.Axis a) {
        ObjectNode n = NODES.objectNode();
        n.put("name", a.name());
        n.put("unit", a.unit());
        if (a.better() != null) {
            n.put("better", a.better());
        }
        if (a.summary() != null) {
            n.put("summary", a.summary());
        }
        n.set("values", numbers(a.values()));
        return n;
    }

    private static ObjectNode percentiles(Map<String, Double> p) {
        ObjectNode n = NODES.objectNode();
        p.forEach((k, v) -> number(n, k, v));
        return n;
    }

    private static ArrayNode numbers(double[] values) {
        ArrayNode a = NODES.arrayNode();
        for (double v : values) {
            a.add(number(v));
        }
        return a;
    }

    private static void number(ObjectNode n, String field, double v) {
        n.set(field, number(v));
    }

    /** An integral value as an integer (310, not 310.0); a non-finite one as null. */
    private static com.fasterxml.jackson.databind.JsonNode number(double v) {
        if (!Double.isFinite(v)) {
            return NODES.nullNode();
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? NODES.numberNode((long) v) : NODES.numberNode(v);
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
