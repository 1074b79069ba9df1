package org.jvmmark.report.builders;

import java.util.List;
import org.jvmmark.report.judge.Effect;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.words.Words;

/**
 * The words of {@code compare}'s lines, in one place and one pass. {@link ComparisonBuilder} decides every line as
 * values ({@link Draft}: the figure, A and B as numbers with their unit, the verdict, the judgement, why a row was
 * refused or not compared) in one pass over the rows; this turns each into its printed {@link Comparison.Line} at the
 * end, so that judging a figure and wording it are never interleaved, and a line reads the same whichever step
 * decided it.
 *
 * <p>Stateless, thread-safe; the records are immutable.
 */
final class ComparisonWords {
    private ComparisonWords() {
    }

    /**
     * One side's value: a number in its unit, or a status in words ({@code text}: "ok", "—"), said as it is.
     */
    record Amount(double number, String unit, String text) {
        static Amount of(double number, String unit) {
            return new Amount(number, unit, null);
        }

        static Amount said(String text) {
            return new Amount(Double.NaN, null, text);
        }
    }

    /**
     * Why a line has its verdict, in parts said in this order: {@code text}, then {@code number} (a rate written
     * "1000/s"), then the judge's answer {@code worded} in {@code unit}, then {@code tail}, then (where {@code tell})
     * what would tell, after "; ".
     */
    record Why(String text, Amount number, Judgement worded, String unit, String tail, boolean tell) {
        static Why plain(String text) {
            return new Why(text, null, null, "", "", false);
        }

        static Why judged(String text, Judgement worded, String unit, String tail) {
            return new Why(text, null, worded, unit, tail, false);
        }
    }

    /**
     * One line as values (see {@link Comparison.Line} for the fields it shares): {@code column} null for a row's
     * status; {@code sayChange} whether the change is said, from the values, or from {@code levels} (the judged ratio
     * within the machine's levels) where that is not NaN.
     */
    record Draft(String workload, String row, Column column, Amount a, Amount b, boolean sayChange, double levels,
                 Comparison.Verdict verdict, Why why, Effect effect, boolean beyondThreshold, Judgement judgement,
                 boolean gating) {
        /** A row's status line. */
        static Draft status(String workload, String row, String a, String b, Comparison.Verdict verdict, Why why,
                            boolean beyond, Judgement judgement, boolean gating) {
            return new Draft(workload, row, null, Amount.said(a), Amount.said(b), false, Double.NaN, verdict, why, null,
                    beyond, judgement, gating);
        }

        /** This line as "cannot tell: {@code why}", judged {@code j}, gating. */
        Draft refused(Judgement j, String why) {
            return new Draft(workload, row, column, a, b, sayChange, levels, Comparison.Verdict.CANNOT_TELL, Why.plain(why),
                    effect, beyondThreshold, j, true);
        }
    }

    /** Every draft in words, in order. */
    static List<Comparison.Line> lines(List<Draft> drafts) {
        return drafts.stream().map(ComparisonWords::line).toList();
    }

    private static Comparison.Line line(Draft d) {
        Column c = d.column();
        String tell = d.why().tell() ? Words.tell(d.judgement()) : "";
        Why w = d.why();
        String why = w.text() + (w.number() == null ? "" : said(w.number()).replace(" /s", "/s"))
                + (w.worded() == null ? "" : Words.why(w.worded(), w.unit())) + w.tail()
                + (tell.isEmpty() ? "" : "; " + tell);
        String change = !d.sayChange() ? ""
                : !Double.isNaN(d.levels()) ? Words.change(c, d.levels()) + " in levels"
                : changeWords(c, d.a().number(), d.b().number());
        String figure = c == null ? "status"
                : Words.figure(c) + (c.kind() == Column.Kind.LATENCY && !c.coCorrected() ? " (uncorrected)" : "");
        return new Comparison.Line(d.workload(), d.row(), figure, said(d.a()), said(d.b()), change, d.verdict(), why,
                d.effect(), d.beyondThreshold(), tell, d.judgement(), d.gating());
    }

    private static String said(Amount v) {
        return v.text() != null ? v.text() : Format.value(v.number(), v.unit());
    }

    /** B against A in the figure's words ("4.6 % slower", "same"), never a bare sign; "—" when A is zero and B not. */
    private static String changeWords(Column c, double a, double b) {
        if (a == b) {
            return "same";
        }
        String w = a == 0 ? "" : Words.change(c, b / a);
        return w.isEmpty() ? "—" : w;
    }
}
