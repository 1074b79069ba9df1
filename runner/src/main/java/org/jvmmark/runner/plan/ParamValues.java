package org.jvmmark.runner.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.WorkloadInfo;

/**
 * A trial's parameters as {@code results.json} holds them: typed by each parameter's declared
 * {@link ParamType} ({@code INTEGER} → whole number, {@code NUMBER} → number, {@code BOOLEAN} →
 * boolean, anything else → string), so a reader compares and sorts {@code "rate": 100000}
 * as a number. Stateless and thread-safe.
 */
public final class ParamValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ParamValues() {
    }

    /** Every value typed by its parameter's declaration; an undeclared key stays a string. */
    public static ObjectNode typed(WorkloadInfo info, Map<String, String> params) {
        ObjectNode n = NODES.objectNode();
        params.forEach((k, v) -> n.set(k, typed(type(info, k), v)));
        return n;
    }

    /** Every value typed by its parameter's declaration, as a plain value (Long, Double, Boolean or String), in order. */
    public static Map<String, Object> values(WorkloadInfo info, Map<String, String> params) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        params.forEach((k, v) -> {
            JsonNode n = typed(type(info, k), v);
            out.put(k, n.isIntegralNumber() ? (Object) n.longValue() : n.isNumber() ? (Object) n.doubleValue()
                    : n.isBoolean() ? (Object) n.booleanValue() : n.textValue());
        });
        return out;
    }

    /**
     * The same, for parameters already recorded (as strings by older runs, or typed): each value is
     * read back through its declared type, so {@code "100_000"} and {@code 100000} compare equal.
     */
    public static ObjectNode typed(WorkloadInfo info, JsonNode recorded) {
        ObjectNode n = NODES.objectNode();
        recorded.properties().forEach(e -> n.set(e.getKey(),
                e.getValue().isValueNode() ? typed(type(info, e.getKey()), e.getValue().asText()) : e.getValue()));
        return n;
    }

    private static ParamType type(WorkloadInfo info, String name) {
        return info.parameters().stream().filter(p -> p.name().equals(name)).map(Parameter::type).findFirst()
                .orElse(ParamType.STRING);
    }

    /** A value that does not parse as its type (the planner rejects those first) stays a string. */
    public static JsonNode typed(ParamType type, String value) {
        try {
            switch (type) {
                case INTEGER:
                    return NODES.numberNode(Long.parseLong(value.trim().replace("_", "")));
                case NUMBER:
                    double d = Double.parseDouble(value.trim().replace("_", ""));
                    // NaN and infinities have no JSON form
                    return Double.isFinite(d) ? NODES.numberNode(d) : NODES.textNode(value);
                case BOOLEAN:
                    return value.equals("true") || value.equals("false") ? NODES.booleanNode(Boolean.parseBoolean(value))
                            : NODES.textNode(value);
                default:
                    return NODES.textNode(value);
            }
        } catch (NumberFormatException e) {
            return NODES.textNode(value);
        }
    }
}
