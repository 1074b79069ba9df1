package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void shouldWriteNestedValues() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("s", "a\"b\\c\n\u0001");
        m.put("n", 42L);
        m.put("d", 1.5);
        m.put("whole", 3.0);
        m.put("nan", Double.NaN);
        m.put("list", List.of(1, true));
        m.put("array", new long[] {1, 2});
        m.put("empty", Map.of());
        m.put("nil", null);
        String expected = "{\n"
                + "  \"s\": \"a\\\"b\\\\c\\n\\u0001\",\n"
                + "  \"n\": 42,\n"
                + "  \"d\": 1.5,\n"
                + "  \"whole\": 3,\n"
                + "  \"nan\": null,\n"
                + "  \"list\": [\n    1,\n    true\n  ],\n"
                + "  \"array\": [1, 2],\n"
                + "  \"empty\": {},\n"
                + "  \"nil\": null\n"
                + "}\n";
        assertEquals(expected, Json.write(m));
    }

    @Test
    void shouldRefuseUnknownTypes() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Json.write(Arrays.asList(new Object())));
    }
}
