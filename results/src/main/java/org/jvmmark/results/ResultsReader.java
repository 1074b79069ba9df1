package org.jvmmark.results;

import java.io.IOException;
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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
        Discarded discarded = d == null || !d.isObject() ? Discarded.NONE : ResultsJson.read(d, Discarded.class);
        discarded = new Discarded(discarded.metrics(), decoded(discarded.latency(), "trial " + t.path("id").asText("(no id)")
                + " discarded"), discarded.series());
        JsonNode dr = t.get("driver");
        DriverRun driver = dr == null || !dr.isObject() ? null : ResultsJson.read(dr, DriverRun.class);
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
        return p.isObject() ? ResultsJson.read(p, ProcessFacts.class) : ProcessFacts.NONE;
    }

    /** Each probe with its histogram decoded; {@code origin} names the trial in messages. */
    private static Map<String, Probe> probes(JsonNode all, String origin) {
        return decoded(ResultsJson.readMap(all, Probe.class), origin);
    }

    private static Map<String, Probe> decoded(Map<String, Probe> probes, String origin) {
        Map<String, Probe> latency = new LinkedHashMap<>();
        probes.forEach((name, p) -> latency.put(name, p.decoded(origin + " probe " + name)));
        return latency;
    }

    /**
     * The metrics fit to be shown and ranked. One that is not (no finite value, a negative size) is
     * left out with a warning added to {@code warnings}: so the file that is written back says why
     * it is missing, and reading that file again changes nothing.
     */
    private static Map<String, Metric> usableMetrics(JsonNode all, List<String> warnings) {
        Map<String, Metric> metrics = new LinkedHashMap<>();
        ResultsJson.readMap(all, Metric.class).forEach((name, m) -> {
            if (usable(name, m, warnings)) {
                metrics.put(name, m);
            }
        });
        return metrics;
    }

    /**
     * Whether metric {@code name} is fit to be shown and ranked; when it is not (no finite value, a
     * negative size) a warning saying why is added to {@code warnings}. The one rule for the file and for
     * a trial built in code ({@link TrialBuilder}).
     */
    static boolean usable(String name, Metric m, List<String> warnings) {
        if (!Double.isFinite(m.value())) {
            // One unusable figure must not cost the whole report: leave it out and say so.
            warnings.add("metric '" + name + "' has no finite value (" + m.value() + ") and is left out");
            return false;
        }
        if (isBytes(m.unit()) && (m.value() < 0 || java.util.Arrays.stream(m.samples()).anyMatch(v -> v < 0))) {
            // A negative size is a measuring error (a counter that wrapped, a "not measured" -1),
            // and ranked as "lower is better" it would win.
            warnings.add("metric '" + name + "' has a negative size (" + ResultsJson.plain(m.value()) + " " + m.unit() + ") and is left out");
            return false;
        }
        return true;
    }

    /** The series, each y axis as long as its x axis. */
    private static Map<String, Series> series(JsonNode all) {
        Map<String, Series> out = ResultsJson.readMap(all, Series.class);
        out.forEach((name, s) -> s.y().forEach(y -> {
            if (y.values().length != s.x().values().length) {
                throw new IllegalArgumentException("series '" + name + "': y '" + y.name() + "' has "
                        + y.values().length + " values for " + s.x().values().length + " x values");
            }
        }));
        return out;
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
}
