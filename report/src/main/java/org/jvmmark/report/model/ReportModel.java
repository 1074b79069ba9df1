package org.jvmmark.report.model;

import java.util.List;
import org.jvmmark.results.Results;
import org.jvmmark.results.TrialStatus;

/**
 * What every rendering shows: the results, which percentiles are trusted (per workload, probe and
 * percentile), and one section per workload with its verdicts. Built by {@code ModelBuilder};
 * immutable, hence thread-safe.
 *
 * <p>A tuning run's answer is not part of the model: the renderers ask {@code TuneAnswer.of(results)} (judged once
 * per results), so that the model knows nothing of the tuning room that reads it.
 *
 * @param threshold the practical threshold the verdicts used, as a fraction (0.05 = 5 %)
 * @param moreCommand the command that buys a run's missing answers, or null ({@link #withMoreCommand})
 */
public record ReportModel(Results results, NoiseVerdict noise, List<Section> sections, double threshold,
                          String moreCommand) {
    public ReportModel {
        sections = List.copyOf(sections);
    }

    /** The model of {@code results}, its "cannot tell" worded without a command to buy the answer. */
    public ReportModel(Results results, NoiseVerdict noise, List<Section> sections, double threshold) {
        this(results, noise, sections, threshold, null);
    }

    /**
     * This model, worded as the report of a run whose "cannot tell" can be bought with {@code command} ({@link
     * Words#moreCommand}): its renderings word it inside {@code Words#withMoreCommand}.
     */
    public ReportModel withMoreCommand(String command) {
        return new ReportModel(results, noise, sections, threshold, command);
    }

    /** Trials by status, e.g. "7 ok, 1 failed, 1 timeout, 1 unsupported". */
    public String statusSummary() {
        java.util.Map<String, Long> counts = new java.util.LinkedHashMap<>();
        for (TrialStatus s : List.of(TrialStatus.OK, TrialStatus.FAILED, TrialStatus.TIMEOUT, TrialStatus.UNSUPPORTED)) {
            long n = results.trials().stream().filter(t -> t.outcome().trialStatus() == s).count();
            if (n > 0) {
                counts.put(s.json(), n);
            }
        }
        StringBuilder sb = new StringBuilder();
        counts.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(v).append(' ').append(k));
        return sb.length() == 0 ? "no trials" : sb.toString();
    }
}
