package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.results.Results;
import org.jvmmark.report.Comparison;
import org.jvmmark.report.Format;
import org.jvmmark.report.verdict.ForkTest;

/**
 * The comparison as plain text for the terminal and as an HTML page: the conclusion first (what
 * regressed, what improved, what could not be compared), then the method, then the figures — all of
 * them, or with {@code onlyChanges} only those that moved. Stateless and thread-safe.
 */
public final class CompareRenderer {
    private static final String[] HEADER = {"JVM", "figure", "A", "B", "change", "verdict"};

    private CompareRenderer() {
    }

    public static String text(Comparison c, String nameA, String nameB) {
        return text(c, nameA, nameB, false, false);
    }

    /**
     * @param onlyChanges list only the figures that moved (see {@link Comparison.Line#isChange})
     * @param requireAll whether rows on one side only fail the comparison (said in the conclusion)
     */
    public static String text(Comparison c, String nameA, String nameB, boolean onlyChanges, boolean requireAll) {
        StringBuilder sb = new StringBuilder();
        for (String line : conclusion(c, requireAll)) {
            sb.append(line).append('\n');
        }
        sb.append('\n');
        sb.append("A: ").append(nameA).append(" (").append(describe(c.a().results())).append(")\n");
        sb.append("B: ").append(nameB).append(" (").append(describe(c.b().results())).append(")\n");
        sb.append(method(c)).append('\n');
        for (String n : c.notes()) {
            sb.append("Note: ").append(n).append('\n');
        }
        String workload = null;
        List<String[]> rows = new ArrayList<>();
        int listed = 0;
        for (Comparison.Line l : c.lines()) {
            if (onlyChanges && !l.isChange()) {
                continue;
            }
            listed++;
            if (!l.workload().equals(workload)) {
                flush(sb, rows);
                workload = l.workload();
                sb.append('\n').append(workload).append('\n');
            }
            rows.add(new String[] {l.row(), l.figure(), l.a(), l.b(), l.change(),
                    l.verdict().words() + (l.why().isEmpty() ? "" : " (" + l.why() + ")")});
        }
        flush(sb, rows);
        if (onlyChanges) {
            sb.append('\n').append(listed == 0 ? "Nothing moved: " : "Listed: ").append(listed).append(" of ")
                    .append(c.lines().size()).append(" lines (--only-changes).\n");
        }
        return sb.toString();
    }

    /** The answer, before anything else: the verdict line, then one line per regression and per caveat. */
    static List<String> conclusion(Comparison c, boolean requireAll) {
        List<String> out = new ArrayList<>();
        List<Comparison.Line> reg = c.regressions();
        List<Comparison.Line> missing = c.notCompared();
        long judged = c.lines().stream().filter(l -> l.verdict() == Comparison.Verdict.NO_CHANGE
                || l.verdict() == Comparison.Verdict.REGRESSED || l.verdict() == Comparison.Verdict.IMPROVED).count();
        String counts = reg.size() + " regressed, " + c.improvements().size() + " improved, "
                + c.with(Comparison.Verdict.NO_CHANGE).size() + " unchanged of " + judged + " figures judged";
        boolean failsOnMissing = requireAll && !missing.isEmpty();
        if (reg.isEmpty() && !failsOnMissing) {
            out.add("No regression: " + counts + notJudged(c) + ".");
        } else {
            out.add("REGRESSED: " + counts + (failsOnMissing ? "; " + missing.size() + " rows not compared (--require-all)" : "")
                    + notJudged(c) + ".");
        }
        for (Comparison.Line l : reg) {
            out.add("  " + l.name() + ": " + arrow(l));
        }
        for (Comparison.Line l : c.improvements()) {
            out.add("  improved: " + l.name() + ": " + arrow(l));
        }
        if (!missing.isEmpty()) {
            out.add(missing.size() + (missing.size() == 1 ? " row" : " rows") + " not compared (on one side only"
                    + (requireAll ? "; --require-all fails them" : "; --require-all would fail them") + "):");
            for (Comparison.Line l : missing) {
                out.add("  " + l.workload() + " · " + l.row() + ": " + l.why());
            }
        }
        String unjudged = unjudgedNote(c);
        if (!unjudged.isEmpty()) {
            out.add(unjudged);
        }
        return out;
    }

    private static String arrow(Comparison.Line l) {
        if (l.figure().equals("status")) {
            return l.why();
        }
        return l.a() + " → " + l.b() + " (" + l.why() + ")";
    }

    /**
     * What was not judged, counted by reason, for the first line: "; 8 not judged (4 achieved rates pinned at
     * their target, 4 not corrected for coordinated omission)", or "" when every figure was judged.
     */
    static String notJudged(Comparison c) {
        java.util.Map<String, Integer> reasons = new java.util.LinkedHashMap<>();
        int n = 0;
        for (Comparison.Line l : c.lines()) {
            if (l.verdict() == Comparison.Verdict.UNTRUSTED || l.verdict() == Comparison.Verdict.UNSTABLE
                    || l.verdict() == Comparison.Verdict.TOO_FEW_FORKS) {
                n++;
                String why = l.why().equals(org.jvmmark.report.ComparisonBuilder.PINNED) ? "achieved rates pinned at their target"
                        : l.verdict() == Comparison.Verdict.UNSTABLE ? "forks disagree"
                        : l.verdict() == Comparison.Verdict.TOO_FEW_FORKS ? "too few forks"
                        : l.why().startsWith("percentile not trusted") ? "percentiles not trusted" : l.why();
                reasons.merge(why, 1, Integer::sum);
            }
        }
        if (n == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        reasons.forEach((why, k) -> parts.add(k + " " + why));
        return "; " + n + " not judged (" + String.join(", ", parts) + ")";
    }

    /** What to do about moves past the threshold that no test could judge, or "" when there are none. */
    static String unjudgedNote(Comparison c) {
        List<Comparison.Line> lines = c.unjudgedChanges();
        if (lines.isEmpty()) {
            return "";
        }
        long few = lines.stream().filter(l -> l.verdict() == Comparison.Verdict.TOO_FEW_FORKS).count();
        long unstable = lines.size() - few;
        List<String> parts = new ArrayList<>();
        if (few > 0) {
            parts.add(few + " with fewer than " + ForkTest.MIN_FORKS + " forks on a side (rerun both sides with --forks "
                    + ForkTest.MIN_FORKS + " or more)");
        }
        if (unstable > 0) {
            parts.add(unstable + " whose forks disagree (unstable)");
        }
        return lines.size() + (lines.size() == 1 ? " figure" : " figures") + " moved past the threshold but could not be "
                + "judged and do not count as regressions: " + String.join("; ", parts) + ".";
    }

    static String describe(Results r) {
        return r.profile() + " profile, " + (r.created().isEmpty() ? "unknown date" : r.created()) + ", "
                + r.trials().size() + " trials";
    }

    static String method(Comparison c) {
        return "Method: one value per fork on each side; a change counts when it exceeds " + Format.percent(c.threshold())
                + " and Welch's t-test on the log fork values calls it (p < " + ForkTest.ALPHA + " after Holm's correction "
                + "over each workload's figures); the change is B ÷ A with its 95 % interval. Fewer than "
                + ForkTest.MIN_FORKS + " forks a side, unstable forks, or percentiles not trusted on these machines: shown, "
                + "not judged. A row ok in A and not ok in B regressed; a row on one side only is not compared.";
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
        return html(c, nameA, nameB, false);
    }

    public static String html(Comparison c, String nameA, String nameB, boolean requireAll) {
        StringBuilder h = new StringBuilder(300_000);
        HtmlRenderer.head(h, "jvmmark compare — " + nameA + " vs " + nameB);
        h.append("<h1>jvmmark compare</h1>\n");
        List<String> conclusion = conclusion(c, requireAll);
        h.append("<div class=\"verdict\"><strong>").append(HtmlRenderer.esc(conclusion.get(0))).append("</strong>\n<ul>\n");
        for (String line : conclusion.subList(1, conclusion.size())) {
            h.append("<li>").append(HtmlRenderer.esc(line.strip())).append("</li>\n");
        }
        for (String n : c.notes()) {
            h.append("<li>").append(HtmlRenderer.esc(n)).append("</li>\n");
        }
        h.append("</ul></div>\n");
        h.append("<p class=\"meta\">A: <code>").append(HtmlRenderer.esc(nameA)).append("</code> (")
                .append(HtmlRenderer.esc(describe(c.a().results()))).append(")<br>B: <code>").append(HtmlRenderer.esc(nameB))
                .append("</code> (").append(HtmlRenderer.esc(describe(c.b().results()))).append(")</p>\n");
        h.append("<p class=\"legend\">").append(HtmlRenderer.esc(method(c))).append("</p>\n");
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
                case UNTRUSTED, UNSTABLE, TOO_FEW_FORKS, NOT_COMPARED -> "untrusted";
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
