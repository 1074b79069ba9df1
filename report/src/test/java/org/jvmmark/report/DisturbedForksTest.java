package org.jvmmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.Disturbance;
import org.jvmmark.results.JvmInfo;
import org.jvmmark.results.Metric;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.report.words.ForkNotes;
import org.jvmmark.report.builders.ModelBuilder;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.words.SectionNotes;

/** A disturbed fork is named with its figure and is no evidence: the row's figure comes from the other forks. */
class DisturbedForksTest {
    private static Trial fork(int n, double score, Disturbance d) {
        JvmInfo jvm = new JvmInfo("/jdk", "17.0.1", 17, "Vendor", "VM", List.of(), List.of("G1 Young Generation"));
        return new TrialBuilder("w/vendor-17.0.1/default/fork" + n, "w").fork(n).jvm(jvm).status("ok", null).flags(List.of())
                .process(new ProcessFacts(1L, 10, 10.0, 0).withDisturbance(d))
                .metric("score", new Metric(score, "ops/s", true, new double[] {score})).build();
    }

    private static Results results() {
        Disturbance quiet = Disturbance.judged(10, 0.1, 0, 0.3, 0.25);
        return new Results("jvmmark/results/1", "", null, "quick", Map.of("cpus", "2"), List.of(
                fork(1, 100, quiet), fork(2, 20, Disturbance.judged(10, 19, 0, 2.5, 0.25).withRerunAs(4)), fork(3, 102, quiet),
                fork(4, 101, quiet.withRerunOf(2))));
    }

    @Test
    void shouldNameTheDisturbedForkWithItsFigureAndItsRerun() {
        assertEquals(List.of("vendor-17.0.1/default fork 2 disturbed: other processes used 1.90 CPUs on average during its "
                + "10.0 s window (more than 0.25); re-run as fork 4; its figures are left out"), ForkNotes.disturbed(results(), "w"));
        assertTrue(SectionNotes.of(results(), section(results(), "w")).stream().anyMatch(n -> n.startsWith("A fork was disturbed by other processes")));
        assertEquals(List.of(), ForkNotes.disturbed(results(), "other"));
    }

    @Test
    void shouldLeaveTheDisturbedForkOutOfTheRow() {
        Row row = ModelBuilder.build(results()).sections().get(0).rows().get(0);
        assertEquals(List.of(1, 3, 4), row.trials().stream().map(t -> t.identity().fork()).toList());
    }

    @Test
    void shouldShowARowAllOfWhoseForksWereDisturbedWithoutFigures() {
        Disturbance d = Disturbance.judged(10, 19, 0, 2.5, 0.25);
        Results r = new Results("jvmmark/results/1", "", null, "quick", Map.of("cpus", "2"), List.of(fork(1, 100, d), fork(2, 90, d)));
        Row row = ModelBuilder.build(r).sections().get(0).rows().get(0);
        assertEquals(2, row.trials().size());
        assertTrue(row.trials().stream().allMatch(t -> t.measured().metrics().isEmpty() && t.outcome().process().peakRssBytes() == null));
        assertEquals(2, ForkNotes.disturbed(r, "w").size());
    }

    @Test
    void shouldSayItInTheMarkdownReport() {
        String md = org.jvmmark.report.render.MarkdownRenderer.render(ModelBuilder.build(results()));
        assertTrue(md.contains("fork 2 disturbed: other processes used 1.90 CPUs"), md);
    }

    /** The section of {@code workload} in the report of {@code r}. */
    private static Section section(Results r, String workload) {
        return ModelBuilder.build(r, org.jvmmark.report.judge.Judge.DEFAULT_THRESHOLD).sections().stream()
                .filter(s -> s.workload().equals(workload)).findFirst().orElseThrow();
    }
}
