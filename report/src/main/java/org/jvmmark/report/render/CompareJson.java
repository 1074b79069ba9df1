package org.jvmmark.report.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.results.Results;

/**
 * {@code compare --format json}: the comparison for a program, schema {@value #SCHEMA}. The shape, documented in
 * {@code docs/ci.md} and pinned by a golden file:
 *
 * <pre>
 * { "schema": "jvmmark/compare/1", "exitStatus": 0|1|5, "exitMeaning": "...",
 *   "threshold": 0.05, "conclusion": ["REGRESSED: ...", "  queue-latency · ...", ...], "notes": [...],
 *   "a": {"name", "profile", "created", "trials"}, "b": {...},
 *   "lines": [ { "workload", "row", "figure", "a", "b", "change", "verdict", "gating", "why", "tell",
 *               "effect": {"ratio", "low", "high", "confidence"} or null } ] }
 * </pre>
 *
 * {@code verdict} is one of regressed, improved, no difference, cannot tell, not judged, not compared, still not ok;
 * {@code effect} is B ÷ A with its interval (a bound that was not estimated is null). A new field may be added within
 * version 1; a field removed or changed in meaning makes version 2. Stateless and thread-safe.
 */
public final class CompareJson {
    public static final String SCHEMA = "jvmmark/compare/1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CompareJson() {
    }

    public static String json(Comparison c, String nameA, String nameB, boolean onlyChanges, boolean requireAll) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("schema", SCHEMA);
        int status = new CompareAnswer(c, nameA, nameB, onlyChanges, requireAll).exitStatus();
        root.put("exitStatus", status);
        root.put("exitMeaning", Words.exitMeaning(status));
        root.put("threshold", c.threshold());
        ArrayNode conclusion = root.putArray("conclusion");
        CompareRenderer.conclusion(c, requireAll).forEach(conclusion::add);
        ArrayNode notes = root.putArray("notes");
        c.notes().forEach(notes::add);
        side(root.putObject("a"), nameA, c.a().results());
        side(root.putObject("b"), nameB, c.b().results());
        ArrayNode lines = root.putArray("lines");
        for (Comparison.Line l : c.lines()) {
            if (onlyChanges && !l.isChange()) {
                continue;
            }
            ObjectNode o = lines.addObject();
            o.put("workload", l.workload());
            o.put("row", l.row());
            o.put("figure", l.figure());
            o.put("a", l.a());
            o.put("b", l.b());
            o.put("change", l.change());
            o.put("verdict", l.verdict().words());
            o.put("gating", l.gating());
            o.put("why", l.why());
            o.put("tell", l.tell());
            effect(o, l.effect());
        }
        return pretty(root);
    }

    /** {@code root} indented, with a final line break. */
    public static String pretty(ObjectNode root) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Puts {@code "effect": {"ratio", "low", "high", "confidence"}} into {@code o}, or null when there is none. */
    public static void effect(ObjectNode o, Effect e) {
        if (e == null) {
            o.putNull("effect");
            return;
        }
        ObjectNode eo = o.putObject("effect");
        number(eo, "ratio", e.ratio());
        number(eo, "low", e.low());
        number(eo, "high", e.high());
        number(eo, "confidence", e.confidence());
    }

    private static void side(ObjectNode o, String name, Results r) {
        o.put("name", name);
        o.put("profile", r.profile());
        o.put("created", r.created());
        o.put("trials", r.trials().size());
    }

    /** A finite number as it is, NaN or an infinity as null (JSON has neither). */
    private static void number(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }
}
