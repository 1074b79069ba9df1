package org.jvmmark.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A question a workload declared ({@code org.jvmmark.api.Question}), as recorded in {@code results.json}
 * under the top-level {@code "questions"} object, keyed by workload:
 * <pre>{@code
 * "questions": { "http": [ { "name": "virtual-vs-platform", "text": "Do virtual threads beat platform threads?",
 *                            "across": "variants", "figures": ["holdLatencyMillis", "requestsPerSecond"],
 *                            "baseline": "tomcat-platform", "variants": ["tomcat-virtual"] } ] }
 * }</pre>
 * The runner records the questions of every workload it planned; the report, {@code compare}, the
 * history and the planner read them from here, so the results file alone says what a run was for.
 * Immutable, hence thread-safe.
 *
 * @param name short identifier, unique within the workload
 * @param text the question as a person asks it
 * @param acrossVariants true when the workload's variants are compared on one JVM against {@code baseline};
 *     false when JVMs are ranked for one variant
 * @param figures the figures that answer it, most important first: a metric name, or {@code "probe pNN"}
 * @param baseline the baseline variant, "" when JVMs are ranked
 * @param variants the variants compared with the baseline (or ranked); empty: see {@code Question#variants}
 */
public record WorkloadQuestion(String name, String text, boolean acrossVariants, List<String> figures, String baseline,
                               List<String> variants) {
    /** The top-level key of {@code results.json} that holds the questions. */
    public static final String KEY = "questions";

    public WorkloadQuestion {
        figures = List.copyOf(figures);
        variants = List.copyOf(variants);
        baseline = baseline == null ? "" : baseline;
    }

    /** The headline figure: the first figure. */
    public String headline() {
        return figures.get(0);
    }

    /** This question as plain JSON values, in the layout above. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("text", text);
        m.put("across", acrossVariants ? "variants" : "jvms");
        m.put("figures", new ArrayList<>(figures));
        if (!baseline.isEmpty()) {
            m.put("baseline", baseline);
        }
        if (!variants.isEmpty()) {
            m.put("variants", new ArrayList<>(variants));
        }
        return m;
    }

    /** Reads the {@code "questions"} object (plain JSON values) of a results file: workload → its questions. */
    @SuppressWarnings("unchecked")
    public static Map<String, List<WorkloadQuestion>> fromJson(Object questions) {
        Map<String, List<WorkloadQuestion>> all = new LinkedHashMap<>();
        if (!(questions instanceof Map<?, ?> byWorkload)) {
            return all;
        }
        for (Map.Entry<?, ?> e : byWorkload.entrySet()) {
            List<WorkloadQuestion> list = new ArrayList<>();
            if (e.getValue() instanceof List<?> qs) {
                for (Object o : qs) {
                    if (o instanceof Map<?, ?> q && q.get("name") != null && q.get("figures") instanceof List<?> f && !f.isEmpty()) {
                        list.add(new WorkloadQuestion(String.valueOf(q.get("name")), String.valueOf(q.get("text")),
                                "variants".equals(q.get("across")), strings(f), q.get("baseline") == null ? "" : String.valueOf(q.get("baseline")),
                                q.get("variants") instanceof List<?> v ? strings(v) : List.of()));
                    }
                }
            }
            all.put(String.valueOf(e.getKey()), List.copyOf(list));
        }
        return all;
    }

    private static List<String> strings(List<?> values) {
        List<String> out = new ArrayList<>();
        for (Object v : values) {
            out.add(String.valueOf(v));
        }
        return out;
    }
}
