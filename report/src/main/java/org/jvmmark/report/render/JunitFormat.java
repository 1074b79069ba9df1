package org.jvmmark.report.render;

import static org.jvmmark.report.render.HtmlRenderer.esc;

import java.util.List;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.model.CompareAnswer;

/**
 * {@code junit}: a gate's answer as a JUnit XML test report, which CI servers (GitLab's {@code artifacts:reports:junit},
 * Jenkins, GitHub test-report actions) show beside a build's own tests: one test case per gating figure (a comparison's
 * line, a check's series), a regression a failure, "cannot tell" skipped with what would tell, the others passed. The
 * exit status stays the gate's. Stateless and thread-safe.
 */
final class JunitFormat extends Format {
    JunitFormat() {
        super("junit");
    }

    /** One test case: a regression fails it, "cannot tell" skips it, the rest pass. */
    private record Case(String className, String name, boolean failed, boolean skipped, String why) {
    }

    @Override
    public String write(CompareAnswer c) {
        return suite("jvmmark compare " + c.nameA() + " " + c.nameB(), c.comparison().lines().stream().filter(Comparison.Line::gating)
                .map(l -> new Case(l.workload(), l.row() + " · " + l.figure(), l.verdict() == Comparison.Verdict.REGRESSED,
                        l.verdict() == Comparison.Verdict.CANNOT_TELL, l.why() + (l.tell().isEmpty() ? "" : "; " + l.tell())))
                .toList());
    }

    @Override
    public String write(CheckAnswer check) {
        return suite("jvmmark history check", check.series().stream().filter(CheckAnswer.Series::gating)
                .map(s -> new Case(s.workload() + (s.params().isEmpty() ? "" : " " + s.params()) + " (machine " + s.machine() + ")",
                        s.name(), s.answer() == Judgement.Answer.WORSE,
                        s.answer() == Judgement.Answer.CANNOT_TELL || s.answer() == null, s.detail()))
                .toList());
    }

    private static String suite(String name, List<Case> cases) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"").append(esc(name))
                .append("\" tests=\"").append(cases.size())
                .append("\" failures=\"").append(cases.stream().filter(Case::failed).count())
                .append("\" errors=\"0\" skipped=\"").append(cases.stream().filter(Case::skipped).count()).append("\">\n");
        for (Case c : cases) {
            xml.append("  <testcase classname=\"").append(esc(c.className())).append("\" name=\"").append(esc(c.name())).append('"');
            String inner = c.failed() ? "failure" : c.skipped() ? "skipped" : null;
            xml.append(inner == null ? "/>\n" : ">\n    <" + inner + " message=\"" + esc(c.why()) + "\"/>\n  </testcase>\n");
        }
        return xml.append("</testsuite>\n").toString();
    }
}
