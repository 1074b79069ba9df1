package org.jvmmark.report.model;

import java.util.List;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.results.WorkloadQuestion;
import org.jvmmark.report.judge.Judgement;

/**
 * One line answering one of a workload's declared questions ({@link WorkloadQuestion}) for one group of
 * comparable rows: one JVM at one swept value for a question across variants ("Temurin 25.0.1 ·
 * connections=1000: tomcat-virtual against tomcat-platform — …"), or one variant at one swept value
 * for a question across JVMs. Every view shows these first. Built by the verdict code
 * ({@code QuestionAnswers}), never by a renderer. Immutable, hence thread-safe.
 *
 * @param workload the workload's name
 * @param question the question answered
 * @param context what the rows share ("Temurin 25.0.1 · connections=1000"), "" when nothing needs saying
 * @param heading the group's heading as a reader sees it ("Temurin 25.0.1 · tomcat: virtual against platform"), ""
 *     when the figures need none
 * @param figures one answer per figure the question names, in its order (figures not measured, or not
 *     fit to be featured, left out)
 * @param left figures named by the question but not featured, each with the reason
 *     ("endToEnd p99: closed loop, requests that waited for a connection not counted")
 * @param lines one line per figure's answer (figures whose answers read the same share one), then one for the figures
 *     not featured
 */
public record Answer(String workload, WorkloadQuestion question, String context, String heading, List<FigureAnswer> figures,
                     List<String> left, List<String> lines) {
    public Answer {
        figures = List.copyOf(figures);
        left = List.copyOf(left);
        lines = List.copyOf(lines);
    }

    /** The whole answer on one line, for a reader who reads only this: the heading, then the lines. */
    public String words() {
        return (heading.isEmpty() ? "" : heading + " — ") + String.join("; ", lines);
    }

    /**
     * One figure of the answer.
     *
     * @param figure the figure as the question names it ("holdLatencyMillis", "endToEnd p50")
     * @param label how a person reads it ("held-request latency (p50)")
     * @param candidate the candidate's row figure (geometric mean of its forks), in {@code unit}
     * @param baseline the baseline's row figure, in {@code unit}
     * @param unit the figure's unit
     * @param outcome what could be concluded: the judge's answer, or cannot tell where the figure was not judged
     * @param effect candidate ÷ baseline with its interval, or null when not computed
     * @param words the figure's part of the line
     * @param judgement the judge's answer, null when the figure was not judged (not trusted here)
     */
    public record FigureAnswer(String figure, String label, double candidate, double baseline, String unit,
                               Judgement.Answer outcome, Effect effect, String words,
                               Judgement judgement) {
    }
}
