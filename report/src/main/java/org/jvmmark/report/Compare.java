package org.jvmmark.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.jvmmark.results.ResultsReader;

/**
 * {@code jvmmark compare A B}: matches the trials of two result directories and prints, per figure,
 * A, B, the change and a verdict (see {@link ComparisonBuilder} for the method). Stateless and
 * thread-safe.
 */
public final class Compare {
    private Compare() {
    }

    /**
     * @param threshold the relative change that counts, as a fraction (0.05 = 5 %)
     * @param htmlOrNull where to write the comparison as HTML too, or null
     * @param out where the comparison table is printed
     * @return 0 when nothing regressed, 1 when something did
     * @throws IOException for an unreadable or missing results.json, or one with a corrupt histogram (one-line message)
     * @throws IllegalArgumentException for a negative threshold
     */
    public static int compare(Path dirA, Path dirB, double threshold, Path htmlOrNull, PrintStream out)
            throws IOException {
        ComparisonBuilder.checkThreshold(threshold); // before any file is read
        ReportModel a = ModelBuilder.build(ResultsReader.readDir(dirA));
        ReportModel b = ModelBuilder.build(ResultsReader.readDir(dirB));
        Comparison c = ComparisonBuilder.compare(a, b, threshold);
        out.print(CompareRenderer.text(c, dirA.toString(), dirB.toString()));
        out.flush();
        if (htmlOrNull != null) {
            Report.write(htmlOrNull, CompareRenderer.html(c, dirA.toString(), dirB.toString()));
        }
        return c.regressions().isEmpty() ? 0 : 1;
    }
}
