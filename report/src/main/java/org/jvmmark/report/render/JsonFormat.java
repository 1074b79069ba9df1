package org.jvmmark.report.render;

import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;

/**
 * {@code json}: a gate's answer for a program, schemas {@value CompareJson#SCHEMA} and {@value CheckJson#SCHEMA} (a
 * run's own JSON is its results.json). Stateless and thread-safe.
 */
final class JsonFormat extends Format {
    JsonFormat() {
        super("json");
    }

    @Override
    public String write(CompareAnswer c) {
        return CompareJson.json(c.comparison(), c.nameA(), c.nameB(), c.onlyChanges(), c.requireAll());
    }

    @Override
    public String write(CheckAnswer check) {
        return CheckJson.json(check);
    }
}
