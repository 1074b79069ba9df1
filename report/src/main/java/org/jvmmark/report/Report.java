package org.jvmmark.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
     */
    public static void render(Path resultsDir) throws IOException {
        Results results = ResultsReader.readDir(resultsDir);
        ReportModel model = ModelBuilder.build(results);
        String html = HtmlRenderer.render(model);
        write(resultsDir.resolve("report.md"), MarkdownRenderer.render(model));
        write(resultsDir.resolve("results.csv"), CsvRenderer.render(results));
        write(resultsDir.resolve("report.html"), html);
    }

    static void write(Path file, String content) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
