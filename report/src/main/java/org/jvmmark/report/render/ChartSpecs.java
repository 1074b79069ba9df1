package org.jvmmark.report.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Series;
import org.jvmmark.results.Trial;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.Percentiles;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.report.model.Answer;
import org.jvmmark.report.words.Words;
import org.jvmmark.report.tune.TuneAnswer;

/**
 * What the HTML page draws, as JSON-writable maps that report.js turns into Chart.js charts. Per
 * workload, the chart that answers its question comes first:
 * <ul>
 * <li>a {@link Series} (a figure as the trial went on, e.g. ms per GiB against GiB written): one line per
 *     JVM and fork, its markers as vertical lines;</li>
 * <li>rows that differ in a numeric parameter (connections, rate): each score against that parameter,
 *     one line per JVM variant;</li>
 * <li>latency: the percentile curve on the "nines" axis (x = 1 / (1 − p), HdrHistogram's plotter's
 *     axis), then p50 and p99.99 bars;</li>
 * <li>scores: horizontal bars per row, the verdict's figure first.</li>
 * </ul>
 * Bars and points carry the lowest and highest per-run value as whiskers. Figures that are not scores
 * (facts: {@code better: none}, achieved rates) get no chart. Colours, markers and dashes come from
 * {@link JvmStyles}, the same for a JVM in every chart.
 *
 * <p>Not thread-safe: one instance builds the specs of one page.
 */
public final class ChartSpecs {
    /** HdrHistogram's percentile iteration: ticks per halving of the distance to 100 %. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    /** Points of a percentile curve that get a marker: the nines. */
    private static final double[] NINES = {2, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    /** Charts shown open per workload; the rest are folded under "more charts". */
    static final int SHOWN = 3;

    private final JvmStyles styles;
    private final List<Map<String, Object>> charts = new ArrayList<>();

    public ChartSpecs(JvmStyles styles) {
        this.styles = styles;
    }

    /** One workload's charts, in the order the page shows them, and the style of each of its lines. */
    public record SectionCharts(List<String> ids, Map<String, JvmStyles.Style> legend) {
        List<String> shown() {
            return ids.subList(0, Math.min(SHOWN, ids.size()));
        }

        List<String> folded() {
            return ids.size() <= SHOWN ? List.of() : ids.subList(SHOWN, ids.size());
        }
    }

    public SectionCharts add(Section section) {
        String param = sweptParam(section);
        // Only rows that ran are drawn, so only they are in the legend.
        Map<String, JvmStyles.Style> legend = styles.section(section.rows().stream().filter(r -> !r.okTrials().isEmpty())
                .map(r -> Map.entry(lineLabel(r, param), r.jvm().label())).toList());
        List<String> ids = new ArrayList<>();
        seriesCharts(section, param, legend, ids);
        int afterSeries = ids.size();
        List<Column> scores = scoreColumns(section);
        if (param != null) {
            for (Column c : scores) {
                ids.add(againstParam(section, c, param, legend));
            }
        } else {
            Column headline = headlineColumn(section);
            for (Table t : section.tables()) {
                List<Column> latency = t.columns().stream().filter(c -> c.kind() == Column.Kind.LATENCY).toList();
                if (!latency.isEmpty() && (latency.get(0).probe().equals("endToEnd") || section.tables().indexOf(t) == 0)
                        && latency.get(0).coCorrected()) {
                    ids.add(percentiles(section, t, latency.get(0), legend));
                    ids.add(bars(section, t, latency.stream().filter(c -> c.key().equals("50") && featurable(c)).findFirst().orElse(null), legend));
                    ids.add(bars(section, t, tailColumn(latency), legend));
                }
            }
            List<Column> metrics = new ArrayList<>(scores.stream().filter(c -> c.kind() == Column.Kind.METRIC).toList());
            if (headline != null && metrics.remove(headline)) {
                metrics.add(0, headline);
            }
            List<String> metricIds = new ArrayList<>();
            for (Column c : metrics) {
                Table t = tableOf(section, c);
                metricIds.add(bars(section, t, c, legend));
            }
            // The verdict's own figure answers the workload's question: it comes first.
            ids.addAll(headline != null && headline.kind() == Column.Kind.METRIC ? afterSeries : ids.size(), metricIds);
            for (Table t : section.tables()) {
                List<Column> latency = t.columns().stream().filter(c -> c.kind() == Column.Kind.LATENCY).toList();
                if (!latency.isEmpty() && !latency.get(0).probe().equals("endToEnd") && section.tables().indexOf(t) != 0) {
                    ids.add(percentiles(section, t, latency.get(0), legend));
                }
            }
        }
        ids.removeIf(Objects::isNull);
        return new SectionCharts(List.copyOf(ids), legend);
    }

    public List<Map<String, Object>> charts() {
        return charts;
    }

    /** Whether the chart spans two rows of the grid (a percentile curve beside two short bar charts). */
    boolean isTall(String id) {
        return charts.stream().anyMatch(c -> c.get("id").equals(id) && c.get("type").equals("percentiles"));
    }

    /** How tall a chart's plot is, in CSS pixels: bar charts grow with their bars so labels never overlap. */
    int heightPx(String id) {
        Map<String, Object> spec = charts.stream().filter(c -> c.get("id").equals(id)).findFirst().orElseThrow();
        return switch ((String) spec.get("type")) {
            case "bars" -> 64 + 26 * ((List<?>) spec.get("bars")).size();
            case "percentiles" -> 340;
            default -> 300;
        };
    }

    /**
     * The numeric parameter the rows differ in (connections, rate), or null: the one with the most
     * distinct values when several vary.
     */
    public static String sweptParam(Section s) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (Row r : s.rows()) {
            r.params().forEach((k, v) -> {
                if (!s.params().containsKey(k)) {
                    values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
                }
            });
        }
        String best = null;
        for (Map.Entry<String, Set<String>> e : values.entrySet()) {
            boolean numeric = e.getValue().stream().allMatch(ChartSpecs::isNumber);
            if (numeric && e.getValue().size() >= 2 && (best == null || e.getValue().size() > values.get(best).size())) {
                best = e.getKey();
            }
        }
        return best;
    }

    /** The name of the line a row belongs to: its label without the swept parameter. */
    static String lineLabel(Row r, String param) {
        if (param == null) {
            return r.label();
        }
        return r.label().replace(" · " + param + "=" + r.params().get(param), "");
    }

    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The columns rows are ranked on, in table order: what is worth a chart. Facts and rates are not. */
    static List<Column> scoreColumns(Section s) {
        List<Column> out = new ArrayList<>();
        for (Table t : s.tables()) {
            for (Column c : t.columns()) {
                boolean latencyHeadline = c.kind() == Column.Kind.LATENCY && (c.key().equals("50") || c == tailColumn(
                        t.columns().stream().filter(x -> x.kind() == Column.Kind.LATENCY).toList()));
                if ((c.kind() == Column.Kind.METRIC && c.ranked()) || (latencyHeadline && c.probe().equals("endToEnd") && featurable(c))) {
                    out.add(c);
                }
            }
        }
        // The figures the workload's questions name come first, in the questions' order.
        List<Column> first = new ArrayList<>();
        for (Answer a : s.answers()) {
            for (String f : a.question().figures()) {
                Column c = Table.named(s.tables(), f);
                if (c != null && out.remove(c)) {
                    first.add(c);
                }
            }
        }
        first.addAll(out);
        return first;
    }

    /**
     * Whether a latency column may have a chart of its own: only a trusted percentile, and only one
     * corrected for coordinated omission — a closed loop's p50 leaves out the requests that waited for a
     * connection, and drawn alone it shows the server that made them wait as the fastest.
     */
    static boolean featurable(Column c) {
        return c.trusted() && c.coCorrected();
    }

    /** The column of the section's first verdict, matched by id, or null. */
    static Column headlineColumn(Section s) {
        for (Headline h : s.headlines()) {
            if (h.figure() != null) {
                for (Table t : s.tables()) {
                    for (Column c : t.columns()) {
                        if (c.id().equals(h.figure().id())) {
                            return c;
                        }
                    }
                }
            }
        }
        return null;
    }

    private static Table tableOf(Section s, Column c) {
        return s.tables().stream().filter(t -> t.columns().contains(c)).findFirst().orElseThrow();
    }

    /** p99.99, or the highest percentile below the maximum when the run was too short for it. */
    static Column tailColumn(List<Column> latency) {
        Column best = null;
        for (Column c : latency) {
            if (c.key().equals("max") || !featurable(c)) {
                continue; // p99 rather than an untrusted p99.99: charts only of what is trusted
            }
            if (c.key().equals("99.99")) {
                return c;
            }
            if (Percentiles.value(c.key()) < 99.99 && !c.key().equals("50")) {
                best = c;
            }
        }
        return best;
    }

    private static String direction(Column c) {
        return c.higherIsBetter() ? "higher is better" : "lower is better";
    }

    private static String figureTitle(Section section, Column c) {
        String what = c.kind() == Column.Kind.LATENCY
                ? Words.latency(c.title(), c.probe())
                : Words.label(c.key());
        return section.workload() + " — " + what + " (" + direction(c) + ")"
                + (c.coCorrected() ? "" : " " + Column.NOT_CORRECTED)
                + (c.trusted() ? "" : " — not trusted on this machine");
    }

    private String percentiles(Section section, Table t, Column first, Map<String, JvmStyles.Style> legend) {
        String probe = first.probe();
        List<Map<String, Object>> series = new ArrayList<>();
        double maxX = 10;
        for (Row row : t.rows()) {
            List<Probe> blocks = row.okTrials().stream().map(tr -> tr.measured().latency().get(probe)).filter(Objects::nonNull).toList();
            if (blocks.isEmpty()) {
                continue;
            }
            List<double[]> points = points(blocks);
            List<Integer> marks = new ArrayList<>();
            for (double nine : NINES) {
                int closest = -1;
                for (int i = 0; i < points.size(); i++) {
                    if (closest < 0 || Math.abs(Math.log(points.get(i)[0] / nine)) < Math.abs(Math.log(points.get(closest)[0] / nine))) {
                        closest = i;
                    }
                }
                if (closest >= 0 && Math.abs(Math.log(points.get(closest)[0] / nine)) < 0.35 && !marks.contains(closest)) {
                    marks.add(closest);
                }
            }
            for (double[] p : points) {
                maxX = Math.max(maxX, p[0]);
            }
            Map<String, Object> s = line(row.label(), legend.get(row.label()));
            s.put("points", points);
            s.put("marks", marks);
            series.add(s);
        }
        if (series.isEmpty()) {
            return null;
        }
        Map<String, Object> spec = spec("percentiles", section.workload() + " — " + probe + ": latency by percentile"
                + (first.coCorrected() ? "" : " " + Column.NOT_CORRECTED) + " — lower is better", first.unit());
        spec.put("series", series);
        spec.put("maxX", Math.pow(10, Math.ceil(Math.log10(maxX))));
        return id(spec);
    }

    /** The whole distribution from the merged histogram, or the reported percentiles when there is none. */
    private static List<double[]> points(List<Probe> blocks) {
        List<double[]> points = new ArrayList<>();
        Histogram h = blocks.size() == 1 ? blocks.get(0).histogram() : merge(blocks);
        if (h != null && h.getTotalCount() > 0) {
            double lastX = -1;
            for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
                double p = v.getPercentileLevelIteratedTo();
                double x = p >= 100 ? h.getTotalCount() : 1 / (1 - p / 100);
                if (x > lastX) {
                    points.add(new double[] {x, h.highestEquivalentValue(v.getValueIteratedTo())});
                    lastX = x;
                }
            }
            return points;
        }
        Probe p = blocks.get(0);
        long count = Math.max(p.count(), 10);
        p.percentiles().forEach((k, v) -> {
            double pct = Percentiles.value(k);
            points.add(new double[] {pct >= 100 ? count : 1 / (1 - pct / 100), v});
        });
        points.sort(Comparator.comparingDouble(a -> a[0]));
        return points;
    }

    /** Horizontal bars, one per row that has the figure, whiskers from its lowest to its highest run. */
    private String bars(Section section, Table t, Column c, Map<String, JvmStyles.Style> legend) {
        if (c == null) {
            return null;
        }
        int col = t.columns().indexOf(c);
        List<Map<String, Object>> bars = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            Cell cell = t.cell(r, col);
            if (cell.figure() == null) {
                continue;
            }
            double[] s = cell.figure().forks();
            Map<String, Object> b = line(t.rows().get(r).label(), legend.get(t.rows().get(r).label()));
            b.put("value", cell.figure().value());
            b.put("min", s.length > 1 ? Stats.min(s) : null);
            b.put("max", s.length > 1 ? Stats.max(s) : null);
            b.put("best", cell.mark() == Cell.Mark.BEST);
            bars.add(b);
        }
        if (bars.isEmpty()) {
            return null;
        }
        Map<String, Object> spec = spec("bars", figureTitle(section, c), c.unit());
        spec.put("trusted", c.trusted());
        spec.put("bars", bars);
        return id(spec);
    }

    /** One line per row family: the column's figure against the swept parameter, whiskers per point. */
    private String againstParam(Section section, Column c, String param, Map<String, JvmStyles.Style> legend) {
        Table t = tableOf(section, c);
        int col = t.columns().indexOf(c);
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (int r = 0; r < t.rows().size(); r++) {
            Cell cell = t.cell(r, col);
            Row row = t.rows().get(r);
            if (cell.figure() == null || !row.params().containsKey(param)) {
                continue;
            }
            double[] s = cell.figure().forks();
            lines.computeIfAbsent(lineLabel(row, param), k -> new ArrayList<>()).add(new double[] {
                Double.parseDouble(row.params().get(param)), cell.figure().value(),
                s.length > 1 ? Stats.min(s) : Double.NaN, s.length > 1 ? Stats.max(s) : Double.NaN});
        }
        if (lines.isEmpty()) {
            return null;
        }
        List<Map<String, Object>> out = new ArrayList<>();
        lines.forEach((label, points) -> {
            points.sort(Comparator.comparingDouble(p -> p[0]));
            Map<String, Object> l = line(label, legend.get(label));
            l.put("points", points.stream().map(p -> whiskered(p)).toList());
            out.add(l);
        });
        Map<String, Object> spec = spec("lines", figureTitle(section, c) + ", against " + param, c.unit());
        spec.put("xName", param);
        spec.put("xUnit", "");
        spec.put("lines", out);
        spec.put("markers", List.of());
        return id(spec);
    }

    private static List<Object> whiskered(double[] p) {
        List<Object> l = new ArrayList<>();
        l.add(p[0]);
        l.add(p[1]);
        l.add(Double.isNaN(p[2]) ? null : p[2]);
        l.add(Double.isNaN(p[3]) ? null : p[3]);
        return l;
    }

    /** Per series and y figure, one line per fork of each row (a fork's own run, not an average). */
    private void seriesCharts(Section section, String param, Map<String, JvmStyles.Style> legend, List<String> ids) {
        Set<String> names = new LinkedHashSet<>();
        section.rows().forEach(r -> r.okTrials().forEach(t -> names.addAll(t.measured().series().keySet())));
        for (String name : names) {
            Map<String, Series.Axis> ys = new LinkedHashMap<>();
            Series.Axis x = null;
            Map<String, Series.Marker> markers = new LinkedHashMap<>();
            for (Row r : section.rows()) {
                for (Trial t : r.okTrials()) {
                    Series s = t.measured().series().get(name);
                    if (s != null) {
                        x = x == null ? s.x() : x;
                        s.y().forEach(a -> ys.putIfAbsent(a.name(), a));
                        s.markers().forEach(m -> markers.putIfAbsent(m.at() + "|" + m.label(), m));
                    }
                }
            }
            for (Series.Axis y : ys.values()) {
                List<Map<String, Object>> lines = new ArrayList<>();
                for (Row r : section.rows()) {
                    List<Trial> forks = r.okTrials().stream().filter(t -> t.measured().series().containsKey(name)).toList();
                    for (int f = 0; f < forks.size(); f++) {
                        Series s = forks.get(f).measured().series().get(name);
                        Series.Axis mine = s.y().stream().filter(a -> a.name().equals(y.name())).findFirst().orElse(null);
                        if (mine == null) {
                            continue;
                        }
                        double[] xs = s.x().values();
                        double[] vs = mine.values();
                        List<List<Object>> points = new ArrayList<>();
                        for (int i = 0; i < xs.length; i++) {
                            if (Double.isFinite(xs[i]) && Double.isFinite(vs[i])) {
                                points.add(whiskered(new double[] {xs[i], vs[i], Double.NaN, Double.NaN}));
                            }
                        }
                        Map<String, Object> l = line(r.label() + (forks.size() > 1 ? " · fork " + (f + 1) : ""), legend.get(lineLabel(r, param)));
                        l.put("points", points);
                        lines.add(l);
                    }
                }
                if (lines.isEmpty()) {
                    continue;
                }
                String better = y.direction().equals("none") ? "" : " (" + y.direction() + " is better)";
                Map<String, Object> spec = spec("lines", section.workload() + " — " + y.name() + better + " against "
                        + x.name() + (x.unit().isEmpty() ? "" : " (" + x.unit() + ")"), y.unit());
                spec.put("xName", x.name());
                spec.put("xUnit", x.unit());
                spec.put("lines", lines);
                spec.put("markers", markers.values().stream().map(m -> {
                    Map<String, Object> mm = new LinkedHashMap<>();
                    mm.put("at", m.at());
                    mm.put("label", m.label());
                    return mm;
                }).toList());
                ids.add(id(spec));
            }
        }
    }

    /** The style a JDK's points of a tuning run are drawn in. */
    JvmStyles.Style jdkStyle(String jdk) {
        return new JvmStyles.Style(styles.jvm(jdk), 0);
    }

    /**
     * A tuning run's points: the objective against the JVM's peak RSS in MiB, one colour per JDK, its Pareto frontier
     * joined by a line and every other point a marker of its own; null when no point has both figures.
     */
    public String frontier(TuneAnswer a) {
        List<Map<String, Object>> lines = new ArrayList<>();
        double mib = 1 << 20;
        for (TuneAnswer.JdkAnswer j : a.jdks()) {
            int jvm = jdkStyle(j.race().jdk()).jvm();
            List<TuneAnswer.PointFigures> pts = j.points().stream()
                    .filter(p -> !Double.isNaN(p.footprint())).toList();
            List<List<Object>> front = pts.stream().filter(TuneAnswer.PointFigures::onFrontier)
                    .sorted(Comparator.comparingDouble(TuneAnswer.PointFigures::footprint))
                    .map(p -> whiskered(new double[] {p.footprint() / mib, p.objective(), Double.NaN, Double.NaN})).toList();
            if (!front.isEmpty()) {
                Map<String, Object> l = line(j.race().jdk() + " frontier", new JvmStyles.Style(jvm, 0));
                l.put("points", front);
                lines.add(l);
            }
            for (TuneAnswer.PointFigures p : pts) {
                if (!p.onFrontier()) {
                    Map<String, Object> l = line(j.race().jdk() + " " + p.label(), new JvmStyles.Style(jvm, 2));
                    l.put("points", List.of(whiskered(new double[] {p.footprint() / mib, p.objective(), Double.NaN, Double.NaN})));
                    lines.add(l);
                }
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        Map<String, Object> spec = spec("lines", Words.figure(a.objective()) + " against the JVM's peak RSS,"
                + " per point (" + direction(a.objective()) + "; the frontier joined)", a.objective().unit());
        spec.put("xName", "peak RSS");
        spec.put("xUnit", "MiB");
        spec.put("lines", lines);
        spec.put("markers", List.of());
        return id(spec);
    }

    /** A line's or bar's name and style, the keys report.js reads. */
    private static Map<String, Object> line(String label, JvmStyles.Style style) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        JvmStyles.Style s = style == null ? new JvmStyles.Style(0, 0) : style;
        m.put("jvm", s.jvm());
        m.put("colour", s.colour());
        m.put("marker", s.marker());
        m.put("dash", s.dashPattern());
        return m;
    }

    private Map<String, Object> spec(String type, String title, String unit) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("id", "chart-" + (charts.size() + 1));
        spec.put("type", type);
        spec.put("title", title);
        spec.put("unit", unit);
        return spec;
    }

    private String id(Map<String, Object> spec) {
        charts.add(spec);
        return (String) spec.get("id");
    }

    /** The forks' histograms added together (for charts), or null unless every fork has one. */
    private static Histogram merge(List<Probe> blocks) {
        Histogram merged = null;
        for (Probe p : blocks) {
            Histogram h = p.histogram();
            if (h == null) {
                return null;
            }
            if (merged == null) {
                merged = new Histogram(h.getNumberOfSignificantValueDigits());
                merged.setAutoResize(true);
            }
            merged.add(h);
        }
        return merged;
    }
}
