package org.jvmmark.report.render;

import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;

/**
 * {@code github}: a run's figures as github-action-benchmark's JSON ({@link BenchmarkExport#githubActionBenchmark}); of
 * a comparison, side B's. Stateless.
 */
final class GithubFormat extends Format {
    GithubFormat() {
        super("github");
    }

    @Override
    public String write(RunAnswer run) {
        return BenchmarkExport.githubActionBenchmark(run.model());
    }

    @Override
    public String write(CompareAnswer c) {
        return BenchmarkExport.githubActionBenchmark(c.comparison().b());
    }
}
