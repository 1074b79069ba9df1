package org.jvmmark.report.render;

import static org.jvmmark.report.render.CompareMarkdown.cell;

import java.util.List;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.model.CheckAnswer;

/**
 * {@code history check --format markdown}: the check as a pull-request comment — the answer first (its head in bold),
 * then one table of the series that regressed, cannot be told or improved (machine, workload, parameters, series,
 * answer, what it rests on), then what the exit status means. The words are {@link CheckRenderer}'s. Stateless and
 * thread-safe.
 */
public final class CheckMarkdown {
    private CheckMarkdown() {
    }

    public static String markdown(CheckAnswer check) {
        StringBuilder md = new StringBuilder("### jvmmark history check\n\n");
        String head = check.conclusion();
        int colon = head.indexOf(':');
        md.append("**").append(cell(head.substring(0, colon + 1))).append("**").append(cell(head.substring(colon + 1)))
                .append("\n\n");
        List<CheckAnswer.Series> listed = check.listed();
        if (!listed.isEmpty()) {
            md.append("| machine | workload | parameters | series | answer | why |\n|---|---|---|---|---|---|\n");
            for (CheckAnswer.Series v : listed) {
                md.append("| ").append(cell(v.machine())).append(" | ").append(cell(v.workload())).append(" | ")
                        .append(cell(v.params().replace(",", ", "))).append(" | ").append(cell(v.name()))
                        .append(" | ").append(v.answer() == Judgement.Answer.WORSE ? "**worse**" : v.answerWords())
                        .append(" | ").append(cell(v.detail())).append(" |\n");
            }
            md.append('\n');
        }
        md.append("Exit status ").append(Words.exitMeaning(check.exitStatus()))
                .append(". (0 no regression, 1 regression, 5 cannot tell.)\n");
        return md.toString();
    }
}
