package org.jvmmark.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jvmmark.results.Probe;

/**
 * What the HTML page draws, as JSON-writable maps that report.js turns into Chart.js charts: per
 * probe a latency-by-percentile line chart (x = 1 / (1 − p) on a log axis, the "nines" axis of
 * HdrHistogram's plotter); for the end-to-end probe bars for p50 and p99.99 per JVM; per scalar
 * metric bars per JVM. Bars carry the min–max of the per-run values as their spread.
 *
 * <p>Not thread-safe: one instance builds the specs of one page.
 */
final class ChartSpecs {
    /** HdrHistogram's percentile iteration: ticks per halving of the distance to 100 %. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    private final List<Map<String, Object>> charts = new ArrayList<>();

    /** Adds the charts of a section and returns their ids, in the order the page shows them. */
    List<String> add(Section section) {
        List<String> ids = new ArrayList<>();
        for (Table t : section.tables()) {
            List<Column> latency = t.columns().stream().filter(c -> c.kind() == Column.Kind.LATENCY).toList();
            if (!latency.isEmpty()) {
                String probe = latency.get(0).probe();
                ids.add(percentiles(section, t, probe, latency.get(0).unit(), latency.get(0).coCorrected()));
                if (probe.equals("endToEnd") || section.tables().indexOf(t) == 0) {
                    ids.add(bars(section, t, latency.stream().filter(c -> c.key().equals("50")).findFirst().orElse(null)));
                    ids.add(bars(section, t, tailColumn(latency)));
                }
            }
            for (Column c : t.columns()) {
                if (c.kind() == Column.Kind.METRIC) {
                    ids.add(bars(section, t, c));
                }
            }
        }
        ids.removeIf(Objects::isNull);
        return ids;
    }

    List<Map<String, Object>> charts() {
        return charts;
    }

    /** p99.99, or the highest percentile below the maximum when the run was too short for it. */
    private static Column tailColumn(List<Column> latency) {
        Column best = null;
        for (Column c : latency) {
            if (c.key().equals("max")) {
                continue;
            }
            if (c.key().equals("99.99")) {
                return c;
            }
            if (Percentiles.value(c.key()) < 99.99) {
                best = c;
            }
        }
        return best;
    }

    private String percentiles(Section section, Table t, String probe, String unit, boolean coCorrected) {
        List<Map<String, Object>> series = new ArrayList<>();
        double maxX = 10;
        for (Row row : t.rows()) {
            List<Probe> blocks = row.okTrials().stream().map(tr -> tr.latency().get(probe)).filter(Objects::nonNull).toList();
            if (blocks.isEmpty()) {
                continue;
            }
            List<double[]> points = points(blocks);
            for (double[] p : points) {
                maxX = Math.max(maxX, p[0]);
            }
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("label", row.label());
            s.put("points", points);
            series.add(s);
        }
        if (series.isEmpty()) {
            return null;
        }
        Map<String, Object> spec = spec("percentiles", section.workload() + " — " + probe + ": latency by percentile"
                + (coCorrected ? "" : " " + ModelBuilder.NOT_CORRECTED), unit);
        spec.put("series", series);
        spec.put("maxX", Math.pow(10, Math.ceil(Math.log10(maxX))));
        return id(spec);
    }

    /** The whole distribution from the merged histogram, or the reported percentiles when there is none. */
    private static List<double[]> points(List<Probe> blocks) {
        List<double[]> points = new ArrayList<>();
        Histogram h = blocks.size() == 1 ? blocks.get(0).histogram() : Figures.merge(blocks);
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
        return points;
    }

    private String bars(Section section, Table t, Column c) {
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
            double[] s = cell.figure().samples();
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("label", t.rows().get(r).label());
            b.put("value", cell.figure().value());
            b.put("min", s.length > 1 ? Stats.min(s) : null);
            b.put("max", s.length > 1 ? Stats.max(s) : null);
            b.put("best", cell.mark() == Cell.Mark.BEST);
            bars.add(b);
        }
        if (bars.isEmpty()) {
            return null;
        }
        String title = c.kind() == Column.Kind.LATENCY
                ? section.workload() + " — " + c.probe() + " " + c.title() + (c.coCorrected() ? "" : " " + ModelBuilder.NOT_CORRECTED)
                        + (c.trusted() ? "" : " (not trusted on this machine)")
                : section.workload() + " — " + c.key();
        Map<String, Object> spec = spec("bars", title, c.unit());
        spec.put("valueLabel", c.kind() == Column.Kind.LATENCY ? c.title() : c.key() + (c.higherIsBetter() ? " (higher is better)" : " (lower is better)"));
        spec.put("bars", bars);
        return id(spec);
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
}
