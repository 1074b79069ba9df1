package org.jvmmark.report.render;

import org.jvmmark.report.model.CompareAnswer;
import org.jvmmark.report.model.RunAnswer;

/** {@code bmf}: a run's figures as Bencher Metric Format ({@link BenchmarkExport#bmf}); of a comparison, side B's. Stateless. */
final class BmfFormat extends Format {
    BmfFormat() {
        super("bmf");
    }

    @Override
    public String write(RunAnswer run) {
        return BenchmarkExport.bmf(run.model());
    }

    @Override
    public String write(CompareAnswer c) {
        return BenchmarkExport.bmf(c.comparison().b());
    }
}
