package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.Question;
import org.jvmmark.results.WorkloadQuestion;

/**
 * The questions the planned workloads declare ({@link Question}), as the results file records them
 * ({@link WorkloadQuestion}, the top-level {@value WorkloadQuestion#KEY} object): the run writes them
 * once so that the report, {@code compare} and the history read what a run was for from
 * {@code results.json} alone, without the workloads' classes. Stateless and thread-safe.
 */
public final class DeclaredQuestions {
    private DeclaredQuestions() {
    }

    /** Workload → its questions, for the workloads of {@code plan} in plan order; workloads that declare none are left out. */
    public static Map<String, List<WorkloadQuestion>> of(List<PlannedTrial> plan) {
        Map<String, List<WorkloadQuestion>> out = new LinkedHashMap<>();
        for (PlannedTrial t : plan) {
            CatalogEntry e = t.workload();
            if (!out.containsKey(e.name()) && !e.info().questions().isEmpty()) {
                out.put(e.name(), record(e.info().questions()));
            }
        }
        return out;
    }

    /** The declarations as recorded. */
    public static List<WorkloadQuestion> record(List<Question> questions) {
        List<WorkloadQuestion> out = new ArrayList<>();
        for (Question q : questions) {
            out.add(of(q));
        }
        return out;
    }

    /** One declaration as recorded. */
    public static WorkloadQuestion of(Question q) {
        return new WorkloadQuestion(q.name(), q.text(), q.across() == Question.Across.VARIANTS, Arrays.asList(q.figures()),
                q.baseline(), Arrays.asList(q.variants()));
    }

    /**
     * How {@code jvmmark list} says one question: "virtual-vs-platform: Do virtual threads beat platform
     * threads? — variants against tomcat-platform (each JVM on its own); figures holdLatencyMillis, …".
     */
    public static String describe(Question q) {
        String how = q.across() == Question.Across.VARIANTS
                ? "variants on the same JVM against " + (q.baseline().isEmpty() ? "the baseline" : q.baseline())
                        + (q.variants().length == 0 ? "" : " (" + String.join(", ", q.variants()) + ")")
                : "across JVMs" + (q.variants().length == 0 ? ", each variant on its own" : ", variants " + String.join(", ", q.variants()));
        return q.name() + ": " + q.text() + " — " + how + "; figures " + String.join(", ", q.figures())
                + " (headline first)";
    }
}
