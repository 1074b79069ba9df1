package org.jvmmark.report.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.jvmmark.report.tune.TuneAnswer;
import org.jvmmark.report.tune.TuneVerdicts;

import org.jvmmark.results.Results;
import org.jvmmark.report.words.AnswerList;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.words.Explanations;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.model.TableViews;
import org.jvmmark.report.words.VerdictTable;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.NoiseVerdict;
import org.jvmmark.report.model.NotRun;
import org.jvmmark.report.render.OutputFile;
import org.jvmmark.report.words.SectionNotes;

/**
 * report.html: one self-contained page. First screen: who won, per workload (the {@link VerdictTable}),
 * then a table of contents; per workload the charts that answer its question, its main table, and
 * its details (facts, garbage collection, other probes, per-fork values) folded away. Charts are drawn by Chart.js,
 * which is read from its webjar at render time and inlined, so the page works offline (its Content
 * Security Policy forbids every network fetch). Stateless and thread-safe.
 */
public final class HtmlRenderer {

    private HtmlRenderer() {
    }

    public static String render(ReportModel model) {
        Results r = model.results();
        StringBuilder h = new StringBuilder(400_000);
        head(h, "jvmmark report — " + r.profile() + ", " + r.created());
        h.append("<h1>jvmmark report</h1>\n");
        h.append("<p class=\"meta\">Profile <strong>").append(esc(Explanations.profile(r))).append("</strong>, ")
                .append(esc(Explanations.when(r))).append(". ").append(Explanations.trials(r)).append(": ")
                .append(esc(model.statusSummary())).append(". ").append(esc(Explanations.whatRan(r))).append(".</p>\n");
        String host = Explanations.host(r);
        h.append("<p class=\"meta\">Host: ").append(esc(host.isEmpty() ? "not recorded" : host)).append("</p>\n");
        JvmStyles styles = new JvmStyles();
        ChartSpecs charts = new ChartSpecs(styles);
        TuneAnswer tuned = (model.results() == null ? null : TuneAnswer.of(model.results()));
        if (tuned != null) {
            // a tuning run's question comes first: which settings
            tune(h, tuned, charts);
        }
        verdict(h, TuneVerdicts.table(model, tuned));
        answers(h, AnswerList.of(model));
        toc(h, model);
        noise(h, model.noise());
        for (Section s : model.sections()) {
            section(h, s, charts.add(s), charts, SectionNotes.of(model.results(), s));
        }
        h.append("<h2 id=\"how-to-read\">How to read this</h2>\n<p class=\"legend\">").append(esc(Explanations.LEGEND))
                .append("</p>\n<ul>\n");
        for (String line : Explanations.HOW_TO_READ) {
            h.append("<li>").append(esc(line)).append("</li>\n");
        }
        h.append("</ul>\n");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("jvms", styles.legend());
        data.put("charts", charts.charts());
        tail(h, data);
        return h.toString();
    }

    /** The page's opening: CSP, styles, and the error recorder that must run before anything else. */
    static void head(StringBuilder h, String title) {
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n").append(OutputFile.GENERATOR).append("\n")
                .append(Scripts.POLICY)
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(esc(title)).append("</title>\n<style>\n").append(resource("report.css")).append("</style>\n")
                .append(PageScripts.element(Scripts.ERRORS)).append("</head>\n<body>\n");
    }

    /** The page's end: the chart data, Chart.js (only when there are charts to draw) and the drawing script. */
    static void tail(StringBuilder h, Map<String, Object> data) {
        h.append("<script type=\"application/json\" id=\"jvmmark-data\">").append(json(data)).append("</script>\n");
        if (!((List<?>) data.get("charts")).isEmpty()) {
            h.append(PageScripts.element(Scripts.CHART_JS));
        }
        h.append(PageScripts.element(Scripts.REPORT)).append("</body>\n</html>\n");
    }

    /** The page's three scripts, read once, and the policy that allows exactly them. */
    private static final class Scripts {
        static final String ERRORS = resource("errors.js");
        static final String CHART_JS = chartJs();
        static final String REPORT = resource("report.js");
        static final String POLICY = PageScripts.policy(List.of(ERRORS, CHART_JS, REPORT));
    }

    /**
     * Right under Who won, folded: each workload's questions with every figure they name, one line per group of
     * comparable rows (Who won shows each question's first figure; this is the rest of the answer).
     */
    private static void answers(StringBuilder h, AnswerList a) {
        if (a.isEmpty()) {
            return;
        }
        h.append("<details class=\"answers-fold\" id=\"questions\"><summary><strong>The questions</strong>: every figure each"
                + " question names</summary>\n<div class=\"answers\" id=\"answers\">\n");
        for (AnswerList.Question q : a.questions()) {
            h.append("<p class=\"question\"><a href=\"#").append(esc(q.anchor())).append("\">").append(esc(q.heading()))
                    .append("</a></p>\n<ul>\n");
            for (AnswerList.Group g : q.groups()) {
                if (g.heading().isEmpty()) {
                    g.lines().forEach(l -> h.append("<li class=\"answer\">").append(esc(l)).append("</li>\n"));
                } else {
                    h.append("<li class=\"answer-group\">").append(esc(g.heading())).append("<ul>\n");
                    g.lines().forEach(l -> h.append("<li class=\"answer\">").append(esc(l)).append("</li>\n"));
                    h.append("</ul></li>\n");
                }
            }
            h.append("</ul>\n");
        }
        h.append("</div>\n</details>\n");
    }

    /** A tuning run's answer: per JDK its best point and what stands behind it, the frontier chart and the points' table. */
    private static void tune(StringBuilder h, TuneAnswer a, ChartSpecs charts) {
        h.append("<h2 id=\"which-settings\" class=\"first\">Which settings (tune: ").append(esc(a.objectiveName()))
                .append(a.record().constraints().isEmpty() ? "" : "; " + esc(String.join(", ", a.record().constraints())))
                .append(")</h2>\n<ul class=\"tune\">\n");
        for (String line : a.lines()) {
            h.append(line.startsWith("  ") ? "<li class=\"meta\">" : "<li><strong>").append(esc(line.strip()))
                    .append(line.startsWith("  ") ? "</li>\n" : "</strong></li>\n");
        }
        h.append("</ul>\n");
        String chart = charts.frontier(a);
        if (chart != null) {
            h.append("<ul class=\"legend-rows\">");
            a.jdks().forEach(j -> h.append("<li>").append(JvmStyles.markerSvg(charts.jdkStyle(j.race().jdk())))
                    .append(esc(j.race().jdk())).append("</li>"));
            h.append("</ul>\n");
            figures(h, List.of(chart), charts);
        }
        if (a.objective() != null) { // no point measured it: no table
            textTable(h, FrontierTable.of(a));
        }
    }

    /** The first screen: who won, per workload. */
    private static void verdict(StringBuilder h, VerdictTable v) {
        h.append("<h2 id=\"who-won\" class=\"first\">Who won</h2>\n<table class=\"verdict-table\" id=\"verdict-table\">\n<thead><tr>");
        for (String c : VerdictTable.HEADER) {
            h.append("<th>").append(esc(c)).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (VerdictTable.Line l : v.lines()) {
            String outcome = l.outcome() == null ? "none" : l.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
            h.append("<tr class=\"").append(outcome).append("\" data-workload=\"").append(esc(l.anchor())).append("\">")
                    .append("<td class=\"workload\"><a href=\"#").append(esc(l.anchor())).append("\">").append(esc(l.name()))
                    .append("</a></td><td>").append(esc(l.figure())).append("</td><td class=\"winner\">").append(esc(l.winner()))
                    .append("</td><td class=\"runner-up\">").append(esc(l.runnerUp())).append("</td><td class=\"notrun-list\">");
            for (NotRun n : l.notRun()) {
                h.append("<div title=\"").append(esc(n.text())).append("\">").append(esc(n.head())).append("</div>");
            }
            h.append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    private static void toc(StringBuilder h, ReportModel model) {
        h.append("<nav class=\"toc\"><strong>Contents</strong> ");
        for (Section s : model.sections()) {
            h.append("<a href=\"#").append(esc(s.workload())).append("\">").append(esc(s.workload())).append("</a> · ");
        }
        h.append("<a href=\"#noise\">noise on this machine</a> · <a href=\"#how-to-read\">how to read this</a></nav>\n");
    }

    private static void noise(StringBuilder h, NoiseVerdict n) {
        h.append("<details class=\"noise\" id=\"noise\"><summary><strong>Noise on this machine:</strong> ")
                .append(esc(n.headline())).append("</summary>\n<ul>\n");
        for (String d : n.details()) {
            h.append("<li>").append(esc(d)).append("</li>\n");
        }
        h.append("</ul>\n");
        if (!n.percentiles().isEmpty()) {
            // One line per workload, probe and percentile: folded, the headline above says what to trust.
            h.append("<details><summary>Per workload, probe and percentile: trusted or not, and why (")
                    .append(n.percentiles().size()).append(")</summary>\n");
            h.append("<table><tr><th class=\"label\">percentile</th><th>fork-to-fork variation</th><th class=\"label\">trusted</th>")
                    .append("<th class=\"label\">why</th></tr>\n");
            for (NoiseVerdict.PercentileNoise p : n.percentiles()) {
                h.append("<tr><td class=\"label\">").append(esc(p.where())).append("</td><td>")
                        .append(esc(Format.percent(p.cv()))).append("</td><td class=\"label\">").append(MarkdownRenderer.trustedWord(p))
                        .append("</td><td class=\"label\">").append(esc(p.reason())).append("</td></tr>\n");
            }
            h.append("</table>\n</details>\n");
        }
        h.append("</details>\n");
    }

    private static void section(StringBuilder h, Section s, ChartSpecs.SectionCharts charts, ChartSpecs specs, List<String> notes) {
        h.append("<section class=\"workload\" id=\"").append(esc(s.workload())).append("\">\n<h2>").append(esc(s.workload())).append("</h2>\n");
        if (!s.params().isEmpty() || !s.commonFlags().isEmpty()) {
            h.append("<p class=\"meta\">");
            if (!s.params().isEmpty()) {
                h.append("Parameters: <code>").append(esc(Explanations.params(s))).append("</code> ");
            }
            if (!s.commonFlags().isEmpty()) {
                h.append("JVM flags of every row: <code>").append(esc(String.join(" ", s.commonFlags()))).append("</code>");
            }
            h.append("</p>\n");
        }
        for (Headline hl : s.headlines()) {
            h.append("<p class=\"headline ").append(hl.outcome().name().toLowerCase(java.util.Locale.ROOT)).append("\">")
                    .append(esc(hl.family().isEmpty() ? hl.words() : hl.family() + ": " + hl.words())).append("</p>\n");
        }
        for (String note : notes) {
            h.append("<p class=\"meta forks\">").append(esc(note)).append("</p>\n");
        }
        if (!charts.ids().isEmpty()) {
            h.append("<ul class=\"legend-rows\">");
            charts.legend().forEach((label, style) -> h.append("<li>").append(JvmStyles.markerSvg(style)).append(esc(label)).append("</li>"));
            h.append("</ul>\n");
            figures(h, charts.shown(), specs);
            if (!charts.folded().isEmpty()) {
                h.append("<details class=\"more-charts\"><summary>More charts (").append(charts.folded().size()).append(")</summary>\n");
                figures(h, charts.folded(), specs);
                h.append("</details>\n");
            }
        }
        for (Table t : TableViews.main(s)) {
            table(h, t, charts.legend());
        }
        if (!s.warnings().isEmpty()) {
            h.append("<ul class=\"warnings\">\n");
            s.warnings().forEach((w, who) -> h.append("<li>").append(esc(w)).append(" <span class=\"meta\">(")
                    .append(esc(who.size() == s.rows().size() ? "all rows" : String.join("; ", who))).append(")</span></li>\n"));
            h.append("</ul>\n");
        }
        h.append("<details class=\"details\"><summary>Details: per-fork values, facts, garbage collection, other probes</summary>\n");
        TextTable gc = DetailTables.gc(s);
        if (gc != null) {
            textTable(h, gc);
        }
        h.append(WhyBlock.html(s));
        for (Table t : TableViews.details(s)) {
            table(h, t, charts.legend());
        }
        textTable(h, DetailTables.forks(s));
        h.append("</details>\n</section>\n");
    }

    private static void figures(StringBuilder h, List<String> ids, ChartSpecs specs) {
        h.append("<div class=\"charts\">\n");
        for (String id : ids) {
            h.append(specs.isTall(id) ? "<figure class=\"tall\">" : "<figure>").append("<div class=\"plot\" style=\"height: ").append(specs.heightPx(id)).append("px\"><canvas id=\"")
                    .append(id).append("\"></canvas></div></figure>\n");
        }
        h.append("</div>\n");
    }

    private static void textTable(StringBuilder h, TextTable t) {
        h.append("<h3>").append(esc(t.title())).append("</h3>\n<table class=\"figures\">\n<tr>");
        for (int c = 0; c < t.header().size(); c++) {
            h.append(t.numeric().get(c) ? "<th>" : "<th class=\"label\">").append(esc(t.header().get(c))).append("</th>");
        }
        h.append("</tr>\n");
        for (List<String> row : t.rows()) {
            h.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                String v = row.get(c);
                boolean longText = !t.numeric().get(c) && v.length() > 40;
                h.append(t.numeric().get(c) ? "<td>" : longText ? "<td class=\"clip\" title=\"" + esc(v) + "\">" : "<td class=\"label\">")
                        .append(esc(t.numeric().get(c) ? glued(v) : v)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static void table(StringBuilder h, Table t, Map<String, JvmStyles.Style> legend) {
        h.append("<h3>").append(esc(t.title())).append("</h3>\n");
        boolean notRun = t.rows().stream().anyMatch(r -> r.okTrials().isEmpty());
        h.append(notRun ? "<table class=\"figures has-notrun\">" : "<table class=\"figures\">").append("\n<tr><th class=\"label\">JVM</th>");
        for (Column c : t.columns()) {
            h.append(c.trusted() ? "<th>" : "<th class=\"untrusted\" title=\"not trusted on this machine: no difference called\">")
                    .append(esc(c.title())).append(c.trusted() ? "" : " " + Explanations.UNTRUSTED).append("</th>");
        }
        h.append("<th class=\"label notes\">notes</th></tr>\n");
        for (int r = 0; r < t.rows().size(); r++) {
            Row row = t.rows().get(r);
            JvmStyles.Style style = legend.entrySet().stream().filter(e -> row.label().equals(e.getKey())
                    || row.label().startsWith(e.getKey() + " · ")).map(Map.Entry::getValue).findFirst().orElse(null);
            h.append(row.okTrials().isEmpty() ? "<tr class=\"notok\">" : "<tr>").append("<td class=\"label\">")
                    .append(style == null ? "" : JvmStyles.markerSvg(style)).append(esc(row.label())).append("</td>");
            String notes = Explanations.notes(t, r);
            if (row.okTrials().isEmpty()) {
                // One line: the status, and the reason as far as it fits; all of it on hover.
                h.append("<td class=\"notrun\" colspan=\"").append(t.columns().size() + 1).append("\" title=\"")
                        .append(esc(row.status() + ": " + notes)).append("\"><span class=\"status\">").append(esc(row.status()))
                        .append("</span> ").append(esc(notes)).append("</td></tr>\n");
                continue;
            }
            for (int c = 0; c < t.columns().size(); c++) {
                cell(h, t.columns().get(c), t.cell(r, c), row);
            }
            h.append("<td class=\"notes\">").append(esc(notes)).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void cell(StringBuilder h, Column column, Cell cell, Row row) {
        if (cell.figure() == null) {
            h.append("<td>—</td>");
            return;
        }
        String cls = switch (cell.mark()) {
            case BEST -> "best";
            case SIGNIFICANT -> "significant";
            case WITHIN_NOISE -> "noise";
            case CANNOT_TELL, TOO_FEW_FORKS -> "toofew";
            case LEADS -> "";
            case UNTRUSTED -> "untrusted";
            case NONE -> "";
        };
        String title = Explanations.cellTitle(column, cell);
        h.append("<td class=\"").append(cls).append("\" title=\"").append(esc(title)).append("\">")
                .append(esc(glued(Format.value(cell.figure().value(), column.unit())) + glued(Explanations.shortfall(column, cell, row))
                        + glued(Explanations.spread(column, cell))));
        String mark = Explanations.markText(column, cell);
        if (cell.mark() == Cell.Mark.BEST) {
            h.append("<span class=\"mark\">").append(esc(mark)).append("</span>");
        } else if (!mark.isEmpty()) {
            h.append("<small class=\"delta\">").append(esc(mark)).append("</small>");
        }
        h.append("</td>");
    }

    /**
     * A value whose number and unit must stay on one line when its cell wraps: "27 k req/s" and " ±34 %" glued
     * with no-break spaces, a long unit ("8.87 MiB per 1,000 connections") free to wrap after its first word.
     */
    static String glued(String v) {
        String[] t = v.split(" ", -1);
        StringBuilder sb = new StringBuilder(t[0]);
        for (int i = 1; i < t.length; i++) {
            boolean prefix = t[i - 1].equals("k") || t[i - 1].equals("M");
            boolean glue = i == 1 && !t[0].isEmpty() || prefix || t[i].equals("%") || t[i].startsWith("(");
            sb.append(glue ? '\u00a0' : ' ').append(t[i]);
        }
        return sb.toString();
    }

    /** {@code s} as HTML text or an attribute value: the one escaper of the report, compare and the history pages. */
    public static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }

    /** JSON safe inside a script element (see {@link PageScripts#data}). */
    static String json(Object data) {
        return PageScripts.data(data);
    }

    static String resource(String name) {
        try (InputStream in = HtmlRenderer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the report jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Chart.js from its webjar; the version comes from the build (report.properties). */
    static String chartJs() {
        Properties p = new Properties();
        try (InputStream in = HtmlRenderer.class.getResourceAsStream("report.properties")) {
            p.load(in);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("report.properties is missing from the report jar");
        }
        String path = "/META-INF/resources/webjars/chart.js/" + p.getProperty("chartjs.version") + "/dist/chart.umd.min.js";
        try (InputStream in = HtmlRenderer.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Chart.js is not on the classpath (" + path + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
