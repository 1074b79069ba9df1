package org.jvmmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;

/**
 * The comparison as plain text for the terminal (aligned columns, a list of regressions at the end)
 * and as an HTML page. Stateless and thread-safe.
 */
public final class CompareRenderer {
    private static final String[] HEADER = {"JVM", "figure", "A", "B", "change", "verdict"};

    private CompareRenderer() {
    }

    public static String text(Comparison c, String nameA, String nameB) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(nameA).append(" (").append(describe(c.a().results())).append(")\n");
        sb.append("B: ").append(nameB).append(" (").append(describe(c.b().results())).append(")\n");
        sb.append(method(c)).append('\n');
        for (String n : c.notes()) {
            sb.append("Note: ").append(n).append('\n');
        }
        String workload = null;
        List<String[]> rows = new ArrayList<>();
        for (Comparison.Line l : c.lines()) {
            if (!l.workload().equals(workload)) {
                flush(sb, rows);
                workload = l.workload();
                sb.append('\n').append(workload).append('\n');
            }
            rows.add(new String[] {l.row(), l.figure(), l.a(), l.b(), l.change(),
                    l.verdict().words() + (l.why().isEmpty() ? "" : " (" + l.why() + ")")});
        }
        flush(sb, rows);
        List<Comparison.Line> reg = c.regressions();
        sb.append('\n');
        String untested = untestedNote(c);
        if (!untested.isEmpty()) {
            sb.append(untested).append('\n');
        }
        if (reg.isEmpty()) {
            sb.append("No regression (").append(c.improvements().size()).append(" improved).\n");
        } else {
            sb.append("REGRESSED (").append(reg.size()).append("):\n");
            for (Comparison.Line l : reg) {
                sb.append("  ").append(l.name()).append(": ").append(arrow(l)).append('\n');
            }
        }
        return sb.toString();
    }

    private static String arrow(Comparison.Line l) {
        if (l.figure().equals("status")) {
            return l.why();
        }
        return l.a() + " → " + l.b() + " (" + l.change() + ", " + l.why() + ")";
    }

    /** What to do about changes too few runs could not test, or "" when there are none. */
    static String untestedNote(Comparison c) {
        int n = c.untested().size();
        if (n == 0) {
            return "";
        }
        return n + (n == 1 ? " figure" : " figures") + " changed beyond the threshold but could not be tested (fewer than "
                + Significance.MIN_RUNS + " runs on a side) and do not count as regressions: for a test, rerun both "
                + "sides with more runs or --forks 3.";
    }

    static String describe(Results r) {
        return r.profile() + " profile, " + (r.created().isEmpty() ? "unknown date" : r.created()) + ", "
                + r.trials().size() + " trials";
    }

    static String method(Comparison c) {
        return "A change counts when it exceeds " + Format.percent(c.threshold()) + " and Welch's t-test on the per-run values "
                + "calls it significant (p < " + Significance.ALPHA + "); with fewer than " + Significance.MIN_RUNS
                + " runs on a side there is no test and a change past the threshold is shown as untested, not counted. "
                + "A row ok in A and failed or missing in B is a regression. Percentiles not trusted on these machines "
                + "are shown, not judged.";
    }

    private static void flush(StringBuilder sb, List<String[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        int[] width = new int[HEADER.length];
        rows.add(0, HEADER);
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < r.length; i++) {
                boolean right = i >= 2 && i <= 4;
                String pad = " ".repeat(width[i] - r[i].length());
                line.append(right ? pad + r[i] : r[i] + (i == r.length - 1 ? "" : pad)).append(i == r.length - 1 ? "" : "  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        rows.clear();
    }

    public static String html(Comparison c, String nameA, String nameB) {
        StringBuilder h = new StringBuilder(300_000);
        HtmlRenderer.head(h, "jvmmark compare — " + nameA + " vs " + nameB);
        h.append("<h1>jvmmark compare</h1>\n");
        h.append("<p class=\"meta\">A: <code>").append(HtmlRenderer.esc(nameA)).append("</code> (")
                .append(HtmlRenderer.esc(describe(c.a().results()))).append(")<br>B: <code>").append(HtmlRenderer.esc(nameB))
                .append("</code> (").append(HtmlRenderer.esc(describe(c.b().results()))).append(")</p>\n");
        List<Comparison.Line> reg = c.regressions();
        h.append("<div class=\"verdict\"><strong>").append(reg.isEmpty()
                ? "No regression (" + c.improvements().size() + " improved)."
                : reg.size() + " regressed, " + c.improvements().size() + " improved.").append("</strong>\n<ul>\n");
        for (Comparison.Line l : reg) {
            h.append("<li>").append(HtmlRenderer.esc(l.name() + ": " + arrow(l))).append("</li>\n");
        }
        String untested = untestedNote(c);
        if (!untested.isEmpty()) {
            h.append("<li>").append(HtmlRenderer.esc(untested)).append("</li>\n");
        }
        for (String n : c.notes()) {
            h.append("<li>").append(HtmlRenderer.esc(n)).append("</li>\n");
        }
        h.append("</ul></div>\n<p class=\"legend\">").append(HtmlRenderer.esc(method(c))).append("</p>\n");
        String workload = null;
        for (Comparison.Line l : c.lines()) {
            if (!l.workload().equals(workload)) {
                if (workload != null) {
                    h.append("</table>\n");
                }
                workload = l.workload();
                h.append("<h2>").append(HtmlRenderer.esc(workload)).append("</h2>\n<table>\n<tr>");
                for (String head : HEADER) {
                    h.append(head.equals("JVM") || head.equals("figure") || head.equals("verdict") ? "<th class=\"label\">" : "<th>")
                            .append(head).append("</th>");
                }
                h.append("</tr>\n");
            }
            String cls = switch (l.verdict()) {
                case REGRESSED -> "significant";
                case IMPROVED -> "best";
                case UNTRUSTED -> "untrusted";
                default -> "";
            };
            h.append("<tr><td class=\"label\">").append(HtmlRenderer.esc(l.row())).append("</td><td class=\"label\">")
                    .append(HtmlRenderer.esc(l.figure())).append("</td><td>").append(HtmlRenderer.esc(l.a())).append("</td><td>")
                    .append(HtmlRenderer.esc(l.b())).append("</td><td>").append(HtmlRenderer.esc(l.change()))
                    .append("</td><td class=\"label ").append(cls).append("\">").append(HtmlRenderer.esc(l.verdict().words()))
                    .append(l.why().isEmpty() ? "" : " <span class=\"meta\">(" + HtmlRenderer.esc(l.why()) + ")</span>")
                    .append("</td></tr>\n");
        }
        if (workload != null) {
            h.append("</table>\n");
        }
        HtmlRenderer.tail(h, Map.of("charts", List.of()));
        return h.toString();
    }
}
