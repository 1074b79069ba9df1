package org.jvmmark.history;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.render.OutputFile;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.report.render.ChartJs;
import org.jvmmark.report.render.PageScripts;
import org.jvmmark.report.render.HtmlRenderer;

/**
 * The history as one self-contained page that stays readable at 1,280 px with hundreds of series: one
 * table, a row per series, grouped by machine and workload. A row names its series by JVM · variant ·
 * the parameters that tell it apart from its workload's other series (the full key is its tooltip),
 * then gives the figure and its direction, a sparkline of the runs (each run's geometric mean of forks,
 * the report's row figure), the latest value in readable units ({@link Format#value}), the change since
 * the baseline as {@code history check} judges it (coloured and worded as a change only when the judge calls one:
 * "12 % slower (95 % CI 9–15 %)" in red; else "no difference" or "cannot tell") — the baseline is the run accepted
 * with {@code history accept}, else the first run — and its change points (E-Divisive) with the check's verdict. Clicking a row draws its chart (the bundled Chart.js, so the page
 * works offline): each run, every fork, the change points and the baseline, on an axis in one readable
 * unit ({@link Format#scale}). Filters keep one workload, rows matching some words, series with changes,
 * or the figures the check trusts.
 *
 * <p>The page reads each run's results.json as {@code history check} does ({@link ComparableRuns}, issue 48): its
 * verdicts are the check's, so runs of another host class, direction or correction are "cannot tell" with the reason,
 * never "no difference"; a run recorded in another unit one scale apart is drawn in the series' unit; and each run that
 * is not the same measurement as the baseline run stays in the chart, ringed, with why — a step a new runner made is
 * seen as the runner's, not read as the JVM's.
 *
 * <p>Stateless and thread-safe.
 */
public final class TrendPage {
    private static final int SPARK_WIDTH = 112;
    private static final int SPARK_HEIGHT = 28;
    /** Change points listed in a row; older ones are counted ("2 earlier") and shown in the chart. */
    private static final int CHANGES_SHOWN = 3;

    private TrendPage() {
    }

    /**
     * Writes the page atomically (a temporary file renamed over {@code file}).
     *
     * @param accepted per series id, the start of its accepted baseline run ({@link HistoryStore#acceptedFrom})
     * @param check finds the change points drawn and listed
     * @param judge gives each series {@code history check}'s verdict; its threshold decides which changes are coloured
     */
    public static void write(Path file, List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points,
                             Map<Long, String> accepted, HistoryCheck check, HistoryJudge judge) throws IOException {
        OutputFile.writeHtml(file, html(series, points, accepted, check, judge));
    }

    static String html(List<HistoryStore.StoredSeries> all, Map<Long, List<HistoryStore.Point>> withFailures,
                       Map<Long, String> accepted, HistoryCheck check, HistoryJudge judge) {
        // Each run's own results.json, as history check reads them (issue 48): a run of another host class, direction or
        // correction is not judged against the baseline, and a run in another unit one scale apart is drawn in the series'.
        ComparableRuns comparable = new ComparableRuns(false);
        // The check judges every run, failed ones too; the page draws the runs that measured.
        Map<Long, List<HistoryStore.Point>> points = new HashMap<>();
        for (HistoryStore.StoredSeries s : all) {
            List<HistoryStore.Point> ps = withFailures.getOrDefault(s.id(), List.of()).stream()
                    .filter(HistoryStore.Point::measured).toList();
            ComparableRuns.Normalised n = comparable.normalise(s, ps);
            points.put(s.id(), n.why() == null ? n.points() : ps);
        }
        // A series without points has no row: it is neither counted nor grouped, so no group is left without rows.
        List<HistoryStore.StoredSeries> series = all.stream().filter(s -> !points.getOrDefault(s.id(), List.of()).isEmpty()).toList();
        Map<Long, HistoryJudge.Verdict> verdicts = new HashMap<>();
        for (HistoryJudge.Verdict v : judge.judge(series, withFailures, accepted, x -> true, comparable)) {
            verdicts.put(v.series().id(), v);
        }
        boolean machines = series.stream().map(s -> s.key().machine()).distinct().count() > 1;
        Map<String, Set<String>> paramsOf = new HashMap<>();
        Map<String, List<HistoryStore.StoredSeries>> groups = new TreeMap<>();
        for (HistoryStore.StoredSeries s : series) {
            String g = group(s.key(), machines);
            paramsOf.computeIfAbsent(g, x -> new LinkedHashSet<>()).add(s.key().params());
            groups.computeIfAbsent(g, x -> new ArrayList<>()).add(s);
        }
        // Every run once, oldest first: the series refer to them by index.
        Map<Long, HistoryStore.Point> runOf = new HashMap<>();
        points.values().forEach(ps -> ps.forEach(p -> runOf.putIfAbsent(p.runId(), p)));
        List<HistoryStore.Point> runs = new ArrayList<>(runOf.values());
        runs.sort(Comparator.comparing(HistoryStore.Point::created).thenComparingLong(HistoryStore.Point::runId));
        Map<Long, Integer> runIndex = new HashMap<>();
        List<Map<String, Object>> runJson = new ArrayList<>();
        for (HistoryStore.Point p : runs) {
            runIndex.put(p.runId(), runJson.size());
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("id", p.runId());
            r.put("start", p.created());
            r.put("report", p.dir() == null ? null : Path.of(p.dir()).resolve("report.html").toUri().toString());
            runJson.add(r);
        }

        StringBuilder body = new StringBuilder();
        Map<String, Object> chartData = new LinkedHashMap<>();
        Map<String, Integer> answers = new HashMap<>();
        for (Map.Entry<String, List<HistoryStore.StoredSeries>> g : groups.entrySet()) {
            List<HistoryStore.StoredSeries> members = new ArrayList<>(g.getValue());
            Set<String> params = paramsOf.get(g.getKey());
            // Each series' varying parameters, worked out once: the sort and the rows both need them.
            Map<String, Set<String>> values = params == null || params.size() < 2 ? Map.of() : SeriesKey.paramValues(params);
            Map<Long, String> varyingOf = new HashMap<>();
            for (HistoryStore.StoredSeries s : members) {
                varyingOf.put(s.id(), SeriesKey.varyingParams(s.key().params(), values));
            }
            members.sort(Comparator.comparing((HistoryStore.StoredSeries s) -> varyingOf.get(s.id()))
                    .thenComparing(s -> SeriesKey.figureOrder(s.key())).thenComparing(s -> s.key().jvm()).thenComparing(s -> s.key().variant()));
            SeriesKey first = members.get(0).key();
            body.append("<tbody class=\"group\" data-group=\"").append(esc(g.getKey())).append("\">\n<tr class=\"group-head\"><th colspan=\"6\">")
                    .append("<span class=\"workload\">").append(esc(first.workload())).append("</span>");
            if (machines) {
                body.append(" <span class=\"muted\">on ").append(esc(first.machine())).append("</span>");
            }
            body.append(" <span class=\"muted\">").append(members.size()).append(" series");
            String common = commonParams(params);
            if (!common.isEmpty()) {
                body.append(" · in every row: ").append(esc(common));
            }
            body.append("</span></th></tr>\n");
            String shownParams = null;
            for (HistoryStore.StoredSeries s : members) {
                List<HistoryStore.Point> ps = points.get(s.id());
                String varying = varyingOf.get(s.id());
                if (!varying.isEmpty() && !varying.equals(shownParams)) {
                    // The parameters that tell this run of rows apart, once above them rather than in every label.
                    body.append("<tr class=\"params-head\"><td colspan=\"6\">").append(esc(varying.replace(" ", " · "))).append("</td></tr>\n");
                    shownParams = varying;
                }
                HistoryJudge.Verdict verdict = verdicts.get(s.id());
                answers.merge(verdict == null || !verdict.judged() ? "" : verdict.answer().name(), 1, Integer::sum);
                int baseIndex = baseIndex(ps, accepted.get(s.id()));
                row(body, chartData, s, ps, varying, accepted.get(s.id()), check.changes(s, ps, null), verdict, runIndex,
                        apart(comparable, s, ps, baseIndex));
            }
            body.append("</tbody>\n");
        }

        Map<String, Object> data = new LinkedHashMap<>();
        data.put("runs", runJson);
        data.put("series", chartData);
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n").append(OutputFile.GENERATOR).append('\n')
                .append(Scripts.POLICY)
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>jvmmark history</title>\n<style>\n").append(resource("trend.css")).append("</style>\n")
                .append(PageScripts.element(Scripts.ERRORS)).append("</head>\n<body>\n<h1>jvmmark history</h1>\n");
        summary(h, series.size(), groups.size(), runs, answers, judge.threshold());
        h.append("<form class=\"filters\" id=\"filters\" role=\"search\">")
                .append("<label>workload <select id=\"f-group\"><option value=\"\">all ").append(groups.size()).append("</option>");
        for (Map.Entry<String, List<HistoryStore.StoredSeries>> g : groups.entrySet()) {
            h.append("<option value=\"").append(esc(g.getKey())).append("\">").append(esc(g.getKey())).append("</option>");
        }
        h.append("</select></label>")
                .append("<label>words <input id=\"f-words\" type=\"search\" size=\"24\" placeholder=\"e.g. temurin 25 p50\"></label>")
                .append("<label><input id=\"f-changed\" type=\"checkbox\"> only series with a change point or a verdict</label>")
                .append("<label><input id=\"f-trusted\" type=\"checkbox\"> only figures the check judges (not p99+, max)</label>")
                .append("<span id=\"f-count\" class=\"muted\"></span></form>\n");
        h.append("<table class=\"trend\" id=\"series\">\n<colgroup><col class=\"c-series\"><col class=\"c-figure\"><col class=\"c-trend\">")
                .append("<col class=\"c-latest\"><col class=\"c-baseline\"><col class=\"c-changes\"></colgroup>\n")
                .append("<thead><tr><th>JVM · variant</th><th>figure</th><th>trend</th>")
                .append("<th class=\"num\">latest</th><th>since the baseline</th><th>change points · check</th></tr></thead>\n")
                .append(body).append("</table>\n");
        h.append("<script type=\"application/json\" id=\"trend-data\">").append(json(data)).append("</script>\n");
        h.append(PageScripts.element(Scripts.CHART_JS)).append(PageScripts.element(Scripts.TREND)).append("</body>\n</html>\n");
        return h.toString();
    }

    /** The line above the table: what is shown, over which runs, and what history check says. */
    private static void summary(StringBuilder h, int series, int groups, List<HistoryStore.Point> runs,
                                Map<String, Integer> answers, double threshold) {
        h.append("<p class=\"summary\">").append(series).append(" series in ").append(groups).append(groups == 1 ? " group" : " groups")
                .append(" over ").append(runs.size()).append(runs.size() == 1 ? " run" : " runs");
        if (!runs.isEmpty()) {
            h.append(" (").append(esc(shortStart(runs.get(0).created()))).append(" to ")
                    .append(esc(shortStart(runs.get(runs.size() - 1).created()))).append(")");
        }
        h.append(". <b>history check</b> at the newest run: ");
        List<String> parts = new ArrayList<>();
        parts.add(count(answers, Judgement.Answer.WORSE, "regressed", "bad"));
        parts.add(count(answers, Judgement.Answer.CANNOT_TELL, "cannot tell", "unsure"));
        parts.add(count(answers, Judgement.Answer.BETTER, "improved", "good"));
        parts.add(answers.getOrDefault(Judgement.Answer.NO_DIFFERENCE.name(), 0) + " no difference");
        h.append(String.join(", ", parts)).append("; ").append(answers.getOrDefault("", 0))
                .append(" not judged (p99 and deeper, max).</p>\n<p class=\"muted\">A run's value is the geometric mean of"
                        + " its forks (the report's row figure). The baseline is the run accepted with <code>history accept</code>, else"
                        + " the first run. Since the baseline is what <code>history check</code> says: red a regression, green an"
                        + " improvement, each beyond ").append(Format.percent(threshold))
                .append(" and beyond the noise between runs; nothing else is coloured. Change points: E-Divisive means, as Apache Otava. Sparklines span"
                        + " at least 10 % of the value, so noise stays flat; a dashed line is the baseline, a dot a change point,"
                        + " a ring a run that is not the same measurement as the baseline run (another host class, direction or"
                        + " correction), which the check does not judge against it."
                        + " Click a row for its chart; click a run in the chart for its report.</p>\n");
    }

    private static String count(Map<String, Integer> answers, Judgement.Answer a, String word, String cls) {
        int n = answers.getOrDefault(a.name(), 0);
        return n == 0 ? "0 " + word : "<span class=\"" + cls + "\">" + n + " " + word + "</span>";
    }

    /** One series' row, and its chart's data into {@code chartData}. */
    private static void row(StringBuilder b, Map<String, Object> chartData, HistoryStore.StoredSeries s, List<HistoryStore.Point> ps,
                            String varying, String acceptedFrom, List<HistoryCheck.Change> changes, HistoryJudge.Verdict verdict,
                            Map<Long, Integer> runIndex, Map<HistoryStore.Point, String> apart) {
        SeriesKey k = s.key();
        String jvmVariant = k.jvm() + (k.variant().isEmpty() ? "" : " · " + k.variant());
        String label = jvmVariant + (varying.isEmpty() ? "" : " · " + varying);
        String direction = s.higherIsBetter() ? "higher is better" : "lower is better";
        HistoryStore.Point latest = ps.get(ps.size() - 1);
        int baseIndex = baseIndex(ps, acceptedFrom);
        boolean judged = verdict != null && verdict.judged() && verdict.answer() != Judgement.Answer.NO_DIFFERENCE;
        String id = "s" + s.id();
        b.append("<tr class=\"series\" id=\"").append(id).append("\" data-id=\"").append(s.id()).append("\" data-changed=\"")
                .append(judged || !changes.isEmpty() ? 1 : 0).append("\" data-trusted=\"").append(HistoryJudge.trusted(k) ? 1 : 0)
                .append("\" data-text=\"").append(esc((k.workload() + " " + label + " " + k.figureName() + " " + k.readableName() + " " + k.params())
                        .toLowerCase(Locale.ROOT))).append("\" title=\"").append(esc("series " + s.id() + ": " + k.text())).append("\">");
        b.append("<td class=\"label\">").append(esc(jvmVariant)).append("</td>");
        b.append("<td>").append(breakable(k.readableName())).append("<div class=\"muted\">").append(esc(unitWords(s.unit())))
                .append(direction).append("</div></td>");
        b.append("<td><button type=\"button\" class=\"spark\" aria-label=\"").append(esc("chart of " + k.readableName() + ", " + label))
                .append("\">").append(sparkline(ps, baseIndex, changes, apart.keySet())).append("</button></td>");
        b.append("<td class=\"num\">").append(esc(Format.value(latest.value(), s.unit()))).append("<div class=\"muted\">")
                .append(ps.size()).append(ps.size() == 1 ? " run" : " runs").append("</div></td>");
        b.append("<td>");
        if (baseIndex < 0) {
            b.append("<span class=\"muted\">no run since the accepted baseline</span>");
        } else if (baseIndex == ps.size() - 1) {
            b.append("<span class=\"muted\">").append(ps.size() == 1 ? "one run so far" : "the latest run is the baseline").append("</span>");
        } else {
            HistoryStore.Point baseline = ps.get(baseIndex);
            sinceBaseline(b, s, verdict, latest.value() / baseline.value());
            b.append("<div class=\"muted\" title=\"")
                    .append(esc("run " + baseline.runId() + ", started " + shortStart(baseline.created()) + ": "
                            + Format.value(baseline.value(), s.unit()))).append("\">vs ")
                    .append(acceptedFrom == null ? "the first run" : "accepted run " + baseline.runId()).append("</div>");
            apartWords(b, apart);
        }
        b.append("</td><td>");
        boolean any = false;
        if (judged) {
            any = true;
            verdict(b, verdict);
        }
        int shown = 0;
        for (int i = Math.max(0, changes.size() - CHANGES_SHOWN); i < changes.size(); i++) {
            if (shown++ == 0 && changes.size() > CHANGES_SHOWN) {
                b.append("<div class=\"muted\">").append(changes.size() - CHANGES_SHOWN).append(" earlier in the chart</div>");
            }
            HistoryCheck.Change c = changes.get(i);
            ChangePoint cp = c.change();
            double ratio = cp.meanAfter() / cp.meanBefore();
            b.append("<div class=\"cp ").append(c.regression() ? "bad" : "good").append("\" title=\"")
                    .append(esc("change point at run " + c.at().runId() + ", started " + shortStart(c.at().created()) + ": mean "
                            + Format.value(cp.meanBefore(), s.unit()) + " before, " + Format.value(cp.meanAfter(), s.unit())
                            + " from this run on; p = " + pValue(cp.pValue())))
                    .append("\">run ").append(c.at().runId()).append(" (").append(esc(c.at().created().substring(0, Math.min(10,
                            c.at().created().length())))).append("): ")
                    .append(esc(changeWords(s.unit(), ratio, c.regression()))).append("</div>");
            any = true;
        }
        if (!any) {
            b.append("<span class=\"muted\">none</span>");
        }
        b.append("</td></tr>\n");
        chartData.put(String.valueOf(s.id()), chart(s, ps, label, baseIndex, acceptedFrom != null, changes, runIndex, apart));
    }

    /**
     * The accepted run's index in {@code ps}, or the first at or after it (the series may have skipped it); 0 without an
     * accepted run; -1 when the series has no run since it, as history check then has no point to judge.
     */
    private static int baseIndex(List<HistoryStore.Point> ps, String acceptedFrom) {
        if (acceptedFrom == null) {
            return 0;
        }
        for (int i = 0; i < ps.size(); i++) {
            if (ps.get(i).created().compareTo(acceptedFrom) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The runs after the baseline that are not the same measurement as the baseline run ({@link ComparableRuns#apart}:
     * another host class, direction or correction), each with why; in the order drawn. Such a run stays in the chart,
     * marked, so that a step a new runner made is seen as the runner's and not read as the JVM's (issue 48).
     */
    private static Map<HistoryStore.Point, String> apart(ComparableRuns comparable, HistoryStore.StoredSeries s,
                                                         List<HistoryStore.Point> ps, int baseIndex) {
        Map<HistoryStore.Point, String> out = new LinkedHashMap<>();
        for (int i = baseIndex + 1; baseIndex >= 0 && i < ps.size(); i++) {
            String why = comparable.apart(s, ps.get(baseIndex), ps.get(i));
            if (why != null) {
                out.put(ps.get(i), why);
            }
        }
        return out;
    }

    /** Under the change since the baseline: the runs not comparable with it, the first one's reason in words. */
    private static void apartWords(StringBuilder b, Map<HistoryStore.Point, String> apart) {
        if (apart.isEmpty()) {
            return;
        }
        Map.Entry<HistoryStore.Point, String> first = apart.entrySet().iterator().next();
        StringBuilder all = new StringBuilder();
        apart.forEach((p, why) -> all.append(all.length() == 0 ? "" : "\n").append("run ").append(p.runId()).append(": ")
                .append(why));
        b.append("<div class=\"apart\" title=\"").append(esc(all.toString())).append("\">")
                .append(apart.size() == 1 ? "1 run is" : apart.size() + " runs are").append(" not comparable with the baseline")
                .append(", run ").append(first.getKey().runId()).append(": ").append(esc(first.getValue())).append("</div>");
    }

    /**
     * The "since the baseline" cell's words: only what the judge calls is coloured and worded as a change — a
     * regression red, an improvement green, each with its effect and interval; "no difference" and "cannot tell"
     * say so; a figure not judged gives the bare ratio only as a tooltip.
     */
    private static void sinceBaseline(StringBuilder b, HistoryStore.StoredSeries s, HistoryJudge.Verdict v, double ratio) {
        boolean worse = s.higherIsBetter() ? ratio < 1 : ratio > 1;
        String bare = "latest run against the baseline run: " + changeWords(s.unit(), ratio, worse) + " (not a judgement)";
        if (v == null || !v.judged()) {
            b.append("<span class=\"same\" title=\"").append(esc(bare)).append("\">not judged</span>");
            return;
        }
        Judgement j = v.judgement();
        switch (j.answer()) {
            case WORSE, BETTER -> b.append("<span class=\"").append(j.answer() == Judgement.Answer.WORSE ? "bad" : "good")
                    .append("\">").append(esc(Double.isNaN(j.effect().low()) ? Words.why(j, s.unit())
                            : Words.effect(s.unit(), j.effect()))).append("</span>");
            case NO_DIFFERENCE -> b.append("<span class=\"same\" title=\"").append(esc(Words.why(j, s.unit()))).append("\">no difference")
                    .append(" (within ±").append(esc(Format.percent(j.threshold()))).append(")</span>");
            case CANNOT_TELL -> b.append("<span class=\"same\" title=\"").append(esc(bare)).append("\">cannot tell</span>");
        }
    }

    /** {@code history check}'s verdict for a row: regression or improvement since a run, or cannot tell and why. */
    private static void verdict(StringBuilder b, HistoryJudge.Verdict v) {
        Judgement j = v.judgement();
        String detail = CheckText.detail(v);
        switch (j.answer()) {
            case WORSE, BETTER -> b.append("<div class=\"verdict ").append(j.answer() == Judgement.Answer.WORSE ? "bad" : "good")
                    .append("\" title=\"").append(esc(detail)).append("\">")
                    .append(j.answer() == Judgement.Answer.WORSE ? "regression" : "improvement")
                    .append(j.reason() == Judgement.Reason.FAILED ? ": forks failed"
                            : v.since() == null ? "" : " since run " + v.since().runId()).append("</div>");
            default -> b.append("<div class=\"verdict unsure\">cannot tell<div class=\"muted\">").append(esc(detail))
                    .append("</div></div>");
        }
    }

    /**
     * A change in words; where the words do not say which way is better ("higher", "lower" of a bare
     * figure), it is added: "12 % higher, worse".
     */
    static String changeWords(String unit, double ratio, boolean worse) {
        String words = Words.change(unit, ratio);
        String[] moreLess = Words.moreLess(unit);
        if (moreLess[0].equals("higher") && !words.equals("same") && !words.isEmpty()) {
            return words + (worse ? ", worse" : ", better");
        }
        return words;
    }

    /** The unit as a reader knows it before the direction: "time · ", "memory · ", "" for rates and bare figures. */
    private static String unitWords(String unit) {
        String[] moreLess = Words.moreLess(unit);
        return switch (moreLess[0]) {
            case "slower" -> "time, ";
            case "more memory" -> "memory, ";
            default -> unit.isEmpty() ? "" : unit + ", ";
        };
    }

    /**
     * The series' runs as a small inline SVG: a line through the runs' values on a scale spanning at least
     * 10 % of the value (so noise does not look like a cliff), the baseline dashed (none when
     * {@code baseIndex} is -1: no run since the accepted one), change points as dots, runs not comparable with the
     * baseline as rings.
     */
    static String sparkline(List<HistoryStore.Point> ps, int baseIndex, List<HistoryCheck.Change> changes,
                            Set<HistoryStore.Point> apart) {
        double[] v = ps.stream().mapToDouble(HistoryStore.Point::value).toArray();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        double span = Math.max(max - min, 0.1 * Math.abs((max + min) / 2));
        double mid = (max + min) / 2;
        double low = span == 0 ? mid - 1 : mid - span / 2;
        double range = span == 0 ? 2 : span;
        double pad = 3;
        double w = SPARK_WIDTH - 2 * pad;
        double hgt = SPARK_HEIGHT - 2 * pad;
        StringBuilder line = new StringBuilder();
        double[][] xy = new double[v.length][];
        for (int i = 0; i < v.length; i++) {
            double x = pad + (v.length == 1 ? w / 2 : w * i / (v.length - 1));
            double y = pad + hgt - hgt * (v[i] - low) / range;
            xy[i] = new double[] {x, y};
            line.append(i == 0 ? "" : " ").append(num(x)).append(',').append(num(y));
        }
        StringBuilder svg = new StringBuilder();
        svg.append("<svg width=\"").append(SPARK_WIDTH).append("\" height=\"").append(SPARK_HEIGHT).append("\" viewBox=\"0 0 ")
                .append(SPARK_WIDTH).append(' ').append(SPARK_HEIGHT).append("\" aria-hidden=\"true\">");
        if (baseIndex >= 0) {
            svg.append("<line class=\"base\" x1=\"0\" x2=\"").append(SPARK_WIDTH).append("\" y1=\"").append(num(xy[baseIndex][1]))
                    .append("\" y2=\"").append(num(xy[baseIndex][1])).append("\"/>");
        }
        if (v.length > 1) {
            svg.append("<polyline points=\"").append(line).append("\"/>");
        }
        for (HistoryCheck.Change c : changes) {
            int i = ps.indexOf(c.at());
            if (i >= 0) {
                svg.append("<circle class=\"").append(c.regression() ? "bad" : "good").append("\" cx=\"").append(num(xy[i][0]))
                        .append("\" cy=\"").append(num(xy[i][1])).append("\" r=\"3\"/>");
            }
        }
        for (HistoryStore.Point p : apart) {
            int i = ps.indexOf(p);
            if (i >= 0) {
                svg.append("<circle class=\"apart\" cx=\"").append(num(xy[i][0])).append("\" cy=\"").append(num(xy[i][1]))
                        .append("\" r=\"3\"/>");
            }
        }
        int last = v.length - 1;
        svg.append("<circle class=\"last\" cx=\"").append(num(xy[last][0])).append("\" cy=\"").append(num(xy[last][1]))
                .append("\" r=\"2\"/></svg>");
        return svg.toString();
    }

    /** What the page's script needs to draw one series' chart, in the display unit of its largest value. */
    private static Map<String, Object> chart(HistoryStore.StoredSeries s, List<HistoryStore.Point> ps, String label, int baseIndex,
                                             boolean accepted, List<HistoryCheck.Change> changes, Map<Long, Integer> runIndex,
                                             Map<HistoryStore.Point, String> apart) {
        double largest = 0;
        for (HistoryStore.Point p : ps) {
            for (double f : p.forkValues()) {
                largest = Math.max(largest, Math.abs(f));
            }
        }
        Format.Scale scale = Format.scale(largest, s.unit());
        List<Integer> runs = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        List<List<Double>> forks = new ArrayList<>();
        List<Object> marks = new ArrayList<>();
        for (HistoryStore.Point p : ps) {
            runs.add(runIndex.get(p.runId()));
            values.add(round(scale.apply(p.value())));
            List<Double> f = new ArrayList<>();
            for (double x : p.forkValues()) {
                f.add(round(scale.apply(x)));
            }
            forks.add(f);
            Map<String, Object> mark = null;
            for (HistoryCheck.Change c : changes) {
                if (c.at() == p) {
                    mark = new LinkedHashMap<>();
                    mark.put("bad", c.regression());
                    mark.put("text", "change point: " + changeWords(s.unit(), c.change().meanAfter() / c.change().meanBefore(),
                            c.regression()) + " (p = " + pValue(c.change().pValue()) + ")");
                }
            }
            String why = apart.get(p);
            if (why != null) {
                String text = "not comparable with the baseline: " + why;
                if (mark == null) {
                    mark = new LinkedHashMap<>();
                    mark.put("bad", false);
                    mark.put("text", text);
                } else {
                    mark.put("text", mark.get("text") + "; " + text);
                }
                mark.put("apart", true);
            }
            marks.add(mark);
        }
        SeriesKey k = s.key();
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("id", s.id());
        c.put("title", k.readableName() + " of " + k.workload() + " · " + label);
        c.put("axis", scale.name());
        c.put("better", s.higherIsBetter() ? "higher is better" : "lower is better");
        c.put("runs", runs);
        c.put("values", values);
        c.put("forks", forks);
        c.put("marks", marks);
        if (baseIndex >= 0) {
            c.put("baseline", values.get(baseIndex));
            c.put("baselineLabel", accepted ? "baseline (accepted run " + ps.get(baseIndex).runId() + ")" : "baseline (first run)");
        }
        return c;
    }

    /** The group a series is listed under: its workload, and its machine's label where the history has several. */
    private static String group(SeriesKey k, boolean machines) {
        return machines ? k.workload() + " · " + k.machine() : k.workload();
    }


    /** The parameters every series of a group has with the same value: "host=127.0.0.1 · rooms=10". */
    private static String commonParams(Set<String> all) {
        Map<String, Set<String>> values = SeriesKey.paramValues(all);
        List<String> out = new ArrayList<>();
        values.forEach((key, v) -> {
            if (v.size() == 1 && all.stream().allMatch(p -> ("," + p + ",").contains("," + key + "="))) {
                out.add(key + "=" + v.iterator().next());
            }
        });
        return String.join(" · ", out);
    }

    /** "2026-11-21 00:24" from an ISO-8601 start. */
    static String shortStart(String created) {
        String s = created.length() >= 16 ? created.substring(0, 16) : created;
        return s.replace('T', ' ');
    }

    /** A p-value as people read it: 0.0004, 3.1e-12 below 1e-4, and "< 1e-300" where it underflowed to zero. */
    public static String pValue(double p) {
        return p == 0 ? "< 1e-300" : p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }

    private static double round(double v) {
        return Double.isFinite(v) && v != 0 ? new BigDecimal(v).round(new MathContext(5)).doubleValue() : v;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String json(Object o) {
        return PageScripts.data(o);
    }

    /** The page's three scripts, read once, and the policy that allows exactly them (no other inline script). */
    private static final class Scripts {
        static final String ERRORS = ChartJs.errorRecorder();
        static final String CHART_JS = ChartJs.script();
        static final String TREND = resource("trend.js");
        static final String POLICY = PageScripts.policy(List.of(ERRORS, CHART_JS, TREND));
    }

    private static String resource(String name) {
        try (InputStream in = TrendPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the history jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Escaped, with a line-break opportunity inside camel case and after dots: "write<wbr>Ms<wbr>Per<wbr>GiB". */
    static String breakable(String s) {
        return esc(s).replaceAll("(?<=[a-z])(?=[A-Z])|(?<=\\.)(?=[A-Za-z])", "<wbr>");
    }

    /** The one HTML escaper, the report's. */
    private static String esc(String s) {
        return HtmlRenderer.esc(s);
    }
}
