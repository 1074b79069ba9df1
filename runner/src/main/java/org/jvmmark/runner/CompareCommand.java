package org.jvmmark.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jvmmark.report.Compare;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code jvmmark compare A B}: deltas with a verdict; exit status 1 on a regression. Stateless. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two results directories; exits with 1 when B regressed against A.")
final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    private Main main;

    @Parameters(index = "0", paramLabel = "DIR_A", description = "The baseline.")
    private Path a;

    @Parameters(index = "1", paramLabel = "DIR_B", description = "The candidate.")
    private Path b;

    @Option(names = "--threshold", defaultValue = "0.05", description = "Relative change that counts (default: 0.05 = 5 %%).")
    private double threshold;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as HTML.")
    private Path html;

    @Override
    public Integer call() {
        try {
            return Compare.compare(a, b, threshold, html, main.out);
        } catch (IOException | IllegalArgumentException e) {
            throw new UserException(Text.firstLine(e.getMessage()));
        }
    }
}
