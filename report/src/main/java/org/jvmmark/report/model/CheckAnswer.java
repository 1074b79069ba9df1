package org.jvmmark.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jvmmark.report.judge.ExitStatus;
import org.jvmmark.report.judge.Judgement;

/**
 * {@code history check}'s answer: one line per series checked, judged or not, each with its words already said by the
 * history (its name and why), so that a format only lays them out. Immutable.
 *
 * @param series every series checked, in the history's order
 */
public record CheckAnswer(List<Series> series) {
    public CheckAnswer {
        series = List.copyOf(series);
    }

    /**
     * One series and its judgement.
     *
     * @param id the series' id in the history
     * @param name "Temurin 25.0.1 · G1 · p50 latency": the series without machine, workload and parameters
     * @param figure the figure's readable name ("p50 latency")
     * @param judgement the judgement at the newest run, or null when not judged
     * @param gating whether it decides the exit status
     * @param detail why, in words: the effect with its interval and the runs it rests on, or why it was not judged
     * @param notComparable why the newest runs are not the same measurement as the baseline's (another host class, CO
     *     correction on one side…), or null
     */
    public record Series(long id, String machine, String workload, String params, String jvm, String variant, String figure,
                         String unit, String name, Judgement judgement, boolean gating, String detail, String notComparable) {
        /** The answer, or null when not judged. */
        public Judgement.Answer answer() {
            return judgement == null ? null : judgement.answer();
        }

        /** The answer as words are written: "cannot tell"; null when not judged. */
        public String answerWords() {
            return judgement == null ? null : judgement.answer().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** The exit status of a check ({@link ExitStatus}): 1 a regression in effect, else 5 if one could be, else 0. */
    public int exitStatus() {
        return ExitStatus.of(series.stream().filter(Series::gating).map(Series::judgement).filter(Objects::nonNull).toList());
    }

    /** The series a check lists, in the order it lists them: the regressions, then those that cannot tell, then improvements. */
    public List<Series> listed() {
        List<Series> out = new ArrayList<>();
        for (Judgement.Answer a : List.of(Judgement.Answer.WORSE, Judgement.Answer.CANNOT_TELL, Judgement.Answer.BETTER)) {
            series.stream().filter(v -> v.answer() == a).forEach(out::add);
        }
        return out;
    }

    /** The answer in one line, unwrapped: "REGRESSION: 1 regressed, 0 cannot tell, … series judged at the newest run; …". */
    public String conclusion() {
        int judged = (int) series.stream().filter(s -> s.judgement() != null).count();
        int status = exitStatus();
        String head = status == ExitStatus.REGRESSED ? "REGRESSION" : status == ExitStatus.CANNOT_TELL ? "CANNOT TELL"
                : "No regression";
        // Runs that are not the same measurement say so first: the reason, not a count, is what the user must act on.
        String refused = series.stream().filter(s -> s.gating() && s.notComparable() != null).findFirst()
                .map(s -> s.name() + ": " + s.notComparable() + "; ").orElse("");
        return head + ": " + refused + count(Judgement.Answer.WORSE) + " regressed, " + count(Judgement.Answer.CANNOT_TELL)
                + " cannot tell, " + count(Judgement.Answer.BETTER) + " improved, " + count(Judgement.Answer.NO_DIFFERENCE)
                + " no difference of " + judged + " series judged at the newest run; " + (series.size() - judged)
                + " not judged (p99 and deeper, max, or no run since the baseline).";
    }

    private int count(Judgement.Answer a) {
        return (int) series.stream().filter(v -> v.answer() == a).count();
    }
}
