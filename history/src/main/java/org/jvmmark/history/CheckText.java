package org.jvmmark.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jvmmark.report.Words;
import org.jvmmark.report.judge.ExitStatus;
import org.jvmmark.report.judge.Judgement;

/**
 * {@code history check}'s output for a person in a 100-column terminal: the answer first (one line, with what was and
 * was not judged), then, per machine, workload and parameters (named once, above), one line per series that
 * regressed, cannot be told, or improved: its JVM · variant · figure, then the judgement — the effect with its
 * interval in the report's words ({@link Words#why}), the run where it began, the runs it rests on, and for "cannot
 * tell" what would tell. No line is longer than {@value #WIDTH} characters. Stateless and thread-safe.
 */
public final class CheckText {
    /** The widest line printed. */
    public static final int WIDTH = 100;

    private CheckText() {
    }

    /** The exit status of a check ({@link ExitStatus}): 1 a regression in effect, else 5 if one could be, else 0. */
    public static int exitStatus(List<HistoryJudge.Verdict> verdicts) {
        return ExitStatus.of(judgements(verdicts));
    }

    private static List<Judgement> judgements(List<HistoryJudge.Verdict> verdicts) {
        return verdicts.stream().filter(HistoryJudge.Verdict::gating).map(HistoryJudge.Verdict::judgement)
                .filter(Objects::nonNull).toList();
    }

    /** The answer in one line, unwrapped: "REGRESSION: 1 regressed, 0 cannot tell, … series judged at the newest run; …". */
    public static String conclusion(List<HistoryJudge.Verdict> verdicts) {
        int worse = count(verdicts, Judgement.Answer.WORSE);
        int unsure = count(verdicts, Judgement.Answer.CANNOT_TELL);
        int better = count(verdicts, Judgement.Answer.BETTER);
        int same = count(verdicts, Judgement.Answer.NO_DIFFERENCE);
        int judged = (int) verdicts.stream().filter(HistoryJudge.Verdict::judged).count();
        int status = exitStatus(verdicts);
        String head = status == ExitStatus.REGRESSED ? "REGRESSION" : status == ExitStatus.CANNOT_TELL ? "CANNOT TELL"
                : "No regression";
        // Runs that are not the same measurement say so first: the reason, not a count, is what the user must act on.
        String refused = verdicts.stream().filter(v -> v.gating() && v.notComparable() != null).findFirst()
                .map(v -> name(v.series()) + ": " + v.notComparable() + "; ").orElse("");
        return head + ": " + refused + worse + " regressed, " + unsure + " cannot tell, " + better
                + " improved, " + same + " no difference of " + judged + " series judged at the newest run; "
                + (verdicts.size() - judged) + " not judged (p99 and deeper, max, or no run since the baseline).";
    }

    public static String text(List<HistoryJudge.Verdict> verdicts) {
        List<String> out = new ArrayList<>(wrap(conclusion(verdicts), ""));
        String group = null;
        for (HistoryJudge.Verdict v : listed(verdicts)) {
            SeriesKey k = v.series().key();
            String g = k.workload() + (k.params().isEmpty() ? "" : "  " + k.params().replace(",", ", ")) + "  (machine "
                    + k.machine() + ")";
            if (!g.equals(group)) {
                out.add("");
                out.addAll(wrap(g, "  "));
                group = g;
            }
            out.addAll(wrap("  " + label(v.answer()) + "  " + name(v.series()) + (v.gating() ? "" : " (not gating)"), "      "));
            out.addAll(wrap("      " + detail(v), "        "));
        }
        return String.join("\n", out) + "\n";
    }

    /** The series a check lists, in the order it lists them: the regressions, then those that cannot tell, then improvements. */
    public static List<HistoryJudge.Verdict> listed(List<HistoryJudge.Verdict> verdicts) {
        List<HistoryJudge.Verdict> out = new ArrayList<>();
        for (Judgement.Answer a : List.of(Judgement.Answer.WORSE, Judgement.Answer.CANNOT_TELL, Judgement.Answer.BETTER)) {
            verdicts.stream().filter(v -> v.answer() == a).forEach(out::add);
        }
        return out;
    }

    private static int count(List<HistoryJudge.Verdict> verdicts, Judgement.Answer a) {
        return (int) verdicts.stream().filter(v -> v.answer() == a).count();
    }

    private static String label(Judgement.Answer a) {
        return switch (a) {
            case WORSE -> "REGRESSION ";
            case CANNOT_TELL -> "cannot tell";
            case BETTER -> "improvement";
            case NO_DIFFERENCE -> "";
        };
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

    /** Breaks a line at spaces so that none is wider than {@link #WIDTH}; continuation lines get {@code indent}. */
    static List<String> wrap(String line, String indent) {
        List<String> out = new ArrayList<>();
        String rest = line;
        String prefix = "";
        while ((prefix + rest).length() > WIDTH) {
            int room = WIDTH - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room;
            }
            out.add((prefix + rest.substring(0, cut)).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            prefix = indent;
        }
        out.add(prefix + rest);
        return out;
    }
}
