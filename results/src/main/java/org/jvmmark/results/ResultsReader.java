package org.jvmmark.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jvmmark.api.ForkMain;

/**
 * Reads {@code results.json} into {@link Results}. Tolerates fields it does not know (the runner and
 * workloads add their own) and missing optional ones; a file that is not a results file gives one
 * readable line. Stateless and thread-safe.
 */
public final class ResultsReader {
    /** A results file larger than this is refused before it is parsed; jvmmark's own are far smaller. */
    public static final long MAX_FILE_BYTES = 256L << 20;
    /** Overrides {@link #MAX_FILE_BYTES} (bytes). */
    public static final String MAX_FILE_BYTES_PROPERTY = "jvmmark.results.maxBytes";
    /** One histogram's base64 text: HdrHistogram's bounded counts array compresses to far less. */
    static final int MAX_HISTOGRAM_CHARS = 16 << 20;

    private static final ObjectMapper MAPPER = ResultsMapper.MAPPER;
    /** The field naming a file's format, in {@code results.json} and in a forked JVM's result file alike. */
    private static final String SCHEMA_FIELD = "schema";

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
        String schema = root.path(SCHEMA_FIELD).asText("");
        checkSchema(schema, origin);
        checkHistogramMemory(root.path("trials"), origin);
        checkFinitePercentiles(root.path("trials"), origin);
        List<Trial> trials = new ArrayList<>();
        ResultsJson top;
        try {
            top = ResultsMapper.read(root, ResultsJson.class);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage());
        }
        int i = 0;
        for (JsonNode t : top.trials() == null ? List.<JsonNode>of() : top.trials()) {
            i++;
            try {
                trials.add(trial(t));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": trial " + i + " (" + t.path("id").asText("no id") + "): " + e.getMessage());
            }
        }
        return top.results(trials);
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
        return ResultsMapper.read(t, TrialJson.class).trial();
    }

    /**
     * A forked JVM's own result file, already parsed: its status and error as it said them, its JVM, and
     * its measurements under the rules of this reader.
     *
     * @throws IllegalArgumentException when a latency block or series is malformed (a corrupt histogram, say)
     */
    public static ChildResult child(JsonNode doc) {
        return ResultsMapper.read(doc, TrialJson.class).child();
    }

    /**
     * A forked JVM's own result file ({@value ForkMain#SCHEMA}), parsed and bound by the model in one step, as
     * {@link #child(JsonNode)} reads it.
     *
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException in one line whose subject is the file: "is not a jvmmark/trial-result/1
     *     document" (not a JSON object, or another schema), or "is corrupt: ..." (not JSON, or a malformed block)
     */
    public static ChildResult child(Path file) throws IOException {
        JsonNode doc;
        try {
            doc = MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("is corrupt: " + firstLine(e.getOriginalMessage()));
        }
        if (doc == null || !doc.isObject() || !ForkMain.SCHEMA.equals(doc.path(SCHEMA_FIELD).asText())) {
            throw new IllegalArgumentException("is not a " + ForkMain.SCHEMA + " document");
        }
        try {
            return child(doc);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("is corrupt: " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.lines().filter(l -> !l.isBlank()).findFirst().orElse("").trim();
    }

    /** Units that measure a size: "bytes", "B", "KiB", "MB"... */
    public static boolean isBytes(String unit) {
        return unit.equalsIgnoreCase("bytes") || unit.equalsIgnoreCase("byte") || unit.matches("[KMGT]?i?B");
    }

    /**
     * Refuses a file whose histograms, decoded, would take more than half the heap: each is within
     * {@link HistogramLimits}, but thousands of crafted ones would still end in an OutOfMemoryError.
     * A histogram that breaks a limit is left for {@link HistogramLimits#decode} to report by trial and probe.
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
     * Refuses a file with a percentile that is not a finite number ({@code NaN}, {@code Infinity}, {@code 1e999},
     * or the same as text), naming the first. jvmmark writes such a value as null, so one in a file was put there by
     * another hand; left in, it would be dropped here but stored by an older reader, abort a history import midway
     * or poison a series. Metrics keep their own rule (left out with a warning, see {@link Metric}).
     */
    static void checkFinitePercentiles(JsonNode trials, String origin) throws IOException {
        int i = 0;
        for (JsonNode t : trials) {
            i++;
            String bad = nonFinitePercentile(t, "");
            if (bad != null) {
                throw new IOException(origin + ": trial " + i + " (" + t.path("id").asText("no id") + "): " + bad
                        + " is not a finite number");
            }
        }
    }

    /** "latency.endToEnd.percentiles.50 (Infinity)": the first percentile under {@code n} that is not finite, or null. */
    private static String nonFinitePercentile(JsonNode n, String path) {
        if (n.isObject()) {
            for (var it = n.fields(); it.hasNext(); ) {
                var e = it.next();
                String where = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                if (e.getKey().equals("percentiles") && e.getValue().isObject()) {
                    for (var p = e.getValue().fields(); p.hasNext(); ) {
                        var v = p.next();
                        if (!finite(v.getValue())) {
                            return where + "." + v.getKey() + " (" + v.getValue().asText() + ")";
                        }
                    }
                }
                String deeper = nonFinitePercentile(e.getValue(), where);
                if (deeper != null) {
                    return deeper;
                }
            }
        } else if (n.isArray()) {
            int k = 0;
            for (JsonNode e : n) {
                String deeper = nonFinitePercentile(e, path + "[" + k++ + "]");
                if (deeper != null) {
                    return deeper;
                }
            }
        }
        return null;
    }

    /** Whether a percentile's value is a finite number or null (text that names one: left to the binding). */
    private static boolean finite(JsonNode v) {
        if (v.isNumber()) {
            return Double.isFinite(v.doubleValue());
        }
        if (v.isTextual()) {
            try {
                return Double.isFinite(Double.parseDouble(v.asText()));
            } catch (NumberFormatException notANumber) {
                return true;
            }
        }
        return true;
    }

    /**
     * The largest results file read: {@value #MAX_FILE_BYTES} bytes unless {@value #MAX_FILE_BYTES_PROPERTY} says otherwise.
     */
    static long maxFileBytes() {
        return Long.getLong(MAX_FILE_BYTES_PROPERTY, MAX_FILE_BYTES);
    }
}
