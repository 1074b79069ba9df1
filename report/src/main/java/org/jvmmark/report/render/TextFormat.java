package org.jvmmark.report.render;

import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;
import org.jvmmark.report.tune.TuneAnswer;

/** {@code text}: for a person at a terminal, every answer. Stateless and thread-safe. */
final class TextFormat extends Format {
    TextFormat() {
        super("text");
    }

    /** Who won, per workload, then the answers to the workloads' questions (see {@link ConsoleText}). */
    @Override
    public String write(RunAnswer run) {
        return ConsoleText.run(run.model());
    }

    @Override
    public String write(CompareAnswer c) {
        return CompareRenderer.text(c.comparison(), c.nameA(), c.nameB(), c.onlyChanges(), c.requireAll());
    }

    @Override
    public String write(CheckAnswer check) {
        return CheckRenderer.text(check);
    }

    /** "Which settings (objective; constraints):" then one line each. */
    @Override
    public String write(TuneAnswer tune) {
        return ConsoleText.tune(tune);
    }
}
