package org.jvmmark.history;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.jvmmark.report.render.AnswerFormat;
import org.jvmmark.report.render.CompareJson;

/**
 * {@code history check --format json}: the check for a program, schema {@value #SCHEMA}:
 *
 * <pre>
 * { "schema": "jvmmark/history-check/1", "exitStatus": 0|1|5, "exitMeaning": "...", "conclusion": "...",
 *   "series": [ { "id", "machine", "workload", "params", "jvm", "variant", "figure", "unit",
 *                 "answer": "worse"|"cannot tell"|"better"|"no difference"|null, "why",
 *                 "effect": {"ratio", "low", "high", "confidence"} or null } ] }
 * </pre>
 *
 * Every series checked is listed, judged or not ({@code answer} null and {@code why} saying why not). Stateless and
 * thread-safe.
 */
public final class CheckJson {
    public static final String SCHEMA = "jvmmark/history-check/1";

    private CheckJson() {
    }

    public static String json(List<HistoryJudge.Verdict> verdicts) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("schema", SCHEMA);
        int status = CheckText.exitStatus(verdicts);
        root.put("exitStatus", status);
        root.put("exitMeaning", AnswerFormat.exitMeaning(status));
        root.put("conclusion", CheckText.conclusion(verdicts));
        ArrayNode series = root.putArray("series");
        for (HistoryJudge.Verdict v : verdicts) {
            SeriesKey k = v.series().key();
            ObjectNode o = series.addObject();
            o.put("id", v.series().id());
            o.put("machine", k.machine());
            o.put("workload", k.workload());
            o.put("params", k.params());
            o.put("jvm", k.jvm());
            o.put("variant", k.variant());
            o.put("figure", k.readableName());
            o.put("unit", v.series().unit());
            if (v.answer() == null) {
                o.putNull("answer");
            } else {
                o.put("answer", v.answer().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            }
            o.put("why", CheckText.detail(v));
            CompareJson.effect(o, v.judgement() == null ? null : v.judgement().effect());
        }
        return CompareJson.pretty(root);
    }
}
