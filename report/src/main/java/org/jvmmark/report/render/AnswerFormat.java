package org.jvmmark.report.render;

import org.jvmmark.report.Comparison;

/**
 * How a gate's answer is printed ({@code compare --format}, {@code history check --format}): {@code text} for a person at
 * a terminal (the default), {@code markdown} for a pull-request comment, {@code json} for a program; for {@code compare}
 * also side B's figures for the tools teams run, {@code bmf} (Bencher Metric Format) and {@code github}
 * (github-action-benchmark's JSON), see {@link BenchmarkExport}. The lowercase names are the option's values. Stateless
 * and thread-safe.
 */
public enum AnswerFormat {
    text, markdown, json, bmf, github;

    /** Whether this is an export of figures ({@link BenchmarkExport}) rather than an answer. */
    public boolean export() {
        return this == bmf || this == github;
    }

    /**
     * {@code compare}'s answer in this format.
     *
     * @param onlyChanges list only the lines that moved (see {@link Comparison.Line#isChange})
     * @param requireAll whether a row on one side only fails the comparison
     */
    public String render(Comparison c, String nameA, String nameB, boolean onlyChanges, boolean requireAll) {
        return switch (this) {
            case text -> CompareRenderer.text(c, nameA, nameB, onlyChanges, requireAll);
            case markdown -> CompareMarkdown.markdown(c, nameA, nameB, onlyChanges, requireAll);
            case json -> CompareJson.json(c, nameA, nameB, onlyChanges, requireAll);
            case bmf -> BenchmarkExport.bmf(c.b());
            case github -> BenchmarkExport.githubActionBenchmark(c.b());
        };
    }

    /** {@code compare}'s exit status: 1 when a row on one side only fails it under {@code requireAll}, else the comparison's. */
    public static int exitStatus(Comparison c, boolean requireAll) {
        return requireAll && !c.notCompared().isEmpty() ? 1 : c.exitStatus();
    }

    /** One sentence per exit status of a gate, as the Markdown and the JSON say them. */
    public static String exitMeaning(int status) {
        return switch (status) {
            case 0 -> "0: no regression — no gating figure could be worse by more than the threshold";
            case 1 -> "1: regression — a gating figure is worse beyond noise and the threshold, or a row failed";
            case 5 -> "5: cannot tell — nothing regressed, but some gating figure could be worse past the threshold; "
                    + "the conclusion says what would tell (usually more forks or runs)";
            default -> status + ": see ./jvmmark --help";
        };
    }
}
