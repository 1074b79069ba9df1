package org.jvmmark.report;

import java.util.List;
import org.jvmmark.results.Results;
import org.jvmmark.results.TrialStatus;
import org.jvmmark.report.tune.TuneAnswer;

/**
 * What every rendering shows: the results, which percentiles are trusted (per workload, probe and
 * percentile), and one section per workload with its verdicts. Built by {@link ModelBuilder};
 * immutable, hence thread-safe.
 *
 * @param threshold the practical threshold the verdicts used, as a fraction (0.05 = 5 %)
 * @param tune the tuning run's answer, judged once here for every rendering of the model; null when not a tuning run
 */
public record ReportModel(Results results, NoiseVerdict noise, List<Section> sections, double threshold,
                          TuneAnswer tune, String moreCommand) {
    public ReportModel {
        sections = List.copyOf(sections);
    }

    /** The model of {@code results}, with the tuning run's answer judged from them (once). */
    public ReportModel(Results results, NoiseVerdict noise, List<Section> sections, double threshold) {
        this(results, noise, sections, threshold, results == null ? null : TuneAnswer.of(results), null);
    }

    /**
     * This model, worded as the report of a run whose "cannot tell" can be bought with {@code command} ({@link
     * Words#moreCommand}): its renderings word it inside {@link Words#withMoreCommand}.
     */
    public ReportModel withMoreCommand(String command) {
        return new ReportModel(results, noise, sections, threshold, tune, command);
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
