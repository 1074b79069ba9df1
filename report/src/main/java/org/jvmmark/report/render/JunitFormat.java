package org.jvmmark.report.render;

import static org.jvmmark.report.render.HtmlRenderer.esc;

import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.judge.Judgement;
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

    @Override
    public String write(CompareAnswer c) {
        StringBuilder cases = new StringBuilder();
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        for (Comparison.Line l : c.comparison().lines()) {
            if (!l.gating()) {
                continue;
            }
            tests++;
            failures += l.verdict() == Comparison.Verdict.REGRESSED ? 1 : 0;
            skipped += l.verdict() == Comparison.Verdict.CANNOT_TELL ? 1 : 0;
            String why = l.why() + (l.tell().isEmpty() ? "" : "; " + l.tell());
            cases.append(testCase(l.workload(), l.row() + " · " + l.figure(), l.verdict() == Comparison.Verdict.REGRESSED,
                    l.verdict() == Comparison.Verdict.CANNOT_TELL, why));
        }
        return suite("jvmmark compare " + c.nameA() + " " + c.nameB(), tests, failures, skipped, cases);
    }

    @Override
    public String write(CheckAnswer check) {
        StringBuilder cases = new StringBuilder();
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        for (CheckAnswer.Series s : check.series()) {
            if (!s.gating()) {
                continue;
            }
            boolean worse = s.answer() == Judgement.Answer.WORSE;
            boolean unsure = s.answer() == Judgement.Answer.CANNOT_TELL || s.answer() == null;
            tests++;
            failures += worse ? 1 : 0;
            skipped += unsure ? 1 : 0;
            cases.append(testCase(s.workload() + (s.params().isEmpty() ? "" : " " + s.params()) + " (machine " + s.machine()
                    + ")", s.name(), worse, unsure, s.detail()));
        }
        return suite("jvmmark history check", tests, failures, skipped, cases);
    }

    private static String testCase(String className, String name, boolean failed, boolean skipped, String why) {
        String open = "  <testcase classname=\"" + esc(className) + "\" name=\"" + esc(name) + "\"";
        if (failed) {
            return open + ">\n    <failure message=\"" + esc(why) + "\"/>\n  </testcase>\n";
        }
        return skipped ? open + ">\n    <skipped message=\"" + esc(why) + "\"/>\n  </testcase>\n" : open + "/>\n";
    }

    private static String suite(String name, int tests, int failures, int skipped, CharSequence cases) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + esc(name) + "\" tests=\"" + tests
                + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped + "\">\n" + cases + "</testsuite>\n";
    }
}
