package org.jvmmark.report;

import java.util.List;
import org.jvmmark.report.verdict.Effect;

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
        REGRESSED("regressed"), IMPROVED("improved"), NO_CHANGE("no change beyond noise"),
        /** The evidence cannot decide (forks disagree past the threshold, a lucky split between two levels, too
         * few forks for a move past the threshold): the reason and what would tell are in the line. */
        CANNOT_TELL("cannot tell"),
        /** Fewer than {@link ForkTest#MIN_FORKS} forks on a side: no test, never a regression. */
        TOO_FEW_FORKS("no verdict: too few forks"),
        /** The forks of one side disagree: shown, not judged. */
        UNSTABLE("unstable: not judged"),
        UNTRUSTED("not judged"),
        /** A row present on one side only (a subset rerun): listed, not a regression unless --require-all. */
        NOT_COMPARED("not compared"),
        STILL_FAILING("still not ok");

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
     * @param change B against A in the figure's words ("30 % slower", "same"), "" when none
     * @param why what the verdict rests on ("12 % slower (95 % CI 8–16 %), p=0.003 (Holm)", "only in A")
     * @param effect B ÷ A with its interval, or null when no figures were compared
     * @param beyondThreshold whether B differs from A by more than the threshold (whatever the verdict)
     * @param tell for CANNOT_TELL, what would tell ("7 forks a side would tell"); else ""
     */
    public record Line(String workload, String row, String figure, String a, String b, String change, Verdict verdict,
                       String why, Effect effect, boolean beyondThreshold, String tell) {
        /** "queue-latency · Temurin 25.0.1 · G1 · endToEnd p50". */
        public String name() {
            return workload + " · " + row + " · " + figure;
        }

        /** What {@code --only-changes} lists: calls, rows on one side only, and moves past the threshold no test could judge. */
        public boolean isChange() {
            return switch (verdict) {
                case REGRESSED, IMPROVED, NOT_COMPARED, CANNOT_TELL -> true;
                case TOO_FEW_FORKS, UNSTABLE -> beyondThreshold;
                default -> false;
            };
        }
    }

    public List<Line> regressions() {
        return with(Verdict.REGRESSED);
    }

    public List<Line> improvements() {
        return with(Verdict.IMPROVED);
    }

    /** Rows present on one side only. */
    public List<Line> notCompared() {
        return with(Verdict.NOT_COMPARED);
    }

    /** The figures the evidence could not decide: never a "no regression". */
    public List<Line> cannotTell() {
        return with(Verdict.CANNOT_TELL);
    }

    /**
     * The one answer of the whole comparison: 1 when something regressed, else 5 when something
     * cannot be told, else 0 — {@code compare}'s exit status.
     */
    public int exitStatus() {
        return !regressions().isEmpty() ? 1 : !cannotTell().isEmpty() || nothingJudged() ? 5 : 0;
    }

    /** How many figures were judged: changed, unchanged or cannot tell (a row's status is not a figure). */
    public long judged() {
        return lines.stream().filter(l -> switch (l.verdict()) {
            case NO_CHANGE, REGRESSED, IMPROVED, CANNOT_TELL -> !l.figure().equals("status");
            default -> false;
        }).count();
    }

    /**
     * Whether not one figure could be judged while some could have been, had their forks agreed or been
     * enough (unstable or too few forks): that is "cannot tell", never "no regression". Figures that are
     * never judged (facts, untrusted percentiles, pinned rates) do not make it so.
     */
    public boolean nothingJudged() {
        return judged() == 0 && regressions().isEmpty()
                && lines.stream().anyMatch(l -> l.verdict() == Verdict.UNSTABLE || l.verdict() == Verdict.TOO_FEW_FORKS);
    }

    public List<Line> with(Verdict v) {
        return lines.stream().filter(l -> l.verdict() == v).toList();
    }
}
