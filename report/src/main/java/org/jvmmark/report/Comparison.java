package org.jvmmark.report;

import java.util.List;

/**
 * Two result sets side by side: per matched row and figure, A, B, the change and a verdict. Built by
 * {@link ComparisonBuilder}; immutable, hence thread-safe.
 *
 * @param threshold the relative change that counts, as a fraction
 * @param notes facts about the comparison itself (e.g. the hosts differ), one sentence each
 */
public record Comparison(ReportModel a, ReportModel b, double threshold, List<Line> lines, List<String> notes) {
    public Comparison {
        lines = List.copyOf(lines);
        notes = List.copyOf(notes);
    }

    /** How a figure moved from A to B. */
    public enum Verdict {
        IMPROVED("improved"), REGRESSED("regressed"), NO_CHANGE("no significant change"),
        /** Moved beyond the threshold, but too few runs to tell it from noise: reported, never a regression. */
        UNTESTED("changed (untested: fewer than " + Significance.MIN_RUNS + " runs)"),
        UNTRUSTED("not judged"), MISSING("only in A"), NEW("only in B"), STILL_FAILING("still not ok");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * One compared figure (or one row's status when it has no figures to compare).
     *
     * @param figure "endToEnd p50", "score", or "status"
     * @param a the value in A, "" when absent
     * @param change relative change B vs A as text ("+30.2 %"), "" when none
     * @param why what the verdict rests on ("p<0.001", "threshold only: too few runs", "now timeout: ...")
     */
    public record Line(String workload, String row, String figure, String a, String b, String change, Verdict verdict,
                       String why) {
        /** "queue-latency · Temurin 25.0.1 · G1 · endToEnd p50". */
        public String name() {
            return workload + " · " + row + " · " + figure;
        }
    }

    public List<Line> regressions() {
        return lines.stream().filter(l -> l.verdict() == Verdict.REGRESSED).toList();
    }

    /** Changes beyond the threshold that could not be tested: more runs or forks would tell. */
    public List<Line> untested() {
        return lines.stream().filter(l -> l.verdict() == Verdict.UNTESTED).toList();
    }

    public List<Line> improvements() {
        return lines.stream().filter(l -> l.verdict() == Verdict.IMPROVED).toList();
    }
}
