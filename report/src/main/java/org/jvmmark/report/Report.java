package org.jvmmark.report;

import java.io.IOException;
import java.nio.file.Path;
import org.jvmmark.report.words.AnswerList;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.model.RunAnswer;
import org.jvmmark.report.render.Formats;
import org.jvmmark.report.render.OutputFile;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;

/**
 * Renders a results directory: reads {@code DIR/results.json} and writes {@code DIR/report.html},
 * {@code DIR/report.md} and {@code DIR/results.csv}, each atomically (a reader never sees half a
 * file). Stateless and thread-safe for different directories.
 */
public final class Report {
    private Report() {
    }

    /**
     * @param resultsDir directory holding {@code results.json}
     * @throws IOException when results.json is missing, unreadable, not a results file or holds a corrupt
     *     histogram (one-line message)
     * @return the model rendered, e.g. for {@link #verdictText}
     */
    public static ReportModel render(Path resultsDir) throws IOException {
        return render(resultsDir, Judge.DEFAULT_THRESHOLD);
    }

    /**
     * @param threshold the smallest relative difference the verdicts call, as a fraction (0.05 = 5 %)
     * @return the model rendered, e.g. for {@link #verdictText}
     * @throws IllegalArgumentException for a negative threshold
     */
    public static ReportModel render(Path resultsDir, double threshold) throws IOException {
        return render(resultsDir, ResultsReader.readDir(resultsDir), threshold);
    }

    /**
     * Renders {@code results} — the ones a run holds in memory, as it wrote them to {@code resultsDir} — without
     * reading the file again.
     */
    public static ReportModel render(Path resultsDir, Results results, double threshold) throws IOException {
        Judge.checkThreshold(threshold);
        // a run's "cannot tell" names the command that buys the forks; a tuning race continues with tune --resume instead
        String more = results.command().tuning() ? null : Words.moreCommand(resultsDir);
        ReportModel model = Words.withMoreCommand(more, () -> ModelBuilder.build(results, threshold)).withMoreCommand(more);
        RunAnswer run = new RunAnswer(model);
        String html = Formats.HTML.write(run);
        write(resultsDir.resolve("report.md"), Formats.MARKDOWN.write(run));
        write(resultsDir.resolve("results.csv"), Formats.CSV.write(run));
        write(resultsDir.resolve("report.html"), html);
        return model;
    }

    /**
     * Who won, per workload, as aligned plain text for a terminal (the same lines as the reports' first table),
     * then the answers to the workloads' questions ({@link AnswerList}): the run in {@link Formats#TEXT}.
     */
    public static String verdictText(ReportModel model) {
        return Formats.TEXT.write(new RunAnswer(model));
    }

    static void write(Path file, String content) throws IOException {
        OutputFile.writeAtomically(file, content);
    }
}
