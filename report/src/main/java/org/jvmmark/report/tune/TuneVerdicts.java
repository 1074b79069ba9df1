package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.NotRun;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.words.VerdictTable;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Judgement;

/**
 * "Who won" of a tuning run's workload: one line per JDK — its pick against the default on the confirmation round's
 * fresh forks, as the tune answer says it — and one for the JDKs' picks against each other, instead of a line per point comparing the JDKs at that point
 * (a question the race did not ask). The words are {@link TuneWords}', the tune answer's; this only lays them out in
 * the table's cells. Stateless.
 */
public final class TuneVerdicts {
    private TuneVerdicts() {
    }

    /**
     * @param workload the workload's section (its name is the line's, and the anchor)
     * @param rows the section's rows: each JDK's line lists its own rows that did not run ok (failed points, refused
     *     settings)
     */
    public static List<VerdictTable.Line> lines(TuneAnswer a, String workload, List<Row> rows) {
        String figure = a.objective() == null ? "" : Words.figure(a.objective());
        List<VerdictTable.Line> out = new ArrayList<>();
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            Confirmation c = j.confirmation();
            Judgement g = c == null ? null : c.vsDefault();
            Headline.Outcome outcome;
            String winner;
            String rest = TuneWords.answer(a, j);
            // laid out by the answer's form, so that the cells never say other than its words ("cannot tell" beside
            // "keep the default: …" before, when the candidate's own contrast could not tell)
            Confirmation.Form form = c == null ? null : c.form();
            if (form == null) {
                outcome = Headline.Outcome.NOTHING_RAN;
                winner = "no confirmed answer";
            } else if (form == Confirmation.Form.WINNER) {
                outcome = Headline.Outcome.WINNER;
                winner = j.race().labelOf(c.candidate());
                rest = TuneWords.gain(a, g);
            } else if (form == Confirmation.Form.KEEP_DEFAULT) {
                outcome = Headline.Outcome.NO_DIFFERENCE;
                winner = "keep the default";
            } else {
                outcome = Headline.Outcome.CANNOT_TELL;
                winner = "cannot tell";
            }
            // the JDK's rows: its points', and those of the settings it refused (unsupported, never raced)
            String jdkRows = a.record().workload() + "/" + j.race().jdk() + "/";
            List<Row> own = rows.stream().filter(r -> !r.trials().isEmpty() && r.trials().get(0).id().startsWith(jdkRows)).toList();
            out.add(new VerdictTable.Line(workload + " · " + j.race().jdk(), workload, figure, outcome, winner, rest, NotRun.of(own)));
        }
        String leader = TuneWords.acrossLeader(a);
        if (leader != null) {
            List<Judgement> others = a.across().values().stream().filter(java.util.Objects::nonNull).toList();
            Headline.Outcome outcome = others.stream().allMatch(g -> g.answer() == Judgement.Answer.WORSE) ? Headline.Outcome.WINNER
                    : others.stream().allMatch(g -> g.answer() == Judgement.Answer.NO_DIFFERENCE) ? Headline.Outcome.NO_DIFFERENCE
                    : Headline.Outcome.CANNOT_TELL;
            String rest = TuneWords.acrossOthers(a);
            String winner = outcome == Headline.Outcome.WINNER ? leader
                    : outcome == Headline.Outcome.NO_DIFFERENCE ? "no difference" : "cannot tell";
            out.add(new VerdictTable.Line(workload + " · across JDKs", workload, figure, outcome, winner,
                    outcome == Headline.Outcome.WINNER ? rest : leader + " leads; " + rest, List.of()));
        }
        return out;
    }

    /**
     * "Who won" of a report: {@link VerdictTable#of}'s lines, except that a tuning run's workload answers once per JDK
     * and once across JDKs ({@link #lines}) instead of a line per point; {@code tune} null: the ordinary table.
     */
    public static VerdictTable table(ReportModel model, TuneAnswer tune) {
        if (tune == null) {
            return VerdictTable.of(model);
        }
        List<VerdictTable.Line> lines = new ArrayList<>();
        boolean tuned = false;
        for (Section s : model.sections()) {
            if (!s.rows().isEmpty() && s.rows().get(0).trials().get(0).workload().equals(tune.record().workload())) {
                if (!tuned) {
                    lines.addAll(lines(tune, s.workload(), s.rows()));
                }
                tuned = true;
            } else {
                lines.addAll(VerdictTable.linesOf(s));
            }
        }
        return new VerdictTable(lines);
    }
}
