package org.jvmmark.report.model;

import java.util.List;
import org.jvmmark.report.judge.ExitStatus;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.judge.Effect;

/**
 * Two result sets side by side: per matched row and figure, A, B, the change and a verdict. Built by
 * {@code ComparisonBuilder}; immutable, hence thread-safe.
 *
 * @param threshold the relative change that counts, as a fraction
 * @param notes facts about the comparison itself (e.g. the profiles differ), one sentence each
 * @param refused why the sides are not the same measurement ({@code SameMeasurement}: another host class), one clause
 *     each; every gating figure is then "cannot tell" and the conclusion's first line says why. Empty when they are
 */
public record Comparison(ReportModel a, ReportModel b, double threshold, List<Line> lines, List<String> notes,
                         List<String> refused) {
    public Comparison {
        lines = List.copyOf(lines);
        notes = List.copyOf(notes);
        refused = List.copyOf(refused);
    }

    /** Two sides that are the same measurement. */
    public Comparison(ReportModel a, ReportModel b, double threshold, List<Line> lines, List<String> notes) {
        this(a, b, threshold, lines, notes, List.of());
    }

    /** How a figure moved from A to B. */
    public enum Verdict {
        REGRESSED("regressed"), IMPROVED("improved"),
        /** The whole interval of the change lies within ±threshold. */
        NO_CHANGE("no difference"),
        /** The evidence cannot decide (the interval reaches past the threshold, too few forks, the machine's levels
         * confounded with the change): the reason and what would tell are in the line. */
        CANNOT_TELL("cannot tell"),
        /** Not judged: a percentile this machine cannot support. */
        NOT_TRUSTED("not judged"),
        /** Not judged: a rate every fork held at its target on both sides (says the load was met, not how fast). */
        PINNED("not judged"),
        /** Not judged: a fact about the run, not a score. */
        FACT("not judged"),
        /** Not judged: a latency timed from the actual start (not corrected for coordinated omission), on one side or both. */
        NOT_CORRECTED("not judged"),
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
     * @param judgement the judge's answer for a judged figure, null for a status line or a figure not judged
     * @param gating whether the line decides the exit status: a row's status, a workload's headline figure (the
     *     first figure of each question it declares), or every judged figure with {@code --gate all}
     */
    public record Line(String workload, String row, String figure, String a, String b, String change, Verdict verdict,
                       String why, Effect effect, boolean beyondThreshold, String tell, Judgement judgement,
                       boolean gating) {
        /** "queue-latency · Temurin 25.0.1 · G1 · endToEnd p50". */
        public String name() {
            return workload + " · " + row + " · " + figure;
        }

        /** What {@code --only-changes} lists: calls, rows on one side only, and moves past the threshold no test could judge. */
        public boolean isChange() {
            return switch (verdict) {
                case REGRESSED, IMPROVED, NOT_COMPARED, CANNOT_TELL -> true;
                default -> false;
            };
        }
    }

    /** The regressions that decide the exit status (a row's status, a gating figure). */
    public List<Line> regressions() {
        return with(Verdict.REGRESSED).stream().filter(Line::gating).toList();
    }

    /** Figures judged worse that do not decide the exit status (not a headline figure; {@code --gate all} makes them). */
    public List<Line> worseNotGating() {
        return with(Verdict.REGRESSED).stream().filter(l -> !l.gating()).toList();
    }

    public List<Line> improvements() {
        return with(Verdict.IMPROVED);
    }

    /** Rows present on one side only. */
    public List<Line> notCompared() {
        return with(Verdict.NOT_COMPARED);
    }

    /** The gating figures the evidence could not decide. */
    public List<Line> cannotTell() {
        return with(Verdict.CANNOT_TELL).stream().filter(Line::gating).toList();
    }

    /**
     * The one answer of the whole comparison, {@code compare}'s exit status ({@link ExitStatus}): 1 when a figure
     * or a row's status regressed, else 5 when a figure cannot be told and could be worse past the threshold, or
     * nothing could be judged at all, else 0.
     */
    public int exitStatus() {
        if (!regressions().isEmpty()) {
            return ExitStatus.REGRESSED;
        }
        // Nothing judged says nothing: "no regression" is a finding, never the default (issue 48).
        return nothingJudged() ? ExitStatus.CANNOT_TELL : ExitStatus.of(judgements());
    }

    /** The judge's answers for every gating figure, in line order: what the exit status rests on. */
    public List<Judgement> judgements() {
        return lines.stream().filter(Line::gating).map(Line::judgement).filter(java.util.Objects::nonNull).toList();
    }

    /** How many figures were judged. */
    public long judged() {
        return judgements().size();
    }

    /** Whether not one figure could be judged: that is "cannot tell", never "no regression". */
    public boolean nothingJudged() {
        return judged() == 0 && regressions().isEmpty();
    }

    public List<Line> with(Verdict v) {
        return lines.stream().filter(l -> l.verdict() == v).toList();
    }
}
