package org.jvmmark.report.render;

import java.util.List;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.model.CompareAnswer;

/**
 * {@code compare --format markdown}: the comparison as a GitHub pull-request comment. The conclusion comes first (its
 * first line in bold), then one table of every line (workload, row, figure, A, B, change, verdict with what it rests
 * on), then the method folded away, then what the exit status means. Reads only the {@link Comparison}; the words are
 * {@link CompareRenderer}'s, so text and Markdown never disagree. Stateless and thread-safe.
 */
public final class CompareMarkdown {
    private CompareMarkdown() {
    }

    public static String markdown(Comparison c, String nameA, String nameB, boolean onlyChanges, boolean requireAll) {
        StringBuilder md = new StringBuilder();
        md.append("### jvmmark compare\n\n");
        List<String> conclusion = CompareRenderer.conclusion(c, requireAll);
        String head = conclusion.get(0);
        int colon = head.indexOf(':');
        md.append("**").append(cell(head.substring(0, colon + 1))).append("**").append(cell(head.substring(colon + 1)))
                .append("\n\n");
        boolean inList = false;
        for (String line : conclusion.subList(1, conclusion.size())) {
            if (line.startsWith("  ")) {
                md.append(line.startsWith("    ") ? "  - " : "- ").append(cell(line.strip())).append('\n');
                inList = true;
            } else {
                md.append(inList ? "\n" : "").append(cell(line)).append("\n\n");
                inList = false;
            }
        }
        for (String n : c.notes()) {
            md.append(inList ? "\n" : "").append("Note: ").append(cell(n)).append("\n\n");
            inList = false;
        }
        md.append(inList ? "\n" : "");
        md.append("A: ").append(MarkdownRenderer.code(nameA)).append(" (").append(cell(CompareRenderer.describe(c.a().results()))).append(")  \n");
        md.append("B: ").append(MarkdownRenderer.code(nameB)).append(" (").append(cell(CompareRenderer.describe(c.b().results()))).append(")\n\n");
        md.append("| workload | row | figure | A | B | change | verdict |\n");
        md.append("|---|---|---|---:|---:|---:|---|\n");
        int listed = 0;
        for (Comparison.Line l : c.lines()) {
            if (onlyChanges && !l.isChange()) {
                continue;
            }
            listed++;
            String verdict = l.verdict().words();
            verdict = switch (l.verdict()) {
                case REGRESSED -> "**" + verdict + "**";
                case CANNOT_TELL -> "_" + verdict + "_";
                default -> verdict;
            };
            md.append("| ").append(cell(l.workload())).append(" | ").append(cell(l.row())).append(" | ").append(cell(l.figure()))
                    .append(" | ").append(cell(l.a())).append(" | ").append(cell(l.b())).append(" | ").append(cell(l.change()))
                    .append(" | ").append(verdict).append(l.gating() ? "" : " (not gating)")
                    .append(l.why().isEmpty() ? "" : ": " + cell(l.why())).append(" |\n");
        }
        if (onlyChanges) {
            md.append("\n").append(listed == 0 ? "Nothing moved: " : "Listed: ").append(listed).append(" of ")
                    .append(c.lines().size()).append(" lines (`--only-changes`).\n");
        }
        md.append("\n<details><summary>Method</summary>\n\n").append(cell(CompareRenderer.method(c))).append("\n\n</details>\n\n");
        md.append("Exit status ").append(Words.exitMeaning(new CompareAnswer(c, nameA, nameB, onlyChanges, requireAll).exitStatus()))
                .append(". (0 no regression, 1 regression, 5 cannot tell.)\n");
        return md.toString();
    }

    /** Text safe inside a table cell or a line of Markdown ({@link MarkdownRenderer#esc}: no link, mention or HTML). */
    public static String cell(String s) {
        return MarkdownRenderer.esc(s);
    }
}
