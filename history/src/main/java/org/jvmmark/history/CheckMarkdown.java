package org.jvmmark.history;

import java.util.List;
import org.jvmmark.report.render.AnswerFormat;
import static org.jvmmark.report.render.CompareMarkdown.cell;
import org.jvmmark.report.judge.Judgement;

/**
 * {@code history check --format markdown}: the check as a pull-request comment — the answer first (its head in bold),
 * then one table of the series that regressed, cannot be told or improved (machine, workload, parameters, series,
 * answer, what it rests on), then what the exit status means. The words are {@link CheckText}'s. Stateless and
 * thread-safe.
 */
public final class CheckMarkdown {
    private CheckMarkdown() {
    }

    public static String markdown(List<HistoryJudge.Verdict> verdicts) {
        StringBuilder md = new StringBuilder("### jvmmark history check\n\n");
        String head = CheckText.conclusion(verdicts);
        int colon = head.indexOf(':');
        md.append("**").append(cell(head.substring(0, colon + 1))).append("**").append(cell(head.substring(colon + 1)))
                .append("\n\n");
        List<HistoryJudge.Verdict> listed = CheckText.listed(verdicts);
        if (!listed.isEmpty()) {
            md.append("| machine | workload | parameters | series | answer | why |\n|---|---|---|---|---|---|\n");
            for (HistoryJudge.Verdict v : listed) {
                SeriesKey k = v.series().key();
                String answer = v.answer().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
                md.append("| ").append(cell(k.machine())).append(" | ").append(cell(k.workload())).append(" | ")
                        .append(cell(k.params().replace(",", ", "))).append(" | ").append(cell(CheckText.name(v.series())))
                        .append(" | ").append(v.answer() == Judgement.Answer.WORSE ? "**worse**" : answer)
                        .append(" | ").append(cell(CheckText.detail(v))).append(" |\n");
            }
            md.append('\n');
        }
        md.append("Exit status ").append(AnswerFormat.exitMeaning(CheckText.exitStatus(verdicts)))
                .append(". (0 no regression, 1 regression, 5 cannot tell.)\n");
        return md.toString();
    }
}
