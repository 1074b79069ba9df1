package org.jvmmark.history;

import java.util.List;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.model.CheckAnswer;
import org.jvmmark.report.render.Formats;

/**
 * Builds {@code history check}'s answer ({@link CheckAnswer}) from the history judge's verdicts, each series worded
 * here — its name and why, in the report's words ({@link Words#why}): the effect with its interval, the run where it
 * began, the runs it rests on, and for "cannot tell" what would tell. The formats ({@link Formats}) lay it out.
 * Stateless and thread-safe.
 */
public final class CheckText {
    private CheckText() {
    }

    /** The check's answer: every verdict, judged or not, as the formats read it. */
    public static CheckAnswer answer(List<HistoryJudge.Verdict> verdicts) {
        return new CheckAnswer(verdicts.stream().map(v -> {
            SeriesKey k = v.series().key();
            return new CheckAnswer.Series(v.series().id(), k.machine(), k.workload(), k.params(), k.jvm(), k.variant(),
                    k.readableName(), v.series().unit(), name(v.series()), v.judgement(), v.gating(), detail(v), v.notComparable());
        }).toList());
    }

    /** The exit status of a check ({@link CheckAnswer#exitStatus}). */
    public static int exitStatus(List<HistoryJudge.Verdict> verdicts) {
        return answer(verdicts).exitStatus();
    }

    /** The check as text for a terminal ({@link Formats#TEXT}). */
    public static String text(List<HistoryJudge.Verdict> verdicts) {
        return Formats.TEXT.write(answer(verdicts));
    }

    /**
     * "Temurin 25.0.1 · G1 · p50 latency": the series without the machine, workload and parameters, its figure named as
     * the report and {@code compare} name it.
     */
    public static String name(HistoryStore.StoredSeries s) {
        SeriesKey k = s.key();
        return k.jvm() + " · " + k.variant() + " · " + k.readableName();
    }

    /**
     * The judgement of one series in words, without its name: "since run 9 (2026-11-09T00:00:00Z): 30 % slower (99.9 %
     * CI 25–35 %); 6 runs against a baseline of 8 from run 1".
     */
    public static String detail(HistoryJudge.Verdict v) {
        Judgement j = v.judgement();
        if (j == null) {
            return v.scope() == HistoryJudge.Scope.NOT_TRUSTED ? "not judged: p99 and deeper and max record the scheduler here"
                    : "not judged: no run since the accepted baseline";
        }
        if (v.notComparable() != null) {
            return v.notComparable();
        }
        String unit = v.series().unit();
        return switch (j.reason()) {
            case FAILED, FAILURES_UNCLEAR -> "the newest run: " + Words.why(j, unit);
            case TOO_FEW_FORKS -> tooFewRuns(v);
            default -> where(v) + ": " + Words.why(j, unit) + "; " + runs(v) + tell(v);
        };
    }

    /** Which runs the effect compares. */
    private static String where(HistoryJudge.Verdict v) {
        HistoryStore.Point at = v.since() != null ? v.since() : v.candidateFrom();
        if (v.scope() == HistoryJudge.Scope.NEWEST_RUNS) {
            return "the newest " + v.candidateRuns() + " runs (from run " + at.runId() + ")";
        }
        return "since run " + at.runId() + " (" + at.created() + ")";
    }

    private static String runs(HistoryJudge.Verdict v) {
        return plural(v.candidateRuns(), "run") + " against a baseline of " + v.baselineRuns() + " from run "
                + v.baselineFrom().runId();
    }

    /** What would tell, for a judgement that cannot tell on the runs it has: more runs a side. */
    private static String tell(HistoryJudge.Verdict v) {
        Judgement j = v.judgement();
        if (j.answer() != Judgement.Answer.CANNOT_TELL || j.forksToTell() <= 0) {
            return "";
        }
        return j.forksToTell() == Judgement.MORE_THAN_CAP ? "; more than " + Judgement.CAP + " runs a side would tell"
                : "; " + j.forksToTell() + " runs a side would tell";
    }

    private static String tooFewRuns(HistoryJudge.Verdict v) {
        int more = v.runsToTell();
        int runs = v.baselineRuns() + v.candidateRuns();
        if (v.scope() == HistoryJudge.Scope.NEWEST_RUNS) {
            return (runs <= 1 ? plural(runs, "measured run") + ": no baseline yet" : plural(runs, "measured run")
                    + " since the baseline") + "; " + HistoryJudge.MIN_RUNS + " for a baseline and " + HistoryJudge.MIN_RUNS
                    + " newest are needed: " + plural(more, "more run") + " would tell";
        }
        String effect = Double.isNaN(v.judgement().effect().ratio()) ? ""
                : ", " + Words.effect(v.series().unit(), v.judgement().effect()) + " so far";
        HistoryStore.Point at = v.since() != null ? v.since() : v.candidateFrom();
        if (more == 0) {
            return "a change at run " + at.runId() + effect + ", but the baseline before it has " + plural(v.baselineRuns(), "run")
                    + ", " + HistoryJudge.MIN_RUNS + " needed: accept a new baseline ('history accept " + v.series().id() + "@"
                    + at.runId() + "') to judge from there";
        }
        return "a change at run " + at.runId() + " (" + at.created() + ")" + effect + ": " + plural(v.candidateRuns(), "run")
                + " since the runs that found it, " + HistoryJudge.MIN_RUNS + " needed to confirm it: " + plural(more, "more run")
                + " would tell";
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
