package org.jvmmark.report.render;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.jvmmark.report.AnswerList;
import org.jvmmark.report.ModelBuilder;
import org.jvmmark.report.Words;
import org.jvmmark.report.OutputFile;
import org.jvmmark.report.ReportModel;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneVerdicts;
import org.jvmmark.results.Results;
import org.jvmmark.results.ResultsReader;
import org.jvmmark.report.ContainerNotes;

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
        String html = Words.withMoreCommand(more, () -> HtmlRenderer.render(model));
        write(resultsDir.resolve("report.md"), Words.withMoreCommand(more, () -> MarkdownRenderer.render(model)));
        write(resultsDir.resolve("results.csv"), CsvRenderer.render(results));
        write(resultsDir.resolve("report.html"), html);
        return model;
    }

    /**
     * Who won, per workload, as aligned plain text for a terminal (the same lines as the reports' first table),
     * then the answers to the workloads' questions ({@link AnswerList}).
     */
    public static String verdictText(ReportModel model) {
        return Words.withMoreCommand(model.moreCommand(), () -> verdictTextOf(model));
    }

    private static String verdictTextOf(ReportModel model) {
        TuneAnswer tune = (model.results() == null ? null : TuneAnswer.of(model.results()));
        if (tune != null) {
            // A tuning run ends with which settings: its workload's questions compare JVMs, and the race's points are
            // not what they are asked of (each would print "cannot tell: … nothing to compare"); report.md keeps them.
            StringBuilder sb = new StringBuilder(TuneVerdicts.table(model, tune).text());
            sb.append("\nWhich settings (").append(tune.objectiveName())
                    .append(tune.record().constraints().isEmpty() ? "" : "; " + String.join(", ", tune.record().constraints()))
                    .append("):\n");
            tune.lines().forEach(l -> sb.append(l).append('\n'));
            return containers(model) + sb;
        }
        // The questions last, so that a run's console ends with the answers to what the workloads are for.
        String answers = AnswerList.of(model).text();
        return containers(model) + TuneVerdicts.table(model, null).text() + (answers.isEmpty() ? "" : "\n" + answers);
    }

    /** What the JVMs chose inside the user's container, beside the host's defaults, one paragraph a workload; "" without limits. */
    private static String containers(ReportModel model) {
        StringBuilder sb = new StringBuilder();
        ContainerNotes.all(model.results()).forEach(l -> sb.append(l).append("\n\n"));
        return sb.toString();
    }

    static void write(Path file, String content) throws IOException {
        OutputFile.writeAtomically(file, content);
    }
}
