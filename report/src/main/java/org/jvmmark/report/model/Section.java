package org.jvmmark.report.model;

import java.util.List;
import java.util.Map;

/**
 * Everything the report says about one workload. Immutable, hence thread-safe.
 *
 * @param params the parameters every row shares (rows that differ show theirs in their label)
 * @param commonFlags the tuning flags every row shares (the rest show in the row labels)
 * @param tables one latency table per probe, then the metrics table; empty when nothing ran ok
 * @param warnings each distinct warning line with the labels of the rows that reported it
 * @param headlines who won, per workload or variant family: what the first screen shows; for a workload
 *     that declares questions, on its first question's headline figure
 * @param answers one line per declared question and group of comparable rows ({@link Answer}), shown first
 */
public record Section(String workload, Map<String, String> params, List<String> commonFlags, List<Row> rows,
                      List<Table> tables, Map<String, List<String>> warnings, List<Headline> headlines,
                      List<Answer> answers) {
    /** A section of a workload that declares no questions. */
    public Section(String workload, Map<String, String> params, List<String> commonFlags, List<Row> rows,
                   List<Table> tables, Map<String, List<String>> warnings, List<Headline> headlines) {
        this(workload, params, commonFlags, rows, tables, warnings, headlines, List.of());
    }

    /** The paired contrasts the judge estimated for this section's answers: its share of the report's family. */
    public int estimated() {
        return (int) answers.stream().flatMap(a -> a.figures().stream())
                .filter(f -> f.judgement() != null && f.judgement().estimated()).count();
    }

    public Section {
        answers = List.copyOf(answers);
        commonFlags = List.copyOf(commonFlags);
        params = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params));
        rows = List.copyOf(rows);
        tables = List.copyOf(tables);
        headlines = List.copyOf(headlines);
        warnings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(warnings));
    }
}
