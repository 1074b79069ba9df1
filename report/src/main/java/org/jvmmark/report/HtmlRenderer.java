package org.jvmmark.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jvmmark.results.Results;

/**
 * report.html: one self-contained page — tables, the noise verdict, and charts drawn by Chart.js,
 * which is read from its webjar at render time and inlined, so the page works offline (its Content
 * Security Policy forbids every network fetch). Stateless and thread-safe.
 */
public final class HtmlRenderer {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlRenderer() {
    }

    public static String render(ReportModel model) {
        Results r = model.results();
        StringBuilder h = new StringBuilder(400_000);
        head(h, "jvmmark report — " + r.profile() + ", " + r.created());
        h.append("<h1>jvmmark report</h1>\n");
        h.append("<p class=\"meta\">Profile <strong>").append(esc(Explanations.profile(r))).append("</strong>, ")
                .append(esc(Explanations.when(r))).append(". ").append(Explanations.trials(r)).append(": ")
                .append(esc(model.statusSummary())).append(".</p>\n");
        h.append("<p class=\"meta\">").append(esc(Explanations.whatRan(r))).append(".</p>\n");
        String host = Explanations.host(r);
        h.append("<p class=\"meta\">Host: ").append(esc(host.isEmpty() ? "not recorded" : host)).append("</p>\n");
        noise(h, model.noise());
        h.append("<p class=\"legend\">").append(esc(Explanations.LEGEND)).append("</p>\n");
        ChartSpecs charts = new ChartSpecs();
        for (Section s : model.sections()) {
            section(h, s, charts.add(s));
        }
        h.append("<h2 id=\"how-to-read\">How to read this</h2>\n<ul>\n");
        for (String line : Explanations.HOW_TO_READ) {
            h.append("<li>").append(esc(line)).append("</li>\n");
        }
        h.append("</ul>\n");
        tail(h, Map.of("charts", charts.charts()));
        return h.toString();
    }

    /** The page's opening: CSP, styles, and the error recorder that must run before anything else. */
    static void head(StringBuilder h, String title) {
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(esc(title)).append("</title>\n<style>\n").append(resource("report.css")).append("</style>\n<script>\n")
                .append(resource("errors.js")).append("</script>\n</head>\n<body>\n");
    }

    /** The page's end: the chart data, Chart.js (only when there are charts to draw) and the drawing script. */
    static void tail(StringBuilder h, Map<String, Object> data) {
        h.append("<script type=\"application/json\" id=\"jvmmark-data\">").append(json(data)).append("</script>\n");
        if (!((List<?>) data.get("charts")).isEmpty()) {
            h.append("<script>\n").append(chartJs()).append("\n</script>\n");
        }
        h.append("<script>\n").append(resource("report.js")).append("</script>\n</body>\n</html>\n");
    }

    private static void noise(StringBuilder h, NoiseVerdict n) {
        h.append("<div class=\"verdict\"><strong>").append(esc(n.headline())).append("</strong>\n<ul>\n");
        for (String d : n.details()) {
            h.append("<li>").append(esc(d)).append("</li>\n");
        }
        h.append("</ul>\n");
        if (!n.percentiles().isEmpty()) {
            h.append("<table><tr><th class=\"label\">percentile</th><th>run-to-run variation</th><th class=\"label\">trusted</th>")
                    .append("<th class=\"label\">why</th></tr>\n");
            for (NoiseVerdict.PercentileNoise p : n.percentiles()) {
                h.append("<tr><td class=\"label\">").append(esc(Percentiles.title(p.key()))).append("</td><td>")
                        .append(esc(Format.percent(p.cv()))).append("</td><td class=\"label\">").append(MarkdownRenderer.trustedWord(p))
                        .append("</td><td class=\"label\">").append(esc(p.reason())).append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        h.append("</div>\n");
    }

    private static void section(StringBuilder h, Section s, List<String> chartIds) {
        h.append("<h2 id=\"").append(esc(s.workload())).append("\">").append(esc(s.workload())).append("</h2>\n");
        if (!s.params().isEmpty()) {
            StringBuilder p = new StringBuilder();
            s.params().forEach((k, v) -> p.append(p.length() == 0 ? "" : ", ").append(k).append('=').append(v));
            h.append("<p class=\"meta\">Parameters: <code>").append(esc(p.toString())).append("</code></p>\n");
        }
        if (!s.commonFlags().isEmpty()) {
            h.append("<p class=\"meta\">JVM flags of every row: <code>").append(esc(String.join(" ", s.commonFlags())))
                    .append("</code></p>\n");
        }
        for (Table t : s.tables()) {
            table(h, t);
        }
        if (!s.warnings().isEmpty()) {
            h.append("<ul class=\"warnings\">\n");
            s.warnings().forEach((w, who) -> h.append("<li>").append(esc(w)).append(" <span class=\"meta\">(")
                    .append(esc(who.size() == s.rows().size() ? "all rows" : String.join("; ", who))).append(")</span></li>\n"));
            h.append("</ul>\n");
        }
        if (!chartIds.isEmpty()) {
            h.append("<div class=\"charts\">\n");
            for (String id : chartIds) {
                h.append("<figure><div class=\"plot\"><canvas id=\"").append(id).append("\"></canvas></div></figure>\n");
            }
            h.append("</div>\n");
        }
    }

    private static void table(StringBuilder h, Table t) {
        boolean reference = !t.columns().isEmpty() && t.columns().stream().allMatch(c -> c.kind() == Column.Kind.UNCORRECTED);
        if (reference) {
            // Kept beside the corrected figures, but folded away: it is not what users should compare.
            h.append("<details><summary>").append(esc(t.title())).append("</summary>\n");
        } else {
            h.append("<h3>").append(esc(t.title())).append("</h3>\n");
        }
        h.append("<table>\n<tr><th class=\"label\">JVM</th>");
        for (Column c : t.columns()) {
            h.append(c.trusted() ? "<th>" : "<th class=\"untrusted\" title=\"not trusted on this machine\">")
                    .append(esc(c.title())).append(c.trusted() ? "" : " " + Explanations.UNTRUSTED).append("</th>");
        }
        h.append("<th class=\"label\">notes</th></tr>\n");
        for (int r = 0; r < t.rows().size(); r++) {
            Row row = t.rows().get(r);
            boolean notOk = row.okTrials().isEmpty();
            h.append(notOk ? "<tr class=\"notok\">" : "<tr>").append("<td class=\"label\">").append(esc(row.label())).append("</td>");
            for (int c = 0; c < t.columns().size(); c++) {
                cell(h, t.columns().get(c), t.cell(r, c));
            }
            String notes = Explanations.notes(t, r);
            h.append("<td class=\"notes\">");
            if (notOk) {
                h.append("<span class=\"status\">").append(esc(row.status())).append("</span> ");
            }
            h.append(esc(notes)).append("</td></tr>\n");
        }
        h.append("</table>\n").append(reference ? "</details>\n" : "");
    }

    private static void cell(StringBuilder h, Column column, Cell cell) {
        if (cell.figure() == null) {
            h.append("<td>—</td>");
            return;
        }
        String cls = switch (cell.mark()) {
            case BEST -> "best";
            case SIGNIFICANT -> "significant";
            case WITHIN_NOISE -> "noise";
            case TOO_FEW_RUNS -> "toofew";
            case UNTRUSTED -> "untrusted";
            case NONE -> "";
        };
        String title = cell.figure().samples().length + " runs" + (Double.isNaN(cell.pValue()) ? "" : ", Welch " + Format.p(cell.pValue()));
        h.append("<td class=\"").append(cls).append("\" title=\"").append(esc(title)).append("\">")
                .append(esc(Format.value(cell.figure().value(), column.unit()) + Explanations.spread(column, cell)));
        String mark = Explanations.markText(cell);
        if (!mark.isEmpty()) {
            h.append("<span class=\"mark\">").append(esc(mark)).append("</span>");
        }
        h.append("</td>");
    }

    static String esc(String s) {
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

    /** JSON safe inside a script element: "</" cannot end it early. */
    static String json(Object data) {
        try {
            return JSON.writeValueAsString(data).replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("chart data is not serialisable: " + e.getMessage(), e);
        }
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
