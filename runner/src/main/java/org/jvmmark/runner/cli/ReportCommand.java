package org.jvmmark.runner.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jvmmark.report.render.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import org.jvmmark.runner.ExitStatus;
import org.jvmmark.runner.UserException;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.Text;

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

    @Override
    public Integer call() {
        if (!Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
            throw new UserException("no " + ResultsFile.NAME + " in " + dir);
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
}
