package org.jvmmark.report.model;

import java.util.List;
import java.util.Map;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialStatus;

/**
 * One JVM variant of one workload — vendor, version, collector, flags, workload variant and
 * parameters — with all its forks. Immutable, hence thread-safe.
 *
 * @param label how the row is named in every rendering ("Temurin 25.0.1 · ZGC · virtual")
 */
public record Row(String label, JvmInfo jvm, String variant, List<String> flags, Map<String, String> params,
                  List<Trial> trials) {
    public Row {
        flags = List.copyOf(flags);
        // Sorted, not Map.copyOf: rows are ordered by their parameters' text, which must not change from run to run.
        params = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params));
        trials = List.copyOf(trials);
    }

    /** The status shown for a row none of whose forks ended ok (the first fork's), else {@code ok}. */
    public String status() {
        return (okTrials().isEmpty() ? trials.get(0).outcome().trialStatus() : TrialStatus.OK).json();
    }

    public List<Trial> okTrials() {
        return trials.stream().filter(Trial::ok).toList();
    }

    /** What the row's notes column says about forks that did not end ok, or "" when all did. */
    public String failureNote() {
        List<Trial> bad = trials.stream().filter(t -> !t.ok()).toList();
        if (bad.isEmpty()) {
            return "";
        }
        Trial first = bad.get(0);
        String error = first.outcome().error() == null ? "no reason recorded" : first.outcome().error();
        if (bad.size() == trials.size()) {
            // The renderers put the status itself in front, emphasised.
            return trials.size() == 1 ? error : "all " + trials.size() + " forks: " + error;
        }
        return bad.size() + " of " + trials.size() + " forks " + first.outcome().trialStatus().json() + ": " + error;
    }
}
