package org.jvmmark.report.render;

import java.util.List;
import java.util.Map;
import org.jvmmark.report.words.AnswerList;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.words.Explanations;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.NoiseVerdict;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.model.TableViews;
import org.jvmmark.report.words.VerdictTable;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneVerdicts;
import org.jvmmark.results.Results;
import org.jvmmark.report.words.SectionNotes;

/**
 * The report as GitHub-flavoured Markdown: the same tables as the HTML, ready to paste into an issue
 * or a README. Stateless and thread-safe.
 */
public final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    public static String render(ReportModel model) {
        StringBuilder md = new StringBuilder();
        Results r = model.results();
        md.append("# jvmmark report\n\n");
        md.append("Profile **").append(esc(Explanations.profile(r))).append("**, ").append(esc(Explanations.when(r))).append(". ")
                .append(Explanations.trials(r)).append(": ").append(model.statusSummary()).append(".\n\n");
        md.append(esc(Explanations.whatRan(r))).append(".\n\n");
        String host = Explanations.host(r);
        md.append("Host: ").append(esc(host.isEmpty() ? "not recorded" : host)).append("\n\n");
        TuneAnswer a = (model.results() == null ? null : TuneAnswer.of(model.results()));
        if (a != null) {
            md.append("\n## Which settings (tune: ").append(esc(a.objectiveName()))
                    .append(a.record().constraints().isEmpty() ? "" : "; " + esc(String.join(", ", a.record().constraints())))
                    .append(")\n\n");
            for (String line : a.lines()) {
                md.append(line.startsWith("  ") ? "  - " : "- **").append(esc(line.strip())).append(line.startsWith("  ") ? "\n" : "**\n");
            }
            md.append('\n');
            if (a.objective() != null) { // no point measured it: no table
                textTable(md, FrontierTable.of(a));
            }
        }
        md.append(verdict(TuneVerdicts.table(model, a)));
        md.append(answers(AnswerList.of(model)));
        md.append("\nContents: ");
        for (Section s : model.sections()) {
            md.append('[').append(esc(s.workload())).append("](#").append(anchor(s.workload())).append(") · ");
        }
        md.append("[noise verdict](#noise-verdict) · [how to read this](#how-to-read-this)\n\n");
        md.append("## Noise verdict\n\n**").append(esc(model.noise().headline())).append("**\n\n");
        for (String d : model.noise().details()) {
            md.append("- ").append(esc(d)).append('\n');
        }
        if (!model.noise().percentiles().isEmpty()) {
            md.append("\n| percentile | fork-to-fork variation | trusted | why |\n|---|---:|---|---|\n");
            for (NoiseVerdict.PercentileNoise p : model.noise().percentiles()) {
                md.append("| ").append(esc(p.where())).append(" | ").append(Format.percent(p.cv()))
                        .append(" | ").append(trustedWord(p)).append(" | ").append(esc(p.reason())).append(" |\n");
            }
        }
        md.append("\n").append(Explanations.LEGEND).append("\n");
        for (Section s : model.sections()) {
            section(md, s, SectionNotes.of(r, s));
        }
        md.append("\n## How to read this\n\n");
        for (String line : Explanations.HOW_TO_READ) {
            md.append("- ").append(esc(line)).append('\n');
        }
        return md.toString();
    }

    private static void section(StringBuilder md, Section s, List<String> notes) {
        md.append("\n## ").append(esc(s.workload())).append("\n\n");
        if (!s.params().isEmpty()) {
            md.append("Parameters: ").append(esc(Explanations.params(s))).append("\n\n");
        }
        if (!s.commonFlags().isEmpty()) {
            md.append("JVM flags of every row: ").append(esc(String.join(" ", s.commonFlags()))).append("\n\n");
        }
        for (Headline h : s.headlines()) {
            md.append("**").append(esc(h.family().isEmpty() ? h.words() : h.family() + ": " + h.words())).append("**\n\n");
        }
        for (String note : notes) {
            md.append(esc(note)).append("\n\n");
        }
        for (Table t : TableViews.main(s)) {
            table(md, t);
        }
        for (Table t : TableViews.details(s)) {
            table(md, t);
        }
        TextTable gc = DetailTables.gc(s);
        if (gc != null) {
            textTable(md, gc);
        }
        md.append(WhyBlock.markdown(s));
        if (!s.warnings().isEmpty()) {
            md.append("Warnings:\n\n");
            for (Map.Entry<String, List<String>> w : s.warnings().entrySet()) {
                String who = w.getValue().size() == s.rows().size() ? "all rows" : String.join("; ", w.getValue());
                md.append("- ").append(esc(w.getKey())).append(" (").append(esc(who)).append(")\n");
            }
            md.append('\n');
        }
    }

    /** Right after Who won: the workloads' questions with every figure they name, one line per group of comparable rows. */
    static String answers(AnswerList a) {
        if (a.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("## The questions\n\n");
        for (AnswerList.Question q : a.questions()) {
            md.append("**").append(esc(q.heading())).append("**\n\n");
            for (AnswerList.Group g : q.groups()) {
                String bullet = g.heading().isEmpty() ? "- " : "  - ";
                if (!g.heading().isEmpty()) {
                    md.append("- ").append(esc(g.heading())).append('\n');
                }
                g.lines().forEach(l -> md.append(bullet).append(esc(l)).append('\n'));
            }
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * The verdict table, ready to paste into an issue: the same lines as the HTML page's first screen and
     * the console's end of run, then each not-run row with its reason.
     */
    static String verdict(VerdictTable v) {
        StringBuilder md = new StringBuilder("## Who won\n\n|");
        for (String c : VerdictTable.HEADER) {
            md.append(' ').append(c).append(" |");
        }
        md.append("\n|").append("---|".repeat(VerdictTable.HEADER.size())).append('\n');
        for (VerdictTable.Line l : v.lines()) {
            md.append('|');
            List<String> cells = VerdictTable.cells(l);
            for (int c = 0; c < cells.size(); c++) {
                String cell = esc(cells.get(c));
                md.append(' ').append(c == 2 && l.outcome() == Headline.Outcome.WINNER ? "**" + cell + "**" : cell).append(" |");
            }
            md.append('\n');
        }
        if (v.hasReasons()) {
            md.append("\nNot run or failed:\n\n");
            for (VerdictTable.Line l : v.lines()) {
                l.notRun().forEach(n -> md.append("- ").append(esc(l.name())).append(" — ").append(esc(n.text())).append('\n'));
            }
        }
        return md.toString();
    }

    private static void textTable(StringBuilder md, TextTable t) {
        md.append("### ").append(esc(t.title())).append("\n\n|");
        t.header().forEach(c -> md.append(' ').append(esc(c)).append(" |"));
        md.append("\n|");
        t.numeric().forEach(n -> md.append(n ? "---:|" : "---|"));
        md.append('\n');
        for (List<String> row : t.rows()) {
            md.append('|');
            row.forEach(c -> md.append(' ').append(esc(c)).append(" |"));
            md.append('\n');
        }
        md.append('\n');
    }

    private static void table(StringBuilder md, Table t) {
        md.append("### ").append(esc(t.title())).append("\n\n| JVM");
        StringBuilder align = new StringBuilder("|---");
        for (Column c : t.columns()) {
            md.append(" | ").append(esc(c.title())).append(c.trusted() ? "" : " " + Explanations.UNTRUSTED);
            align.append("|---:");
        }
        md.append(" | notes |\n").append(align).append("|---|\n");
        for (int r = 0; r < t.rows().size(); r++) {
            md.append("| ").append(esc(t.rows().get(r).label()));
            for (int c = 0; c < t.columns().size(); c++) {
                md.append(" | ").append(cell(t.columns().get(c), t.cell(r, c), t.rows().get(r)));
            }
            String notes = Explanations.notes(t, r);
            String status = t.rows().get(r).okTrials().isEmpty() ? "**" + t.rows().get(r).status() + "** " : "";
            md.append(" | ").append(notes.isEmpty() ? "" : status + esc(notes)).append(" |\n");
        }
        md.append('\n');
    }

    private static String cell(Column column, Cell cell, Row row) {
        if (cell.figure() == null) {
            return "—";
        }
        String v = Format.value(cell.figure().value(), column.unit()) + Explanations.shortfall(column, cell, row);
        if (cell.mark() == Cell.Mark.BEST) {
            v = "**" + v + "**";
        }
        String mark = Explanations.markText(column, cell);
        String forks = cell.judgement() != null && cell.judgement().ownSpread() ? " (forks: " + Explanations.forkValues(column, cell) + ")" : "";
        return v + Explanations.spread(column, cell) + (mark.isEmpty() ? "" : " " + mark) + forks;
    }

    /** Escapes what would break a table cell or start markup. */
    /**
     * Text, inert in GitHub-flavoured Markdown wherever it lands (a table cell, a list item, a heading): labels reach
     * a pull request's comment from results files its author controls, so none may make a link ({@code [approve](…)}),
     * an image, HTML, a mention ({@code @team}: a zero-width space after the {@code @}), emphasis, code, maths, or a
     * new cell or line. Control and bidirectional-format characters become {@code ?}.
     */
    public static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '|', '*', '_', '`', '[', ']', '~', '$' -> sb.append('\\').append(c);
                case '#' -> sb.append(i == 0 ? "\\#" : "#"); // a heading only where a line starts
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '@' -> sb.append(i + 1 < s.length() && Character.isLetterOrDigit(s.charAt(i + 1)) ? "@&#8203;" : "@");
                case '\n', '\r', '\t' -> sb.append(' ');
                default -> sb.append(Character.isISOControl(c) || Character.getType(c) == Character.FORMAT ? '?' : c);
            }
        }
        return sb.toString();
    }

    /** {@code s} as a Markdown code span: a fence longer than any run of backticks inside, controls as {@code ?}. */
    public static String code(String s) {
        String text = s.replaceAll("[\\p{Cntrl}\\p{Cf}]", "?");
        int longest = 0;
        int run = 0;
        for (char c : text.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        String pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
        return fence + pad + text + pad + fence;
    }

    /** A heading's anchor as GitHub makes it, from letters, digits and hyphens only (never a way out of the link). */
    static String anchor(String heading) {
        return heading.toLowerCase(java.util.Locale.ROOT).replace(' ', '-').replaceAll("[^\\p{L}\\p{N}_-]", "");
    }

    /** "yes", "no", "unknown" when single forks leave the spread unknown, "not ranked" when no two rows could be. */
    static String trustedWord(NoiseVerdict.PercentileNoise p) {
        return switch (p.state()) {
            case UNKNOWN -> "unknown";
            case NOT_RANKED -> "not ranked";
            case UNTRUSTED -> "no";
            case STABLE, NOISY -> "yes";
        };
    }
}
