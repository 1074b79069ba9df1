package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.report.judge.ExitStatus;
import java.util.Map;
import org.jvmmark.results.Results;
import org.jvmmark.report.model.Comparison;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.judge.Judge;

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

    /**
     * The answer, before anything else: one line with the answer (REGRESSED, CANNOT TELL or No
     * regression) and what was and was not judged, then one line per regression, per figure that
     * cannot be told (with what would tell), per improvement and per row not compared.
     */
    static List<String> conclusion(Comparison c, boolean requireAll) {
        List<String> out = new ArrayList<>();
        List<Comparison.Line> reg = c.regressions();
        List<Comparison.Line> unsure = c.cannotTell();
        List<Comparison.Line> missing = c.notCompared();
        String band = "±" + Format.percent(c.threshold());
        long gatingFigures = c.lines().stream().filter(l -> l.gating() && l.judgement() != null).count();
        List<Comparison.Line> others = c.lines().stream().filter(l -> !l.gating() && l.judgement() != null).toList();
        String counts = reg.size() + " regressed, " + count(c, Comparison.Verdict.IMPROVED, true) + " improved, "
                + count(c, Comparison.Verdict.NO_CHANGE, true) + " no difference (within " + band + "), " + unsure.size()
                + " cannot tell of " + gatingFigures + (others.isEmpty() ? " figures judged" : " headline figures judged")
                + notJudged(c);
        boolean failsOnMissing = requireAll && !missing.isEmpty();
        int status = c.exitStatus();
        if (!c.refused().isEmpty() && status != ExitStatus.REGRESSED) {
            // Issue 48: why the sides are not the same measurement comes first, before any count.
            out.add("CANNOT TELL: the sides are not the same measurement: " + c.refused().get(0)
                    + (c.refused().size() > 1 ? "; and " + (c.refused().size() - 1) + " more below" : "") + ".");
        }
        if (status == ExitStatus.REGRESSED || failsOnMissing) {
            out.add("REGRESSED: " + counts + (failsOnMissing ? "; " + missing.size() + " rows not compared (--require-all)" : "") + ".");
        } else if (c.nothingJudged()) {
            out.add("CANNOT TELL: no figure could be judged: " + counts + ".");
        } else if (status == ExitStatus.CANNOT_TELL) {
            out.add("CANNOT TELL whether anything regressed: " + counts + ".");
        } else {
            out.add("No regression past " + band + ": " + counts
                    + (unsure.isEmpty() ? "." : "; none of those that cannot be told could be worse by more."));
        }
        if (!others.isEmpty()) {
            out.add("Other figures (shown, not gating; --gate all makes them gate): " + c.worseNotGating().size() + " worse, "
                    + count(c, Comparison.Verdict.IMPROVED, false) + " better, " + count(c, Comparison.Verdict.NO_CHANGE, false)
                    + " no difference, " + count(c, Comparison.Verdict.CANNOT_TELL, false) + " cannot tell of "
                    + others.size() + ".");
        }
        for (Comparison.Line l : reg) {
            out.add("  " + l.name() + ": " + arrow(l));
        }
        for (Comparison.Line l : unsure) {
            out.add("  cannot tell" + (l.judgement() != null && !l.judgement().couldBeWorse() ? " (not worse past " + band
                    + ")" : "") + ": " + l.name() + ": " + arrow(l));
        }
        for (Comparison.Line l : c.worseNotGating()) {
            out.add("  worse (not gating): " + l.name() + ": " + arrow(l));
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
        return out;
    }

    private static long count(Comparison c, Comparison.Verdict v, boolean gating) {
        return c.lines().stream().filter(l -> l.verdict() == v && l.gating() == gating && l.judgement() != null).count();
    }

    private static String arrow(Comparison.Line l) {
        if (l.figure().equals("status")) {
            return l.a() + " → " + l.b() + " (" + l.why() + ")";
        }
        return l.a() + " → " + l.b() + " (" + l.why() + ")";
    }

    /** "; 12 not judged (8 percentiles not trusted, 2 pinned at their target, …)", or "" when every figure was judged. */
    static String notJudged(Comparison c) {
        Map<String, Integer> why = new java.util.LinkedHashMap<>();
        for (Comparison.Line l : c.lines()) {
            if (l.figure().equals("status")) {
                continue;
            }
            String kind = switch (l.verdict()) {
                case PINNED -> "pinned at their target";
                case NOT_TRUSTED -> "percentiles not trusted";
                case FACT -> "facts, not scores";
                case NOT_CORRECTED -> "not corrected for coordinated omission";
                default -> null;
            };
            if (kind != null) {
                why.merge(kind, 1, Integer::sum);
            }
        }
        if (why.isEmpty()) {
            return "";
        }
        int total = why.values().stream().mapToInt(Integer::intValue).sum();
        List<String> parts = new ArrayList<>();
        why.forEach((k, n) -> parts.add(n + " " + k));
        return "; " + total + " not judged (" + String.join(", ", parts) + ")";
    }

    static String describe(Results r) {
        return r.profile() + " profile, " + (r.created().isEmpty() ? "unknown date" : r.created()) + ", "
                + r.trials().size() + " trials";
    }

    static String method(Comparison c) {
        String band = "±" + Format.percent(c.threshold());
        return "Method (the judge's DESIGN.md): one value per fork; a side may hold several runs, each a replicate. Every "
                + "row of a figure on both sides is one evidence: the forks' noise pooled over the rows whose spreads agree, "
                + "the run-to-run spread from the sides' repeated runs (one run a side: assumed, never enough for \"no "
                + "difference\"), launch levels blocked on only where the machine probe observed them. B ÷ A with an interval "
                + "at a family-wise " + Format.percent(Judge.ALPHA) + " (Bonferroni) over the figures that gate — each "
                + "workload's headline figures, or every figure with --gate all — and another over the rest. Regressed or "
                + "improved: the whole interval lies past " + band + ". No difference: the whole 90 % interval lies within "
                + band + ". Otherwise cannot tell, with the forks or runs a side that would tell. Percentiles not trusted "
                + "here and rates pinned at their target: shown, not judged; a headline missing or untrusted in B: cannot "
                + "tell. Failed forks: regressed when B's share rose beyond chance (Fisher, p < 1 %). A row on one side only "
                + "is not compared. Exit 0 when no gating figure could be worse by more than " + band + ", 1 regression, 5 "
                + "cannot tell.";
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
                case NOT_TRUSTED, PINNED, FACT, NOT_CORRECTED, NOT_COMPARED -> "untrusted";
                case CANNOT_TELL -> "cannot-tell";
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
