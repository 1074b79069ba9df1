package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.RunAnswer;
import org.jvmmark.report.render.Format;
import org.jvmmark.report.render.Formats;
import org.jvmmark.report.Report;
import org.jvmmark.results.ResultsReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.base.Text;

/** {@code jvmmark report DIR}: (re)renders DIR/report.html, DIR/report.md and DIR/results.csv. Stateless. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Render DIR/report.html, DIR/report.md and DIR/results.csv from DIR/results.json.")
public final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    private Streams main;

    @Parameters(paramLabel = "DIR", description = "A results directory written by 'jvmmark run'.")
    private Path dir;

    @Option(names = "--threshold", defaultValue = Threshold.DEFAULT, paramLabel = Threshold.LABEL, converter = Threshold.class,
            description = Threshold.HELP)
    private double threshold;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT", converter = FormatOption.class,
            completionCandidates = FormatOption.ForRun.class,
            description = "${COMPLETION-CANDIDATES}. text (default): render the report and print who won; any other: print"
            + " the run in that format and render nothing (markdown, html, csv: that file of the report; bmf: Bencher Metric"
            + " Format; github: github-action-benchmark's JSON, one benchmark per row).")
    private Format format;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
            throw new UserException("no " + ResultsFile.NAME + " in " + dir);
        }
        if (format != Formats.TEXT) {
            return export();
        }
        try {
            main.out().print(Report.verdictText(Report.render(dir, threshold)));
        } catch (IOException e) {
            if (ExitStatus.noSpace(e) != null) {
                main.err().println("jvmmark: no space left on the device; the report of " + dir + " is not written"
                        + " (free space, then run jvmmark report again)");
                return ExitStatus.NO_SPACE;
            }
            throw new UserException("cannot render " + dir + ": " + Text.firstLine(e.getMessage()));
        }
        for (String f : new String[] {"report.html", "report.md", "results.csv"}) {
            main.out().println("wrote " + dir.resolve(f));
        }
        return 0;
    }

    /** {@code --format} other than text: the run in that format on stdout, nothing written. */
    private int export() {
        ReportModel model;
        try {
            model = ModelBuilder.build(ResultsReader.readDir(dir), threshold);
        } catch (IOException | RuntimeException e) {
            throw new UserException("cannot read " + dir + ": " + Text.firstLine(String.valueOf(e.getMessage())));
        }
        try {
            main.out().print(format.write(new RunAnswer(model)));
            return 0;
        } catch (IllegalArgumentException e) {
            throw new UserException("report: " + e.getMessage());
        }
    }
}
