package org.jvmmark.results;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import org.jvmmark.api.Json;

/**
 * The one Jackson mapper the model is bound with: the records of this package carry their field names
 * ({@code @JsonProperty}) and what is left out when empty ({@code @JsonInclude}); this class adds the two rules
 * every number of the file follows. Stateless and thread-safe.
 *
 * <ul>
 *   <li>A number is written by value: an integral one as an integer ({@code 310}, not {@code 310.0}), one that
 *       is not finite as {@code null} (JSON has no NaN).</li>
 *   <li>{@code NaN} and {@code Infinity} are read (a workload's figure may be one) rather than the file lost.</li>
 * </ul>
 */
final class ResultsMapper {
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addModule(new SimpleModule("jvmmark-numbers")
                    .addSerializer(Double.class, new NumberSerializer())
                    .addSerializer(Double.TYPE, new NumberSerializer())
                    .addSerializer(double[].class, new NumbersSerializer())
                    .addDeserializer(double[].class, new NumbersDeserializer()))
            .build();

    private ResultsMapper() {
    }

    /**
     * {@code node}'s fields, in file order, each as a {@code type}; a missing block as none.
     *
     * @throws IllegalArgumentException in one line when a field does not fit
     */
    static <V> Map<String, V> readMap(JsonNode node, Class<V> type) {
        if (node == null || !node.isObject()) {
            return new LinkedHashMap<>();
        }
        try {
            return MAPPER.readerFor(MAPPER.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, type)).readValue(node);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            throw new IllegalArgumentException(oneLine(e), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The questions of a result set from plain JSON values (workload → its questions); empty for none. */
    static Map<String, java.util.List<WorkloadQuestion>> questions(Object plain) {
        if (!(plain instanceof Map<?, ?>)) {
            return Map.of();
        }
        return MAPPER.convertValue(plain, new com.fasterxml.jackson.core.type.TypeReference<LinkedHashMap<String,
                java.util.List<WorkloadQuestion>>>() { });
    }

    /** A fork account from plain JSON values (or one already typed), or null for none. */
    static ForkAccount forkAccount(Object plain) {
        return plain == null ? null : MAPPER.convertValue(plain, ForkAccount.class);
    }

    /** JDK facts by label from plain JSON values; empty for none. */
    static Map<String, JvmFacts> jvmFacts(Object plain) {
        if (!(plain instanceof Map<?, ?>)) {
            return Map.of();
        }
        return MAPPER.convertValue(plain, new com.fasterxml.jackson.core.type.TypeReference<LinkedHashMap<String, JvmFacts>>() { });
    }

    /** {@code value} as the file holds it. */
    static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /**
     * {@code node} as a {@code type}; a missing block as an empty one (every field at its default).
     *
     * @throws IllegalArgumentException in one line when the node does not fit (a text where an object belongs, say)
     */
    static <T> T read(JsonNode node, Class<T> type) {
        try {
            return MAPPER.treeToValue(node == null || node.isMissingNode() || node.isNull() ? MAPPER.createObjectNode() : node, type);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            throw new IllegalArgumentException(oneLine(e), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** What went wrong and where ("process.pid: cannot read "x" as a number"). */
    private static String oneLine(com.fasterxml.jackson.databind.JsonMappingException e) {
        if (e.getCause() instanceof IllegalArgumentException own) {
            return own.getMessage();
        }
        String where = e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .reduce((a, b) -> b.startsWith("[") ? a + b : a + "." + b).orElse("");
        String what = e.getOriginalMessage().lines().findFirst().orElse("").replaceAll(" \\(for .*$", "");
        return where.isEmpty() ? what : "'" + where + "': " + what;
    }

    /** {@code v} as a person writes it: "12", "0.5" ({@link org.jvmmark.api.Json#number}). */
    static String plain(double v) {
        return Json.number(v);
    }

    private static void write(double v, JsonGenerator g) throws IOException {
        if (!Double.isFinite(v)) {
            g.writeNull();
        } else if (Json.integral(v)) {
            g.writeNumber((long) v);
        } else {
            g.writeNumber(v);
        }
    }

    private static final class NumberSerializer extends JsonSerializer<Double> {
        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            write(v, g);
        }
    }

    /** An array of numbers in which {@code null} (how a non-finite value is written) or a text is NaN. */
    private static final class NumbersDeserializer extends com.fasterxml.jackson.databind.JsonDeserializer<double[]> {
        @Override
        public double[] deserialize(com.fasterxml.jackson.core.JsonParser p, com.fasterxml.jackson.databind.DeserializationContext c)
                throws IOException {
            JsonNode a = p.readValueAsTree();
            double[] values = new double[a.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = a.get(i).isNumber() ? a.get(i).asDouble() : Double.NaN;
            }
            return values;
        }
    }

    private static final class NumbersSerializer extends JsonSerializer<double[]> {
        @Override
        public boolean isEmpty(SerializerProvider p, double[] values) {
            return values.length == 0;
        }

        @Override
        public void serialize(double[] values, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartArray(values, values.length);
            for (double v : values) {
                write(v, g);
            }
            g.writeEndArray();
        }
    }
}
