package org.jvmmark.report.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.model.CheckAnswer;

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

    public static String json(CheckAnswer check) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("schema", SCHEMA);
        int status = check.exitStatus();
        root.put("exitStatus", status);
        root.put("exitMeaning", Words.exitMeaning(status));
        root.put("conclusion", check.conclusion());
        ArrayNode series = root.putArray("series");
        for (CheckAnswer.Series v : check.series()) {
            ObjectNode o = series.addObject();
            o.put("id", v.id());
            o.put("machine", v.machine());
            o.put("workload", v.workload());
            o.put("params", v.params());
            o.put("jvm", v.jvm());
            o.put("variant", v.variant());
            o.put("figure", v.figure());
            o.put("unit", v.unit());
            if (v.answer() == null) {
                o.putNull("answer");
            } else {
                o.put("answer", v.answerWords());
            }
            o.put("why", v.detail());
            CompareJson.effect(o, v.judgement() == null ? null : v.judgement().effect());
        }
        return CompareJson.pretty(root);
    }
}
