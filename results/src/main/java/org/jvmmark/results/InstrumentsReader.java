package org.jvmmark.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a trial's {@code instruments} block into {@link Instruments}. Each instrument's summary is
 * kept as figures by path ({@code safepoints.longestMillis}) so that a figure an instrument adds later
 * needs no change here. Stateless and thread-safe.
 */
final class InstrumentsReader {
    private static final String OUTLIERS = "outliers";

    private InstrumentsReader() {
    }

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
            Map<String, Double> figures = new LinkedHashMap<>();
            Map<String, String> files = new LinkedHashMap<>();
            flatten("", i, figures, files);
            instruments.put(e.getKey(), new Instruments.Instrument(e.getKey(), i.path("title").asText(e.getKey()),
                    i.path("status").asText(""), i.path("reason").asText(""), figures, files));
        }
        JsonNode o = block.path(OUTLIERS);
        Instruments.Outliers outliers = null;
        if (o.isObject()) {
            Map<String, Integer> gc = new LinkedHashMap<>();
            int partly = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = o.path("gcPauses").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                gc.put(e.getKey(), e.getValue().path("samples").asInt());
                partly += e.getValue().path("partly").asInt();
            }
            outliers = new Instruments.Outliers(o.path("source").asText(""), o.path("samples").asInt(), gc, partly,
                    o.path("inSafepoint").asInt(), o.path("unexplained").asInt(), o.path("text").asText(""));
        }
        return new Instruments(instruments, outliers);
    }

    /** Numbers into {@code figures} by dotted path; text fields naming files ({@code file}, {@code flameGraph}) into {@code files}. */
    private static void flatten(String prefix, JsonNode n, Map<String, Double> figures, Map<String, String> files) {
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (v.isNumber()) {
                figures.put(path, v.asDouble());
            } else if (v.isObject()) {
                flatten(path + ".", v, figures, files);
            } else if (v.isTextual() && (e.getKey().equals("file") || e.getKey().equals("flameGraph"))) {
                files.put(path, v.asText());
            }
        }
    }
}
