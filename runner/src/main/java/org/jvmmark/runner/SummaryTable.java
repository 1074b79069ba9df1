package org.jvmmark.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The table printed at the end of {@code run} (and by {@code drive}): one row per trial with its
 * status, headline metric, end-to-end p50/p99 (CO-corrected where the workload corrects), peak RSS
 * and wall time; failures get their one-line reason below the table. Stateless.
 */
final class SummaryTable {
    private SummaryTable() {
    }

    static void print(PrintStream out, Iterable<JsonNode> trials) {
        List<String[]> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        rows.add(new String[] {"trial", "status", "metric", "p50", "p99", "peak RSS", "wall"});
        boolean uncorrected = false;
        for (JsonNode t : trials) {
            JsonNode process = t.path("process");
            JsonNode e2e = t.path("latency").path("endToEnd");
            uncorrected |= e2e.isObject() && !e2e.path("coCorrected").asBoolean(false);
            rows.add(new String[] {
                t.path("id").asText(),
                t.path("status").asText(),
                headline(t.path("metrics")),
                percentile(e2e, "50"),
                percentile(e2e, "99"),
                process.path("peakRssBytes").isNumber() && process.path("peakRssBytes").asLong() > 0 ? Text.bytes(process.path("peakRssBytes").asLong()) : "-",
                process.path("wallSeconds").isNumber() ? Text.seconds(process.path("wallSeconds").asDouble()) : "-"});
            if (!t.path("status").asText().equals("ok") && t.path("error").isTextual()) {
                errors.add(t.path("id").asText() + ": " + t.path("error").asText());
            }
        }
        Tables.print(out, rows);
        if (uncorrected) {
            out.println("* latency not corrected for coordinated omission");
        }
        for (String e : errors) {
            out.println("  " + e);
        }
    }

    /** {@code score} if the workload reports one, else its first metric: {@code name value unit}. */
    static String headline(JsonNode metrics) {
        if (!metrics.isObject() || metrics.isEmpty()) {
            return "-";
        }
        Map.Entry<String, JsonNode> chosen = null;
        for (Map.Entry<String, JsonNode> e : metrics.properties()) {
            if (chosen == null || e.getKey().equals("score")) {
                chosen = e;
            }
        }
        JsonNode m = chosen.getValue();
        return chosen.getKey() + " " + Text.number(m.path("value").asDouble()) + " " + m.path("unit").asText();
    }

    private static String percentile(JsonNode block, String p) {
        JsonNode v = block.path("percentiles").path(p);
        if (v.isMissingNode() || v.isNull()) {
            return "-";
        }
        String unit = block.path("unit").asText("ns");
        String shown = unit.equals("ns") ? Text.nanos(v.asDouble()) : Text.number(v.asDouble()) + " " + unit;
        return shown + (block.path("coCorrected").asBoolean(false) ? "" : "*");
    }
}
