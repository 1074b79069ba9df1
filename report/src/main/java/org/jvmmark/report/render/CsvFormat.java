package org.jvmmark.report.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.jvmmark.report.model.RunAnswer;

/** {@code csv}: a run's results.csv, one row per trial and figure. Stateless and thread-safe. */
final class CsvFormat extends Format {
    CsvFormat() {
        super("csv");
    }

    @Override
    public String write(RunAnswer run) {
        try {
            return CsvRenderer.render(run.model().results());
        } catch (IOException e) { // written to a string: never, short of a bug
            throw new UncheckedIOException(e);
        }
    }
}
