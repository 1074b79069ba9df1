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
import java.util.Set;
import java.util.zip.DataFormatException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;

/**
 * Reads {@code results.json} into {@link Results}. Tolerates fields it does not know (the runner and
 * workloads add their own) and missing optional ones; a file that is not a results file gives one
 * readable line. Stateless and thread-safe.
 */
public final class ResultsReader {
    /** A results file larger than this is refused before it is parsed; jvmmark's own are far smaller. */
    public static final long MAX_FILE_BYTES = 1L << 30;
    /** Overrides {@link #MAX_FILE_BYTES} (bytes). */
    public static final String MAX_FILE_BYTES_PROPERTY = "jvmmark.results.maxBytes";
    /** One histogram's base64 text: HdrHistogram's bounded counts array compresses to far less. */
    static final int MAX_HISTOGRAM_CHARS = 16 << 20;

    private static final ObjectMapper MAPPER = JsonValues.MAPPER;
    private static final Set<String> ROOT = Set.of("$schema", "schema", "created", "finished", "updated", "profile", "host", "command", "trials");
    private static final Set<String> TRIAL = Set.of("id", "workload", "workloadClass", "module", "params", "variant", "gc",
            "workloadVariant", "variantJvmArgs", "fork", "profile", "started", "jdk", "jvm", "status", "error", "logs",
            "process", "command", "stderrTail", "hsErr", "metrics", "latency", "series", "info", "warnings", "discarded", "driver", "machine",
            "instruments");
    private static final Set<String> JVM = Set.of("home", "version", "feature", "vendor", "vmName", "args", "gc");
    private static final Set<String> PROCESS = Set.of("peakRssBytes", "wallSeconds", "cpuSeconds", "exitCode", "pid", "timedOut",
            "cpusAllowed", "cpusRequested", "disturbance");
    private static final Set<String> DISTURBANCE = Set.of("windowSeconds", "otherCpuSeconds", "otherCpus", "stealSeconds",
            "loadAverage", "thresholdCpus", "disturbed", "reason", "rerunAs", "rerunOf");
    private static final Set<String> METRIC = Set.of("value", "unit", "better", "samples");
    private static final Set<String> PROBE = Set.of("unit", "count", "coCorrected", "targetRate", "achievedRate", "fellBehind",
            "arrivals", "percentiles", "uncorrected", "runs", "histogram", "jitter");
    private static final Set<String> RUN = Set.of("count", "percentiles", "gcEvents");
    private static final Set<String> JITTER = Set.of("thresholdNanos", "count", "percentiles");
    private static final Set<String> DRIVER = Set.of("status", "error", "process", "command", "stderrTail", "hsErr", "jvm", "info");

    private ResultsReader() {
    }

    /** Reads {@code dir/results.json}. */
    public static Results readDir(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException("not a directory: " + dir);
        }
        return read(dir.resolve("results.json"));
    }

    /**
     * Reads a results file of at most {@link #maxFileBytes()} bytes.
     *
     * @throws IOException one line when it is missing, too large, not JSON or not a results file
     */
    public static Results read(Path file) throws IOException {
        JsonNode root;
        long size = Files.exists(file) ? Files.size(file) : 0;
        if (size > maxFileBytes()) {
            throw new IOException(file + " is too large to be a results file (" + size / (1 << 20) + " MiB, the limit is "
                    + maxFileBytes() / (1 << 20) + " MiB; set -D" + MAX_FILE_BYTES_PROPERTY + " to raise it)");
        }
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IOException("no results file: " + file);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not valid JSON (line " + e.getLocation().getLineNr() + "): "
                    + e.getOriginalMessage());
        }
        return results(root, file.toString());
    }

    /**
     * A results file already parsed (one merged from several, say).
     *
     * @param origin what to call it in messages (its path)
     */
    public static Results results(JsonNode root, String origin) throws IOException {
        Object file = origin;
        if (root == null || !root.isObject()) {
            throw new IOException(file + " is not a results file: expected a JSON object");
        }
        String schema = root.path("schema").asText("");
        checkSchema(schema, origin);
        checkHistogramMemory(root.path("trials"), origin);
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
        Map<String, Object> host = JsonValues.object(root.path("host"));
        return new Results(schema, root.path("created").asText(""), textOrNull(root.get("finished")),
                root.path("profile").asText(""), JsonValues.strings(host), trials, textOrNull(root.get("updated")), host,
                JsonValues.object(root.path("command")), JsonValues.rest(root, ROOT));
    }

    /**
     * Refuses a file that is not {@value Results#SCHEMA}, in one line: one of a newer major version says so and
     * which version this jvmmark reads.
     */
    static void checkSchema(String schema, String origin) throws IOException {
        if (Results.SCHEMA.equals(schema)) {
            return;
        }
        String family = "jvmmark/results/";
        if (schema.startsWith(family) && schema.substring(family.length()).matches("[0-9]{1,9}")
                && Integer.parseInt(schema.substring(family.length())) > Results.MAJOR) {
            throw new IOException(origin + " was written by a newer jvmmark (schema " + schema + "); this one reads "
                    + Results.SCHEMA + ": upgrade jvmmark to read it");
        }
        throw new IOException(origin + " is not a " + Results.SCHEMA + " file: has schema '" + schema + "', expected '"
                + Results.SCHEMA + "'");
    }

    /**
     * One trial record as the runner assembled it (the same shape as in the file).
     *
     * @throws IllegalArgumentException when it lacks a workload, has an unknown status or a corrupt histogram
     */
    public static Trial trial(JsonNode t) {
        String workload = required(t, "workload");
        // A trial whose JVM never ran may have only the runner's "jdk" block.
        JsonNode j = t.path("jvm").isObject() ? t.path("jvm") : t.path("jdk");
        JvmInfo jvm = jvm(j);
        ProcessFacts process = process(t.path("process"));
        List<String> warnings = list(t.path("warnings"));
        Map<String, Metric> metrics = usableMetrics(t.path("metrics"), warnings);
        Map<String, Probe> latency = probes(t.path("latency"), "trial " + t.path("id").asText("(no id)"));
        TrialStatus status = TrialStatus.of(t.path("status").asText(""));
        // The runner records the variant's own flags; without them, guess from what the JVM received.
        List<String> variantJvmArgs = t.path("variantJvmArgs").isArray() ? list(t.get("variantJvmArgs")) : null;
        List<String> flags = variantJvmArgs != null ? variantJvmArgs : jvm.tuningFlags();
        Map<String, Object> params = JsonValues.object(t.path("params"));
        Map<String, Object> info = JsonValues.object(t.path("info"));
        JsonNode jdk = t.get("jdk");
        JsonNode d = t.get("discarded");
        Discarded discarded = d == null || !d.isObject() ? Discarded.NONE : new Discarded(allMetrics(d.path("metrics")),
                probes(d.path("latency"), "trial " + t.path("id").asText("(no id)") + " discarded"), series(d.path("series")));
        JsonNode dr = t.get("driver");
        DriverRun driver = dr == null || !dr.isObject() ? null : new DriverRun(dr.path("status").asText(""),
                textOrNull(dr.get("error")), process(dr.path("process")), list(dr.path("command")), list(dr.path("stderrTail")),
                textOrNull(dr.get("hsErr")), dr.path("jvm").isObject() ? jvm(dr.get("jvm")) : null,
                JsonValues.object(dr.path("info")), JsonValues.rest(dr, DRIVER));
        Trial.Identity identity = new Trial.Identity(t.path("id").asText(""), workload, JsonValues.strings(params), params,
                t.path("variant").asText(""), textOrNull(t.get("workloadVariant")), t.path("fork").asInt(0),
                t.path("machine").asText(""));
        Trial.Outcome outcome = new Trial.Outcome(status, textOrNull(t.get("error")), process, list(t.path("command")),
                list(t.path("stderrTail")), textOrNull(t.get("hsErr")), discarded, driver);
        Trial.Measured measured = new Trial.Measured(metrics, latency, series(t.path("series")), JsonValues.strings(info),
                info, warnings);
        Trial.Provenance provenance = new Trial.Provenance(jvm,
                jdk == null || !jdk.isObject() ? null : ResultsJson.read(jdk, PlannedJdk.class),
                flags, variantJvmArgs, t.path("gc").asText(""), textOrNull(t.get("profile")), textOrNull(t.get("started")),
                textOrNull(t.get("logs")), textOrNull(t.get("workloadClass")), textOrNull(t.get("module")),
                InstrumentsReader.read(t.path("instruments")));
        return new Trial(identity, outcome, measured, provenance, JsonValues.rest(t, TRIAL));
    }

    /**
     * A forked JVM's own result file, already parsed: its status and error as it said them, its JVM, and
     * its measurements under the rules of this reader.
     *
     * @throws IllegalArgumentException when a latency block or series is malformed (a corrupt histogram, say)
     */
    public static ChildResult child(JsonNode doc) {
        List<String> warnings = list(doc.path("warnings"));
        Map<String, Metric> metrics = usableMetrics(doc.path("metrics"), warnings);
        Map<String, Probe> latency = probes(doc.path("latency"), "result");
        Map<String, Object> info = JsonValues.object(doc.path("info"));
        Trial.Measured measured = new Trial.Measured(metrics, latency, series(doc.path("series")), JsonValues.strings(info),
                info, warnings);
        return new ChildResult(doc.path("status").asText(TrialStatus.FAILED.json()), doc.path("error").isTextual() ? doc.get("error").asText() : null,
                doc.path("jvm").isObject() ? jvm(doc.get("jvm")) : null, measured);
    }

    private static JvmInfo jvm(JsonNode j) {
        return ResultsJson.read(j, JvmInfo.class);
    }

    private static ProcessFacts process(JsonNode p) {
        if (!p.isObject() || p.path("pid").isNull() && p.path("peakRssBytes").isNull() && p.path("wallSeconds").isNull()) {
            return ProcessFacts.NONE;
        }
        return new ProcessFacts(p.hasNonNull("peakRssBytes") ? p.get("peakRssBytes").asLong() : null, p.path("wallSeconds").asDouble(0),
                p.hasNonNull("cpuSeconds") ? p.get("cpuSeconds").asDouble() : null, p.hasNonNull("exitCode") ? p.get("exitCode").asInt() : null,
                p.hasNonNull("pid") ? p.get("pid").asLong() : null, p.hasNonNull("timedOut") ? p.get("timedOut").asBoolean() : null,
                textOrNull(p.get("cpusAllowed")), textOrNull(p.get("cpusRequested")), disturbance(p.get("disturbance")),
                JsonValues.rest(p, PROCESS));
    }

    /** The {@code disturbance} object of a process block, or null where it is absent (files that predate it). */
    private static Disturbance disturbance(JsonNode d) {
        if (d == null || !d.isObject()) {
            return null;
        }
        String reason = textOrNull(d.get("reason"));
        if (reason == null && d.path("disturbed").asBoolean(false)) {
            reason = "disturbed (no reason recorded)";
        }
        return new Disturbance(d.path("windowSeconds").asDouble(0), d.path("otherCpuSeconds").asDouble(0),
                d.path("stealSeconds").asDouble(0), d.hasNonNull("loadAverage") ? d.get("loadAverage").asDouble() : null,
                d.hasNonNull("thresholdCpus") ? d.get("thresholdCpus").asDouble() : null, reason, d.hasNonNull("rerunAs") ? d.get("rerunAs").asInt() : null,
                d.hasNonNull("rerunOf") ? d.get("rerunOf").asInt() : null);
    }

    private static Map<String, Probe> probes(JsonNode all, String origin) {
        Map<String, Probe> latency = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            latency.put(e.getKey(), probe(e.getValue(), origin + " probe " + e.getKey()));
        }
        return latency;
    }

    /** Every metric as recorded, finite or not (for {@code discarded}, kept for diagnosis). */
    private static Map<String, Metric> allMetrics(JsonNode all) {
        Map<String, Metric> metrics = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            metrics.put(e.getKey(), metric(e.getValue()));
        }
        return metrics;
    }

    /**
     * The metrics fit to be shown and ranked. One that is not (no finite value, a negative size) is
     * left out with a warning added to {@code warnings}: so the file that is written back says why
     * it is missing, and reading that file again changes nothing.
     */
    private static Map<String, Metric> usableMetrics(JsonNode all, List<String> warnings) {
        Map<String, Metric> metrics = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode value = e.getValue().path("value");
            if (value.isNumber() && Double.isFinite(value.asDouble())) {
                Metric m = metric(e.getValue());
                if (usable(e.getKey(), m, warnings)) {
                    metrics.put(e.getKey(), m);
                }
            } else {
                // One unusable figure must not cost the whole report: leave it out and say so.
                warnings.add("metric '" + e.getKey() + "' has no finite value (" + (value.isMissingNode() ? "missing" : value.asText()) + ") and is left out");
            }
        }
        return metrics;
    }

    /**
     * Whether metric {@code name} is fit to be shown and ranked; when it is not (no finite value, a
     * negative size) a warning saying why is added to {@code warnings}. The one rule for the file and for
     * a trial built in code ({@link TrialBuilder}).
     */
    static boolean usable(String name, Metric m, List<String> warnings) {
        if (!Double.isFinite(m.value())) {
            warnings.add("metric '" + name + "' has no finite value (" + m.value() + ") and is left out");
            return false;
        }
        if (isBytes(m.unit()) && (m.value() < 0 || java.util.Arrays.stream(m.samples()).anyMatch(v -> v < 0))) {
            // A negative size is a measuring error (a counter that wrapped, a "not measured" -1),
            // and ranked as "lower is better" it would win.
            warnings.add("metric '" + name + "' has a negative size (" + plain(m.value()) + " " + m.unit() + ") and is left out");
            return false;
        }
        return true;
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
        return new Series.Axis(a.path("name").asText(""), a.path("unit").asText(""), textOrNull(a.get("better")),
                textOrNull(a.get("summary")), values);
    }

    private static Metric metric(JsonNode m) {
        String better = m.path("better").asText("higher");
        JsonNode s = m.path("samples");
        double[] samples = new double[s.size()];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = s.get(i).asDouble();
        }
        JsonNode v = m.path("value");
        return new Metric(v.isNumber() ? v.asDouble() : Double.NaN, m.path("unit").asText(""), !"lower".equals(better), samples,
                !"none".equals(better), JsonValues.rest(m, METRIC));
    }

    private static Probe probe(JsonNode b, String origin) {
        List<Probe.Run> runs = new ArrayList<>();
        for (JsonNode r : b.path("runs")) {
            List<GcEvent> gc = r.has("gcEvents") ? new ArrayList<>() : null;
            for (JsonNode e : r.path("gcEvents")) {
                gc.add(ResultsJson.read(e, GcEvent.class));
            }
            runs.add(new Probe.Run(r.path("count").asLong(0), numbers(r.path("percentiles")), gc, JsonValues.rest(r, RUN)));
        }
        double target = b.path("targetRate").asDouble(0);
        double achieved = b.path("achievedRate").asDouble(0);
        // Older or hand-written blocks may lack the flag: fall back to the harness's own rule (1 % short).
        boolean behind = b.has("fellBehind") ? b.get("fellBehind").asBoolean()
                : target > 0 && achieved > 0 && achieved < target * 0.99;
        JsonNode j = b.get("jitter");
        Probe.Jitter jitter = j == null || !j.isObject() ? null
                : new Probe.Jitter(j.path("thresholdNanos").asDouble(0), j.path("count").asLong(0), numbers(j.path("percentiles")),
                        JsonValues.rest(j, JITTER));
        String encoded = textOrNull(b.get("histogram"));
        return new Probe(b.path("unit").asText("ns"), b.path("count").asLong(0), b.path("coCorrected").asBoolean(false),
                target, achieved, behind, numbers(b.path("percentiles")), numbers(b.path("uncorrected").path("percentiles")),
                runs, histogram(encoded, origin), jitter, origin, textOrNull(b.get("arrivals")), encoded,
                textOrNull(b.path("uncorrected").get("histogram")), JsonValues.rest(b, PROBE));
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

    private static List<String> list(JsonNode n) {
        List<String> l = new ArrayList<>();
        n.forEach(v -> l.add(v.asText()));
        return l;
    }

    /**
     * Refuses a file whose histograms, decoded, would take more than half the heap: each is within
     * {@link HistogramLimits}, but thousands of crafted ones would still end in an OutOfMemoryError.
     * A histogram that breaks a limit is left for {@link #histogram} to report by trial and probe.
     */
    private static void checkHistogramMemory(JsonNode trials, String origin) throws IOException {
        long budget = Runtime.getRuntime().maxMemory() / 2;
        long bytes = 0;
        for (JsonNode h : trials.findValues("histogram")) {
            if (!h.isTextual() || h.asText().length() > MAX_HISTOGRAM_CHARS) {
                continue;
            }
            try {
                bytes += 8L * HistogramLimits.check(Base64.getDecoder().decode(h.asText()));
            } catch (IllegalArgumentException corrupt) {
                continue;
            }
            if (bytes > budget) {
                throw new IOException(origin + ": corrupt histogram set: decoded, its histograms would take more than "
                        + budget / (1 << 20) + " MiB, half of this JVM's heap");
            }
        }
    }

    /**
     * The largest results file read: {@value #MAX_FILE_BYTES} bytes unless {@value #MAX_FILE_BYTES_PROPERTY} says otherwise.
     */
    static long maxFileBytes() {
        return Long.getLong(MAX_FILE_BYTES_PROPERTY, MAX_FILE_BYTES);
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
        if (base64.length() > MAX_HISTOGRAM_CHARS) {
            throw new IllegalArgumentException(origin + ": corrupt histogram (" + base64.length() + " base64 characters, more than "
                    + MAX_HISTOGRAM_CHARS + ")");
        }
        try {
            byte[] compressed = Base64.getDecoder().decode(base64);
            HistogramLimits.check(compressed); // before HdrHistogram sizes its arrays from the header
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
        } catch (DataFormatException | RuntimeException e) {
            // HdrHistogram reports a truncated or mangled payload with whatever the decoder tripped on
            // (BufferUnderflowException, ArrayIndexOutOfBoundsException...): a user's file, not our bug.
            throw new IllegalArgumentException(origin + ": corrupt histogram (not a base64 compressed HdrHistogram: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()) + ")", e);
        }
    }
}
