package org.jvmmark.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.HdrHistogram.Histogram;

/**
 * Reads {@code results.json} into {@link Results}. Tolerates fields it does not know (the runner and
 * workloads add their own) and missing optional ones; a file that is not a results file gives one
 * readable line. Stateless and thread-safe.
 */
public final class ResultsReader {
    // NaN and Infinity are not JSON, but a workload's figure may be one: read them rather than lose the file.
    private static final ObjectMapper MAPPER = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private ResultsReader() {
    }

    /** Reads {@code dir/results.json}. */
    public static Results readDir(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException("not a directory: " + dir);
        }
        return read(dir.resolve("results.json"));
    }

    public static Results read(Path file) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IOException("no results file: " + file);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not valid JSON (line " + e.getLocation().getLineNr() + "): "
                    + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new IOException(file + " is not a results file: expected a JSON object");
        }
        String schema = root.path("schema").asText("");
        if (!Results.SCHEMA.equals(schema)) {
            throw new IOException(file + " has schema '" + schema + "', expected '" + Results.SCHEMA + "'");
        }
        List<Trial> trials = new ArrayList<>();
        int i = 0;
        for (JsonNode t : root.path("trials")) {
            i++;
            try {
                trials.add(trial(t));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": trial " + i + " (" + t.path("id").asText("no id") + "): " + e.getMessage());
            }
        }
        JsonNode finished = root.hasNonNull("finished") ? root.get("finished") : root.get("updated");
        return new Results(schema, root.path("created").asText(""), textOrNull(finished),
                root.path("profile").asText(""), strings(root.path("host")), trials);
    }

    private static Trial trial(JsonNode t) {
        String workload = required(t, "workload");
        // A trial whose JVM never ran may have only the runner's "jdk" block.
        JsonNode j = t.path("jvm").isObject() ? t.path("jvm") : t.path("jdk");
        JvmInfo jvm = new JvmInfo(j.path("home").asText(""), j.path("version").asText(""), j.path("feature").asInt(0),
                j.path("vendor").asText(""), j.path("vmName").asText(""), list(j.path("args")), list(j.path("gc")));
        JsonNode p = t.path("process");
        ProcessFacts process = p.isObject()
                ? new ProcessFacts(p.path("peakRssBytes").asLong(0), p.path("wallSeconds").asDouble(0),
                        p.path("cpuSeconds").asDouble(0), p.hasNonNull("exitCode") ? p.get("exitCode").asInt() : null)
                : ProcessFacts.NONE;
        Map<String, Metric> metrics = new LinkedHashMap<>();
        List<String> warnings = list(t.path("warnings"));
        for (Iterator<Map.Entry<String, JsonNode>> it = t.path("metrics").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode value = e.getValue().path("value");
            if (value.isNumber() && Double.isFinite(value.asDouble())) {
                Metric m = metric(e.getValue());
                if (isBytes(m.unit()) && (m.value() < 0 || java.util.Arrays.stream(m.samples()).anyMatch(v -> v < 0))) {
                    // A negative size is a measuring error (a counter that wrapped, a "not measured" -1),
                    // and ranked as "lower is better" it would win.
                    warnings.add("metric '" + e.getKey() + "' has a negative size (" + plain(m.value())
                            + " " + m.unit() + ") and is left out");
                } else {
                    metrics.put(e.getKey(), m);
                }
            } else {
                // One unusable figure must not cost the whole report: leave it out and say so.
                warnings.add("metric '" + e.getKey() + "' has no finite value (" + (value.isMissingNode() ? "missing" : value.asText()) + ") and is left out");
            }
        }
        Map<String, Probe> latency = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = t.path("latency").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            latency.put(e.getKey(), probe(e.getValue(), "trial " + t.path("id").asText("(no id)") + " probe " + e.getKey()));
        }
        String status = t.path("status").asText("");
        if (!List.of("ok", "failed", "unsupported", "timeout").contains(status)) {
            throw new IllegalArgumentException("status '" + status + "' is not one of ok, failed, unsupported, timeout");
        }
        // The runner records the variant's own flags; without them, guess from what the JVM received.
        List<String> flags = t.path("variantJvmArgs").isArray() ? list(t.get("variantJvmArgs")) : jvm.tuningFlags();
        return new Trial(t.path("id").asText(""), workload, strings(t.path("params")), jvm,
                t.path("variant").asText(""), status, textOrNull(t.get("error")), process, metrics, latency,
                strings(t.path("info")), warnings, flags, t.path("gc").asText(""), series(t.path("series")),
                t.path("machine").asText(""), InstrumentsReader.read(t.path("instruments")));
    }

    private static Map<String, Series> series(JsonNode all) {
        Map<String, Series> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode s = e.getValue();
            Series.Axis x = axis(s.path("x"), "series '" + e.getKey() + "' x");
            List<Series.Axis> ys = new ArrayList<>();
            for (JsonNode y : s.path("y")) {
                Series.Axis axis = axis(y, "series '" + e.getKey() + "' y '" + y.path("name").asText() + "'");
                if (axis.values().length != x.values().length) {
                    throw new IllegalArgumentException("series '" + e.getKey() + "': y '" + axis.name() + "' has "
                            + axis.values().length + " values for " + x.values().length + " x values");
                }
                ys.add(axis);
            }
            List<Series.Marker> markers = new ArrayList<>();
            for (JsonNode m : s.path("markers")) {
                markers.add(new Series.Marker(m.path("at").asDouble(), m.path("label").asText("")));
            }
            out.put(e.getKey(), new Series(x, ys, markers));
        }
        return out;
    }

    private static Series.Axis axis(JsonNode a, String what) {
        JsonNode v = a.path("values");
        if (!v.isArray()) {
            throw new IllegalArgumentException(what + " has no values");
        }
        double[] values = new double[v.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = v.get(i).isNumber() ? v.get(i).asDouble() : Double.NaN;
        }
        return new Series.Axis(a.path("name").asText(""), a.path("unit").asText(""), a.path("better").asText("none"), values);
    }

    private static Metric metric(JsonNode m) {
        String better = m.path("better").asText("higher");
        JsonNode s = m.path("samples");
        double[] samples = new double[s.size()];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = s.get(i).asDouble();
        }
        return new Metric(m.get("value").asDouble(), m.path("unit").asText(""), !"lower".equals(better), samples,
                !"none".equals(better));
    }

    private static Probe probe(JsonNode b, String origin) {
        List<Probe.Run> runs = new ArrayList<>();
        for (JsonNode r : b.path("runs")) {
            List<GcEvent> gc = r.has("gcEvents") ? new ArrayList<>() : null;
            for (JsonNode e : r.path("gcEvents")) {
                gc.add(new GcEvent(e.path("collector").asText(""), e.path("action").asText(""), e.path("cause").asText(""),
                        e.path("startMillis").asLong(0), e.path("durationMillis").asLong(0)));
            }
            runs.add(new Probe.Run(r.path("count").asLong(0), numbers(r.path("percentiles")), gc));
        }
        double target = b.path("targetRate").asDouble(0);
        double achieved = b.path("achievedRate").asDouble(0);
        // Older or hand-written blocks may lack the flag: fall back to the harness's own rule (1 % short).
        boolean behind = b.has("fellBehind") ? b.get("fellBehind").asBoolean()
                : target > 0 && achieved > 0 && achieved < target * 0.99;
        JsonNode j = b.get("jitter");
        Probe.Jitter jitter = j == null || !j.isObject() ? null
                : new Probe.Jitter(j.path("thresholdNanos").asDouble(0), j.path("count").asLong(0), numbers(j.path("percentiles")));
        return new Probe(b.path("unit").asText("ns"), b.path("count").asLong(0), b.path("coCorrected").asBoolean(false),
                target, achieved, behind, numbers(b.path("percentiles")), numbers(b.path("uncorrected").path("percentiles")),
                runs, histogram(textOrNull(b.get("histogram")), origin), jitter, origin);
    }

    /** A number as a person writes it: "12", "0.5". */
    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : Double.toString(v);
    }

    /** Units that measure a size: "bytes", "B", "KiB", "MB"... */
    public static boolean isBytes(String unit) {
        return unit.equalsIgnoreCase("bytes") || unit.equalsIgnoreCase("byte") || unit.matches("[KMGT]?i?B");
    }

    private static String required(JsonNode t, String field) {
        String v = t.path(field).asText("");
        if (v.isEmpty()) {
            throw new IllegalArgumentException("missing '" + field + "'");
        }
        return v;
    }

    private static String textOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    private static Map<String, Double> numbers(JsonNode n) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNumber() && Double.isFinite(e.getValue().asDouble())) {
                m.put(e.getKey(), e.getValue().asDouble());
            }
        }
        return m;
    }

    /** Scalars as text; nested values as compact JSON, so nothing the runner recorded is lost. */
    private static Map<String, String> strings(JsonNode n) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            m.put(e.getKey(), v.isValueNode() ? (v.isNull() ? "" : v.asText()) : v.toString());
        }
        return m;
    }

    private static List<String> list(JsonNode n) {
        List<String> l = new ArrayList<>();
        n.forEach(v -> l.add(v.asText()));
        return l;
    }

    /**
     * Decodes a block's histogram once, as the file is read, so that every figure, chart and
     * comparison works from the same decoded value and a corrupt one fails the read itself.
     *
     * @throws IllegalArgumentException naming the trial and probe when the histogram is corrupt
     */
    private static Histogram histogram(String base64, String origin) {
        if (base64 == null || base64.isEmpty()) {
            return null;
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            // HdrHistogram reports a truncated or mangled payload with whatever the decoder tripped on
            // (BufferUnderflowException, ArrayIndexOutOfBoundsException...): a user's file, not our bug.
            throw new IllegalArgumentException(origin + ": corrupt histogram (not a base64 compressed HdrHistogram: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()) + ")", e);
        }
    }
}
