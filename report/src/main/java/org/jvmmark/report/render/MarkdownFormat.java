package org.jvmmark.report.render;

import org.jvmmark.report.words.Words;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;

/** {@code markdown}: a run's report.md, and a pull-request comment for a comparison or a check. Stateless and thread-safe. */
final class MarkdownFormat extends Format {
    MarkdownFormat() {
        super("markdown");
    }

    @Override
    public String write(RunAnswer run) {
        return Words.withMoreCommand(run.model().moreCommand(), () -> MarkdownRenderer.render(run.model()));
    }

    @Override
    public String write(CompareAnswer c) {
        return CompareMarkdown.markdown(c.comparison(), c.nameA(), c.nameB(), c.onlyChanges(), c.requireAll());
    }

    @Override
    public String write(CheckAnswer check) {
        return CheckMarkdown.markdown(check);
    }
}
