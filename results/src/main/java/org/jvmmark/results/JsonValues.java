package org.jvmmark.results;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Free-form JSON as plain Java values ({@code Map}, {@code List}, {@code String}, {@code Number},
 * {@code Boolean}, {@code null}): how the model keeps what it does not name (the {@code more} maps),
 * so that reading and writing a file loses nothing. Stateless and thread-safe.
 */
final class JsonValues {
    // NaN and Infinity are not JSON, but a workload's figure may be one: read them rather than lose the file.
    static final ObjectMapper MAPPER = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private JsonValues() {
    }

    /**
     * An immutable copy keeping the order; nested maps and lists are taken as they are. A map without an order
     * of its own (a {@code HashMap}: what Jackson hands a record's {@code @JsonAnySetter} parameter) is put in name
     * order, so that a block's unknown fields are written back in the same order every time.
     */
    static Map<String, Object> copy(Map<String, Object> m) {
        if (m == null || m.isEmpty()) {
            return Map.of();
        }
        boolean unordered = m instanceof java.util.HashMap && !(m instanceof LinkedHashMap);
        return Collections.unmodifiableMap(unordered ? new LinkedHashMap<>(new java.util.TreeMap<>(m)) : new LinkedHashMap<>(m));
    }

    /** An immutable copy keeping the order, without the entries that are not finite numbers (null, NaN). */
    static Map<String, Double> finite(Map<String, Double> m) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (m != null) {
            m.forEach((k, v) -> {
                if (v != null && Double.isFinite(v)) {
                    out.put(k, v);
                }
            });
        }
        return Collections.unmodifiableMap(out);
    }

    static Object plain(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() ? null : MAPPER.convertValue(n, Object.class);
    }

    /** The object's fields, in file order, as plain values. */
    static Map<String, Object> object(JsonNode n) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            m.put(e.getKey(), plain(e.getValue()));
        }
        return m;
    }

    /** The object's fields not in {@code known}, in file order, as plain values. */
    static Map<String, Object> rest(JsonNode n, Set<String> known) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!known.contains(e.getKey())) {
                m.put(e.getKey(), plain(e.getValue()));
            }
        }
        return m;
    }

    static JsonNode tree(Object plain) {
        return MAPPER.valueToTree(plain);
    }

    /** Display text: scalars as text, nested values as compact JSON. */
    static Map<String, String> strings(Map<String, Object> values) {
        Map<String, String> m = new LinkedHashMap<>();
        values.forEach((k, v) -> m.put(k, v == null ? "" : v instanceof Map || v instanceof java.util.List
                ? tree(v).toString() : v.toString()));
        return m;
    }
}
