package org.jvmmark.results;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A trial's {@code instruments} block: read into {@link Instruments} and written back in the same shape. Each instrument's summary is kept by dotted path ({@code safepoints.longestMillis})
 * so that a figure an instrument adds later needs no change here: numbers become figures, the text fields
 * {@code file} and {@code flameGraph} files, any other text a label. Stateless and thread-safe.
 */
final class InstrumentsJson {
    static final String OUTLIERS = "outliers";
    /** The text fields that name a file the instrument left. */
    static final java.util.Set<String> FILE_FIELDS = java.util.Set.of("file", "flameGraph");

    private InstrumentsJson() {
    }

    /**
     * The block as the file has it. An instrument whose status is missing or none of the three (a file another
     * version of jvmmark wrote) is read as {@link Instruments.Status#NO_DATA}, its reason saying so: the block
     * is informational, and one such entry must not make the rest of the file unreadable.
     */
    static Instruments read(JsonNode block) {
        if (block == null || !block.isObject()) {
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
        return ResultsMapper.read(o, Instruments.Outliers.class);
    }

    /**
     * The block as the file has it: per instrument its title, status, reason and summary, its paths
     * ({@code safepoints.longestMillis}) nested back into objects; then {@code outliers}.
     */
    static ObjectNode write(Instruments in) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        in.instruments().forEach((key, i) -> {
            ObjectNode o = n.putObject(key);
            o.put("title", i.title());
            o.put("status", i.status().toString());
            if (!i.reason().isEmpty()) {
                o.put("reason", i.reason());
            }
            i.labels().forEach((path, v) -> at(o, path).put(leaf(path), v));
            i.files().forEach((path, v) -> at(o, path).put(leaf(path), v));
            i.figures().forEach((path, v) -> at(o, path).set(leaf(path), ResultsMapper.tree(v)));
        });
        if (in.outliers() != null) {
            n.set(OUTLIERS, ResultsMapper.tree(in.outliers()));
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
