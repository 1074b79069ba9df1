package org.jvmmark.report.render;

import org.jvmmark.report.words.Words;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;

/** {@code html}: a run's report.html (offline, charts by a bundled Chart.js) and {@code compare --html}. Stateless and thread-safe. */
final class HtmlFormat extends Format {
    HtmlFormat() {
        super("html");
    }

    @Override
    public String write(RunAnswer run) {
        return Words.withMoreCommand(run.model().moreCommand(), () -> HtmlRenderer.render(run.model()));
    }

    @Override
    public String write(CompareAnswer c) {
        return CompareRenderer.html(c.comparison(), c.nameA(), c.nameB(), c.requireAll());
    }
}
