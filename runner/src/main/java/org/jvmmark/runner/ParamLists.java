package org.jvmmark.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.WorkloadInfo;

/**
 * Lists of parameter values, as JMH's {@code @Param}: {@code --param connections=100,1000} (or a
 * profile's {@code connections=100,1000}) makes one trial per value, each with that value alone and
 * {@code connections=100} in its variant label, so a report can draw a figure against the
 * parameter. Only parameters whose values can never contain a comma are lists: numbers, booleans
 * and choices ({@link WorkloadInfo#isListable}). Stateless and thread-safe.
 */
final class ParamLists {
    private ParamLists() {
    }

    /**
     * Every combination of the list-valued parameters, keyed by its label ({@code ""} when there
     * is no list), in the order the values were given.
     */
    static Map<String, Map<String, String>> expand(WorkloadInfo info, Map<String, String> params) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        out.put("", new LinkedHashMap<>(params));
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!e.getValue().contains(",") || !info.isListable(e.getKey())) {
                continue;
            }
            Map<String, Map<String, String>> next = new LinkedHashMap<>();
            for (Map.Entry<String, Map<String, String>> partial : out.entrySet()) {
                for (String value : values(e.getValue())) {
                    Map<String, String> p = new LinkedHashMap<>(partial.getValue());
                    p.put(e.getKey(), value);
                    String part = e.getKey() + "=" + value;
                    next.put(partial.getKey().isEmpty() ? part : partial.getKey() + "+" + part, p);
                }
            }
            out = next;
        }
        return out;
    }

    static List<String> values(String list) {
        List<String> values = new ArrayList<>();
        for (String v : list.split(",")) {
            if (!v.trim().isEmpty() && !values.contains(v.trim())) {
                values.add(v.trim());
            }
        }
        return values;
    }
}
