package org.jvmmark.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a trial's {@code instruments} block into {@link Instruments}; {@link ResultsWriter} writes it
 * back in the same shape. Each instrument's summary is kept by dotted path ({@code safepoints.longestMillis})
 * so that a figure an instrument adds later needs no change here: numbers become figures, the text fields
 * {@code file} and {@code flameGraph} files, any other text a label. Stateless and thread-safe.
 */
final class InstrumentsReader {
    static final String OUTLIERS = "outliers";
    /** The text fields that name a file the instrument left. */
    static final java.util.Set<String> FILE_FIELDS = java.util.Set.of("file", "flameGraph");

    private InstrumentsReader() {
    }

    /**
     * The block as the file has it. An instrument whose status is missing or none of the three (a file another
     * version of jvmmark wrote) is read as {@link Instruments.Status#NO_DATA}, its reason saying so: the block
     * is informational, and one such entry must not make the rest of the file unreadable.
     */
    static Instruments read(JsonNode block) {
        if (!block.isObject()) {
            return Instruments.NONE;
        }
        Map<String, Instruments.Instrument> instruments = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = block.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals(OUTLIERS) || !e.getValue().isObject()) {
                continue;
            }
            JsonNode i = e.getValue();
            Map<String, String> labels = new LinkedHashMap<>();
            Map<String, Double> figures = new LinkedHashMap<>();
            Map<String, String> files = new LinkedHashMap<>();
            flatten("", i, labels, figures, files);
            String word = i.path("status").isTextual() ? i.path("status").asText() : null;
            java.util.Optional<Instruments.Status> known = Instruments.Status.of(word);
            Instruments.Status status = known.orElse(Instruments.Status.NO_DATA);
            String reason = i.path("reason").asText("");
            if (known.isEmpty()) {
                String notUnderstood = word == null ? "no status, not understood by this version"
                        : "status '" + word + "' not understood by this version";
                reason = reason.isEmpty() ? notUnderstood : notUnderstood + ": " + reason;
            }
            instruments.put(e.getKey(), new Instruments.Instrument(e.getKey(), i.path("title").asText(e.getKey()),
                    status, reason, labels, figures, files));
        }
        JsonNode o = block.path(OUTLIERS);
        return new Instruments(instruments, o.isObject() ? outliers(o) : null);
    }

    private static Instruments.Outliers outliers(JsonNode o) {
        Map<String, Instruments.Outliers.Cause> gc = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = o.path("gcPauses").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode c = e.getValue();
            gc.put(e.getKey(), new Instruments.Outliers.Cause(c.path("samples").asInt(), c.path("partly").asInt(),
                    c.path("longestPauseMillis").asDouble()));
        }
        List<Instruments.Outliers.Sample> worst = new ArrayList<>();
        for (JsonNode s : o.path("worst")) {
            worst.add(s.path("fellInside").isTextual()
                    ? new Instruments.Outliers.Sample(s.path("run").asInt(), s.path("latencyNanos").asLong(),
                            s.get("fellInside").asText(), s.path("share").asDouble(), s.path("pauseNanos").asLong())
                    : Instruments.Outliers.Sample.unexplained(s.path("run").asInt(), s.path("latencyNanos").asLong()));
        }
        return new Instruments.Outliers(o.path("source").asText(""), o.path("samples").asInt(), gc, o.path("inSafepoint").asInt(),
                o.path("longestSafepointMillis").asDouble(), o.path("unexplained").asInt(), o.path("text").asText(""), worst);
    }

    /** Numbers into {@code figures}, file names into {@code files}, other text into {@code labels}, by dotted path. */
    private static void flatten(String prefix, JsonNode n, Map<String, String> labels, Map<String, Double> figures,
                                Map<String, String> files) {
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (prefix.isEmpty() && (path.equals("title") || path.equals("status") || path.equals("reason"))) {
                continue;
            }
            if (v.isNumber()) {
                figures.put(path, v.asDouble());
            } else if (v.isObject()) {
                flatten(path + ".", v, labels, figures, files);
            } else if (v.isTextual() && FILE_FIELDS.contains(e.getKey())) {
                files.put(path, v.asText());
            } else if (v.isTextual()) {
                labels.put(path, v.asText());
            }
        }
    }
}
