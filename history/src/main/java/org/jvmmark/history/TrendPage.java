package org.jvmmark.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.jvmmark.report.render.ChartJs;

/**
 * The history as one self-contained HTML page: a chart per machine, workload, parameters, probe and
 * figure, with a line per JVM and variant over the runs (the geometric mean of the forks, as the report's row figure), every fork's value
 * as a dot beside it, change points marked and listed, and each run linked to its report. Stateless
 * and thread-safe.
 */
public final class TrendPage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TrendPage() {
    }

    public static void write(Path file, List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                             HistoryCheck check) throws IOException {
        Map<String, List<HistoryStore.StoredSeries>> groups = new LinkedHashMap<>();
        for (HistoryStore.StoredSeries s : series) {
            SeriesKey k = s.key();
            String title = k.workload() + (k.params().isEmpty() ? "" : " {" + k.params() + "}") + " — "
                    + (k.probe().isEmpty() ? "" : k.probe() + " ") + k.figure() + " (" + s.unit() + ", "
                    + (s.higherIsBetter() ? "higher" : "lower") + " is better) — " + k.machine();
            groups.computeIfAbsent(title, t -> new ArrayList<>()).add(s);
        }
        List<Map<String, Object>> charts = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        int n = 0;
        for (Map.Entry<String, List<HistoryStore.StoredSeries>> g : groups.entrySet()) {
            TreeSet<String> runs = new TreeSet<>();
            Map<String, String> dirs = new LinkedHashMap<>();
            for (HistoryStore.StoredSeries s : g.getValue()) {
                for (HistoryStore.Point p : points.getOrDefault(s.id(), List.of())) {
                    runs.add(p.created());
                    dirs.put(p.created(), p.dir());
                }
            }
            List<String> labels = new ArrayList<>(runs);
            List<Map<String, Object>> lines = new ArrayList<>();
            List<String[]> changeRows = new ArrayList<>();
            for (HistoryStore.StoredSeries s : g.getValue()) {
                List<HistoryStore.Point> ps = points.getOrDefault(s.id(), List.of());
                List<HistoryCheck.Change> changes = check.changes(s, ps, null);
                List<Object> medians = new ArrayList<>();
                List<Map<String, Object>> forks = new ArrayList<>();
                List<Object> marks = new ArrayList<>();
                for (String run : labels) {
                    HistoryStore.Point p = ps.stream().filter(x -> x.created().equals(run)).findFirst().orElse(null);
                    medians.add(p == null ? null : p.value());
                    String mark = null;
                    if (p != null) {
                        for (double v : p.forkValues()) {
                            forks.add(Map.of("x", run, "y", v));
                        }
                        for (HistoryCheck.Change c : changes) {
                            if (c.at() == p) {
                                String pv = pValue(c.change().pValue());
                                mark = String.format(Locale.ROOT, "%s %+.1f %% (p %s)", c.regression() ? "regression" : "improvement",
                                        c.change().forwardChange() * 100, pv.startsWith("<") ? pv : "= " + pv);
                                changeRows.add(new String[] {run, lineLabel(s.key()), mark});
                            }
                        }
                    }
                    marks.add(mark);
                }
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("label", lineLabel(s.key()));
                line.put("medians", medians);
                line.put("forks", forks);
                line.put("changes", marks);
                lines.add(line);
            }
            String id = "c" + (n++);
            Map<String, Object> chart = new LinkedHashMap<>();
            chart.put("id", id);
            chart.put("labels", labels);
            chart.put("reports", labels.stream().map(r -> dirs.get(r) == null ? null : Path.of(dirs.get(r)).resolve("report.html").toUri().toString()).toList());
            chart.put("unit", g.getValue().get(0).unit());
            chart.put("lines", lines);
            charts.add(chart);
            body.append("<section><h2>").append(esc(g.getKey())).append("</h2>\n<div class=\"chart\"><canvas id=\"").append(id)
                    .append("\"></canvas></div>\n");
            if (!changeRows.isEmpty()) {
                body.append("<table><tr><th>run started</th><th>JVM · variant</th><th>change</th></tr>\n");
                for (String[] r : changeRows) {
                    String dir = dirs.get(r[0]);
                    String run = dir == null ? esc(r[0]) : "<a href=\"" + esc(Path.of(dir).resolve("report.html").toUri().toString()) + "\">"
                            + esc(r[0]) + "</a>";
                    body.append("<tr><td>").append(run).append("</td><td>").append(esc(r[1])).append("</td><td class=\"")
                            .append(r[2].startsWith("regression") ? "bad" : "good").append("\">").append(esc(r[2])).append("</td></tr>\n");
                }
                body.append("</table>\n");
            }
            body.append("</section>\n");
        }
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">").append(org.jvmmark.report.OutputFile.GENERATOR)
                .append("<title>jvmmark history</title>\n<style>\n")
                .append("body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}h1{font-size:1.4em}h2{font-size:1.05em;margin:1.6em 0 .4em}")
                .append(".chart{position:relative;height:320px;max-width:1100px}table{border-collapse:collapse;margin:.5em 0}")
                .append("td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}.bad{color:#b00020;font-weight:600}.good{color:#1b7a1b}")
                .append(".meta{color:#666}\n</style></head><body>\n<h1>jvmmark history</h1>\n<p class=\"meta\">")
                .append(series.size()).append(" series in ").append(groups.size())
                .append(" charts. Each line is one JVM and variant: the geometric mean of its forks per run (the report's row figure); the dots beside it are the forks."
                        + " A red ring marks a change point (E-Divisive means, as Apache Otava); click a point to open that run's report.</p>\n")
                .append(body);
        h.append("<script>\n").append(ChartJs.script()).append("\n</script>\n<script>\nconst charts = ")
                .append(JSON.writeValueAsString(charts).replace("</", "<\\/")).append(";\n").append(SCRIPT).append("</script>\n</body></html>\n");
        org.jvmmark.report.OutputFile.writeHtml(file, h.toString());
    }

    private static final String SCRIPT = """
            const palette = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
            for (const c of charts) {
              const datasets = [];
              c.lines.forEach((l, i) => {
                const color = palette[i % palette.length];
                datasets.push({type: 'line', label: l.label, data: l.medians, borderColor: color, backgroundColor: color,
                  spanGaps: true, tension: 0, changes: l.changes,
                  borderWidth: c.labels.length > 100 ? 1.5 : 2,
                  pointRadius: l.changes.map(m => m ? 7 : (c.labels.length > 100 ? 0 : 3)),
                  pointBorderColor: l.changes.map(m => m ? '#b00020' : color),
                  pointBorderWidth: l.changes.map(m => m ? 3 : 1)});
                datasets.push({type: 'scatter', label: l.label + ' (forks)', data: l.forks, backgroundColor: color + '55',
                  borderColor: color + '55', pointRadius: 2, showLine: false});
              });
              new Chart(document.getElementById(c.id), {
                data: {labels: c.labels, datasets: datasets},
                options: {animation: false, maintainAspectRatio: false,
                  scales: {x: {type: 'category', ticks: {maxRotation: 0, autoSkip: true,
                             callback: function(v) { return this.getLabelForValue(v).substring(0, 16).replace('T', ' '); }}},
                           y: {title: {display: true, text: c.unit}}},
                  plugins: {legend: {labels: {filter: item => !item.text.endsWith('(forks)')}},
                    tooltip: {callbacks: {afterLabel: ctx => (ctx.dataset.changes && ctx.dataset.changes[ctx.dataIndex]) || ''}}},
                  onClick: (e, items) => { if (items.length) { const r = c.reports[items[0].index]; if (r) window.open(r); } }}
              });
            }
            """;

    static String lineLabel(SeriesKey k) {
        return k.jvm() + (k.variant().isEmpty() ? "" : " · " + k.variant());
    }

    /** A p-value as people read it: 0.0004, 3.1e-12 below 1e-4, and "< 1e-300" where it underflowed to zero. */
    public static String pValue(double p) {
        return p == 0 ? "< 1e-300" : p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
