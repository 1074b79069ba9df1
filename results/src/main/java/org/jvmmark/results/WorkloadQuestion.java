package org.jvmmark.results;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;


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
@JsonPropertyOrder({"name", "text", "across"})
public record WorkloadQuestion(String name, String text, @JsonIgnore boolean acrossVariants, List<String> figures,
                               @JsonInclude(JsonInclude.Include.NON_EMPTY) String baseline,
                               @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> variants) {
    /** The top-level key of {@code results.json} that holds the questions. */
    public static final String KEY = "questions";

    public WorkloadQuestion {
        figures = List.copyOf(figures);
        variants = List.copyOf(variants);
        baseline = baseline == null ? "" : baseline;
    }

    /** The headline figure: the first figure. */
    @JsonIgnore
    public String headline() {
        return figures.get(0);
    }

    /** "variants" or "jvms", as the file says what is compared. */
    @JsonProperty("across")
    public String across() {
        return acrossVariants ? "variants" : "jvms";
    }

    /**
     * A question as the file has it, or null for one that names no figure (it could answer nothing): the reader
     * leaves it out.
     */
    @JsonCreator
    static WorkloadQuestion fromFile(@JsonProperty("name") String name, @JsonProperty("text") String text,
                                     @JsonProperty("across") String across, @JsonProperty("figures") List<String> figures,
                                     @JsonProperty("baseline") String baseline, @JsonProperty("variants") List<String> variants) {
        if (name == null || figures == null || figures.isEmpty()) {
            return null;
        }
        return new WorkloadQuestion(name, String.valueOf(text), "variants".equals(across), figures, baseline,
                variants == null ? List.of() : variants);
    }
}
