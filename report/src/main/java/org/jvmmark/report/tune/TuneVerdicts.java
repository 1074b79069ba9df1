package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.Headline;
import org.jvmmark.report.NotRun;
import org.jvmmark.report.Row;
import org.jvmmark.report.VerdictTable;
import org.jvmmark.report.Words;
import org.jvmmark.report.judge.Judgement;

/**
 * "Who won" of a tuning run's workload: one line per JDK — its best point against the default, as the tune answer says
 * it — and one for the JDKs' bests against each other, instead of a line per point comparing the JDKs at that point
 * (a question the race did not ask). The words are {@link TuneAnswer#lines()}'s; this only lays them out in the
 * table's cells. Stateless.
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
        List<String> words = a.lines();
        String figure = a.objective() == null ? "" : Words.figure(a.objective());
        List<VerdictTable.Line> out = new ArrayList<>();
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            String prefix = j.race().jdk() + ": ";
            String said = words.stream().filter(l -> l.startsWith(prefix)).findFirst().map(l -> l.substring(prefix.length()))
                    .orElse("");
            Standings s = j.standings();
            Headline.Outcome outcome;
            String winner;
            String rest = said;
            if (s == null || s.leader() == null) {
                outcome = Headline.Outcome.NOTHING_RAN;
                winner = "no point may win";
            } else if (s.leader().equals(s.defaultRow())) {
                boolean open = s.states().containsValue(Standings.State.OPEN);
                outcome = open ? Headline.Outcome.CANNOT_TELL : Headline.Outcome.NO_DIFFERENCE;
                winner = open ? "cannot tell" : "the default";
                rest = said.startsWith("cannot tell: ") ? said.substring("cannot tell: ".length()) : said;
            } else {
                String best = j.race().labelOf(s.leader());
                Judgement g = s.gain();
                if (g == null || g.answer() == Judgement.Answer.BETTER) {
                    outcome = g == null ? Headline.Outcome.ONE_ROW : Headline.Outcome.WINNER;
                    winner = best;
                    rest = said.startsWith(best + ": ") ? said.substring(best.length() + 2) : said;
                } else if (g.answer() == Judgement.Answer.NO_DIFFERENCE) {
                    outcome = Headline.Outcome.NO_DIFFERENCE;
                    winner = "no difference";
                } else {
                    outcome = Headline.Outcome.CANNOT_TELL;
                    winner = "cannot tell";
                    String whether = "cannot tell whether " + best + " beats the default on " + figure + ": ";
                    rest = said.startsWith(whether) ? best + " leads; against the default: " + said.substring(whether.length()) : said;
                }
            }
            // the JDK's rows: its points', and those of the settings it refused (unsupported, never raced)
            String jdkRows = a.record().workload() + "/" + j.race().jdk() + "/";
            List<Row> own = rows.stream().filter(r -> !r.trials().isEmpty() && r.trials().get(0).id().startsWith(jdkRows)).toList();
            out.add(new VerdictTable.Line(workload + " · " + j.race().jdk(), workload, figure, outcome, winner, rest, NotRun.of(own)));
        }
        String across = words.stream().filter(l -> l.startsWith("Across JDKs, ")).findFirst().orElse(null);
        int leads = across == null ? -1 : across.indexOf(" leads; ");
        int colon = across == null ? -1 : across.indexOf(": ");
        if (leads > colon && colon > 0) {
            List<Judgement> others = a.across().values().stream().filter(java.util.Objects::nonNull).toList();
            Headline.Outcome outcome = others.stream().allMatch(g -> g.answer() == Judgement.Answer.WORSE) ? Headline.Outcome.WINNER
                    : others.stream().allMatch(g -> g.answer() == Judgement.Answer.NO_DIFFERENCE) ? Headline.Outcome.NO_DIFFERENCE
                    : Headline.Outcome.CANNOT_TELL;
            String best = across.substring(colon + 2, leads);
            String rest = across.substring(leads + " leads; ".length());
            String winner = outcome == Headline.Outcome.WINNER ? best
                    : outcome == Headline.Outcome.NO_DIFFERENCE ? "no difference" : "cannot tell";
            out.add(new VerdictTable.Line(workload + " · across JDKs", workload, figure, outcome, winner,
                    outcome == Headline.Outcome.WINNER ? rest : best + " leads; " + rest, List.of()));
        }
        return out;
    }
}
