package org.jvmmark.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jvmmark.results.Metric;
import org.jvmmark.results.Probe;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;

/**
 * Turns {@link Results} into the {@link ReportModel}: groups trials into rows (forks of one JVM
 * variant aggregated), derives each figure and its per-run samples, rules on the machine's noise,
 * and marks every cell against its column's best.
 * How forks are aggregated into one figure is {@link Figures}' job.
 *
 * <p>Stateless and thread-safe.
 */
public final class ModelBuilder {
    private ModelBuilder() {
    }

    public static ReportModel build(Results results) {
        Map<String, List<Row>> byWorkload = rows(results.trials());
        NoiseVerdict noise = noise(results, byWorkload);
        List<Section> sections = new ArrayList<>();
        byWorkload.forEach((w, rows) -> sections.add(section(w, rows, noise)));
        return new ReportModel(results, noise, sections);
    }

    /** Rows per workload, workloads in first-appearance order, rows by JDK feature, vendor, variant. */
    static Map<String, List<Row>> rows(List<Trial> trials) {
        Map<String, Map<List<Object>, List<Trial>>> groups = new LinkedHashMap<>();
        for (Trial t : trials) {
            List<Object> key = List.of(t.jvm().vendor(), t.jvm().version(), t.jvm().vmName(), t.variant(),
                    t.flags(), t.params());
            groups.computeIfAbsent(t.workload(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(key, k -> new ArrayList<>()).add(t);
        }
        Map<String, List<Row>> out = new LinkedHashMap<>();
        groups.forEach((workload, byKey) -> {
            Set<String> varying = varyingParams(byKey.values());
            List<String> common = commonFlags(byKey.values());
            List<Row> rows = new ArrayList<>();
            for (List<Trial> forks : byKey.values()) {
                // Name the row after a fork that ran: a failed fork may not know its collector.
                Trial first = forks.stream().filter(Trial::ok).findFirst().orElse(forks.get(0));
                rows.add(new Row(label(first, varying, common), first.jvm(), first.variant(), first.flags(),
                        first.params(), forks));
            }
            rows.sort(Comparator.comparingInt((Row r) -> r.jvm().feature()).thenComparing(r -> r.jvm().version())
                    .thenComparing(r -> r.jvm().vendor()).thenComparing(Row::variant)
                    .thenComparing(r -> String.join(" ", r.flags())).thenComparing(r -> r.params().toString()));
            out.put(workload, rows);
        });
        return out;
    }

    private static Set<String> varyingParams(java.util.Collection<List<Trial>> groups) {
        Set<String> varying = new TreeSet<>();
        Map<String, String> seen = new LinkedHashMap<>();
        for (List<Trial> g : groups) {
            for (Map.Entry<String, String> e : g.get(0).params().entrySet()) {
                String prev = seen.putIfAbsent(e.getKey(), e.getValue());
                if (prev != null && !prev.equals(e.getValue())) {
                    varying.add(e.getKey());
                }
            }
        }
        return varying;
    }

    /** The tuning flags every row of a workload shares: said once above its tables, not in every label. */
    static List<String> commonFlags(java.util.Collection<List<Trial>> groups) {
        List<String> common = null;
        for (List<Trial> g : groups) {
            List<String> flags = g.get(0).flags();
            if (common == null) {
                common = new ArrayList<>(flags);
            } else {
                common.retainAll(flags);
            }
        }
        return common == null ? List.of() : common;
    }

    /** -XX:+UseZGC and the like: the collector column already says it. */
    private static boolean selectsCollector(String flag) {
        return flag.matches("-XX:\\+Use\\w*GC");
    }

    private static String label(Trial t, Set<String> varyingParams, List<String> commonFlags) {
        List<String> parts = new ArrayList<>();
        parts.add(t.jvm().label());
        String gc = t.collector();
        if (!gc.isEmpty()) {
            parts.add(gc);
        }
        if (!t.variant().isEmpty() && !t.variant().equalsIgnoreCase(gc) && !t.variant().equalsIgnoreCase("default")) {
            parts.add(t.variant());
        }
        List<String> flags = t.flags().stream()
                .filter(f -> !commonFlags.contains(f) && !selectsCollector(f)).toList();
        if (!flags.isEmpty()) {
            parts.add(String.join(" ", flags));
        }
        for (String p : varyingParams) {
            String value = t.params().getOrDefault(p, "");
            if (!value.equals(t.variant())) {
                parts.add(p + "=" + value);
            }
        }
        return String.join(" · ", parts);
    }

    private static NoiseVerdict noise(Results results, Map<String, List<Row>> byWorkload) {
        Map<String, List<Double>> cvs = new LinkedHashMap<>();
        for (List<Row> rows : byWorkload.values()) {
            for (Row row : rows) {
                for (String probe : probes(List.of(row))) {
                    for (String key : percentileKeys(List.of(row), probe)) {
                        Figure f = Figures.latencyFigure(row, probe, key);
                        if (f != null) {
                            List<Double> list = cvs.computeIfAbsent(key, k -> new ArrayList<>());
                            if (!Double.isNaN(f.cv())) {
                                list.add(f.cv());
                            }
                        }
                    }
                }
            }
        }
        List<Probe.Jitter> jitter = results.trials().stream().filter(Trial::ok).flatMap(t -> t.latency().values().stream())
                .map(Probe::jitter).filter(Objects::nonNull).toList();
        return NoiseVerdict.of(cvs, results.cpus(), results.host().get("isolatedCpus"), jitterLines(jitter));
    }

    /** One sentence on the jitter samplers of all trials, or none when no trial sampled. */
    private static List<String> jitterLines(List<Probe.Jitter> jitter) {
        if (jitter.isEmpty()) {
            return List.of();
        }
        long gaps = jitter.stream().mapToLong(Probe.Jitter::count).sum();
        double threshold = jitter.get(0).thresholdNanos();
        double[] p99 = jitter.stream().map(j -> j.percentiles().get("99")).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).toArray();
        double worst = jitter.stream().map(j -> j.percentiles().get("max")).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return List.of("OS jitter: a spinning sampler thread lost its CPU " + gaps + " times for longer than "
                + Format.value(threshold, "ns") + " in " + jitter.size() + (jitter.size() == 1 ? " trial" : " trials")
                + (p99.length == 0 ? "" : "; such gaps had a median p99 of " + Format.value(Stats.median(p99), "ns"))
                + (Double.isNaN(worst) ? "" : " and lasted up to " + Format.value(worst, "ns")) + ".");
    }

    private static Section section(String workload, List<Row> rows, NoiseVerdict noise) {
        List<Table> tables = new ArrayList<>();
        for (String probe : probes(rows)) {
            List<Column> columns = new ArrayList<>();
            String unit = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.latency().get(probe))
                    .filter(Objects::nonNull).map(Probe::unit).findFirst().orElse("ns");
            // A block timed from the actual rather than the intended start hides every stall behind the
            // one request that saw it (coordinated omission): such figures flatter a stalling JVM, so
            // they are shown but never ranked. One uncorrected fork makes the whole column uncorrected.
            boolean coCorrected = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.latency().get(probe))
                    .filter(Objects::nonNull).allMatch(Probe::coCorrected);
            for (String key : percentileKeys(rows, probe)) {
                columns.add(new Column(Column.Kind.LATENCY, probe, key, Percentiles.title(key), unit, false, coCorrected,
                        noise.trusted(key), coCorrected));
            }
            boolean hasRate = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.latency().get(probe))
                    .anyMatch(p -> p != null && p.achievedRate() > 0);
            if (hasRate) {
                columns.add(new Column(Column.Kind.RATE, probe, "achievedRate", "achieved rate", "/s", true, false, true));
            }
            tables.add(table("Latency — " + probe + (coCorrected ? "" : " " + NOT_CORRECTED), columns, rows));
            boolean hasUncorrected = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.latency().get(probe))
                    .anyMatch(p -> p != null && !p.uncorrected().isEmpty());
            if (coCorrected && hasUncorrected) {
                List<Column> plain = new ArrayList<>();
                uncorrectedKeys(rows, probe).forEach(key -> plain.add(
                        new Column(Column.Kind.UNCORRECTED, probe, key, Percentiles.title(key), unit, false, false, true)));
                tables.add(table("Latency — " + probe + ", uncorrected (coordinated omission not corrected: for reference only)",
                        plain, rows));
            }
        }
        List<Column> metricColumns = new ArrayList<>();
        Map<String, Metric> firstOfEach = new LinkedHashMap<>();
        rows.stream().flatMap(r -> r.okTrials().stream()).forEach(t -> t.metrics().forEach(firstOfEach::putIfAbsent));
        firstOfEach.forEach((name, m) -> metricColumns.add(
                new Column(Column.Kind.METRIC, null, name, name, m.unit(), m.higherIsBetter(), m.ranked() && !isCheck(name), true)));
        if (rows.stream().flatMap(r -> r.okTrials().stream()).anyMatch(t -> t.process().peakRssBytes() > 0)) {
            metricColumns.add(new Column(Column.Kind.METRIC, null, PEAK_RSS, PEAK_RSS, "bytes", false, true, true));
        }
        if (metricColumns.isEmpty() && tables.isEmpty()) {
            tables.add(table("Trials", metricColumns, rows));
        }
        metricTables(metricColumns).forEach((title, columns) -> tables.add(table(title, columns, rows)));
        Map<String, List<String>> warnings = new LinkedHashMap<>();
        for (Row row : rows) {
            for (Trial t : row.trials()) {
                for (String w : t.warnings()) {
                    List<String> labels = warnings.computeIfAbsent(w, k -> new ArrayList<>());
                    if (!labels.contains(row.label())) {
                        labels.add(row.label());
                    }
                }
            }
        }
        return new Section(workload, commonParams(rows), commonFlags(rows.stream().map(Row::trials).toList()), rows,
                tables, warnings, List.of());
    }

    /** How a latency table or chart built from uncorrected blocks is titled. */
    static final String NOT_CORRECTED = "(not corrected for coordinated omission)";

    /**
     * Whether a metric checks the run rather than scores the JVM: the achieved (or target) rate says
     * whether the load generator kept its schedule; a higher one is not a better JVM, so it is not ranked.
     */
    static boolean isCheck(String metric) {
        String last = metric.substring(metric.lastIndexOf('.') + 1);
        return last.equals("achievedRate") || last.equals("targetRate");
    }

    /** Most metric columns in one table: wider tables stop being readable, in a terminal or a README. */
    static final int MAX_METRIC_COLUMNS = 7;

    /**
     * Metric columns split into readable tables: metrics named "group.name" (e.g. startup's
     * "hello.startupMs", "http.startupMs") get a table per group, the rest share one, and any table
     * wider than {@link #MAX_METRIC_COLUMNS} is cut into parts.
     */
    static Map<String, List<Column>> metricTables(List<Column> columns) {
        Map<String, List<Column>> groups = new LinkedHashMap<>();
        List<Column> plain = new ArrayList<>();
        for (Column c : columns) {
            int dot = c.key().indexOf('.');
            if (dot > 0 && dot < c.key().length() - 1) {
                // The table's title names the group; the column keeps the rest of the name.
                Column shortened = new Column(c.kind(), c.probe(), c.key(), c.key().substring(dot + 1), c.unit(),
                        c.higherIsBetter(), c.ranked(), c.trusted(), c.coCorrected());
                groups.computeIfAbsent("Metrics — " + c.key().substring(0, dot), k -> new ArrayList<>()).add(shortened);
            } else {
                plain.add(c);
            }
        }
        if (!plain.isEmpty()) {
            groups.put("Metrics", plain);
        }
        Map<String, List<Column>> tables = new LinkedHashMap<>();
        groups.forEach((title, cols) -> {
            int parts = (cols.size() + MAX_METRIC_COLUMNS - 1) / MAX_METRIC_COLUMNS;
            for (int i = 0; i < parts; i++) {
                List<Column> part = cols.subList(i * MAX_METRIC_COLUMNS, Math.min(cols.size(), (i + 1) * MAX_METRIC_COLUMNS));
                tables.put(parts == 1 ? title : title + " (" + (i + 1) + " of " + parts + ")", part);
            }
        });
        return tables;
    }

    /** The peak resident set size the runner measured from outside (VmHWM), as a metric column. */
    static final String PEAK_RSS = "peak RSS (process)";

    private static Map<String, String> commonParams(List<Row> rows) {
        Map<String, String> common = new LinkedHashMap<>(rows.get(0).params());
        for (Row r : rows) {
            common.entrySet().removeIf(e -> !e.getValue().equals(r.params().get(e.getKey())));
        }
        return common;
    }

    private static Table table(String title, List<Column> columns, List<Row> rows) {
        Figure[][] figures = new Figure[rows.size()][columns.size()];
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < columns.size(); c++) {
                figures[r][c] = Figures.figure(rows.get(r), columns.get(c));
            }
        }
        List<List<Cell>> cells = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            cells.add(new ArrayList<>());
        }
        for (int c = 0; c < columns.size(); c++) {
            Column col = columns.get(c);
            int best = -1;
            int present = 0;
            for (int r = 0; r < rows.size(); r++) {
                Figure f = figures[r][c];
                if (f == null) {
                    continue;
                }
                present++;
                if (best < 0 || (col.higherIsBetter() ? f.value() > figures[best][c].value() : f.value() < figures[best][c].value())) {
                    best = r;
                }
            }
            for (int r = 0; r < rows.size(); r++) {
                cells.get(r).add(cell(col, figures[r][c], best < 0 ? null : figures[best][c], r == best, present));
            }
        }
        return new Table(title, columns, rows, cells);
    }

    private static Cell cell(Column col, Figure f, Figure best, boolean isBest, int present) {
        if (f == null) {
            return Cell.EMPTY;
        }
        if (!col.ranked() || present < 2) {
            return new Cell(f, Cell.Mark.NONE, Double.NaN, Double.NaN);
        }
        double delta = worseBy(col.higherIsBetter(), best.value(), f.value());
        if (!col.trusted()) {
            // Not even a "best": ranking JVMs on noise is what the verdict is there to prevent.
            return new Cell(f, Cell.Mark.UNTRUSTED, delta, Double.NaN);
        }
        if (isBest) {
            return new Cell(f, Cell.Mark.BEST, 0, Double.NaN);
        }
        Significance.Outcome o = Significance.test(f.samples(), best.samples());
        Cell.Mark mark = switch (o.verdict()) {
            case SIGNIFICANT -> Cell.Mark.SIGNIFICANT;
            case WITHIN_NOISE -> Cell.Mark.WITHIN_NOISE;
            case TOO_FEW_RUNS -> Cell.Mark.TOO_FEW_RUNS;
        };
        return new Cell(f, mark, delta, o.pValue());
    }

    /** Relative difference from {@code reference}, positive when {@code value} is worse. */
    static double worseBy(boolean higherIsBetter, double reference, double value) {
        if (reference == 0) {
            return value == 0 ? 0 : Double.NaN;
        }
        double d = (value - reference) / Math.abs(reference);
        return higherIsBetter ? -d : d;
    }

    /** The probes of these rows in first-appearance order, endToEnd first. */
    static List<String> probes(List<Row> rows) {
        Set<String> probes = new LinkedHashSet<>();
        rows.stream().flatMap(r -> r.okTrials().stream()).forEach(t -> probes.addAll(t.latency().keySet()));
        List<String> list = new ArrayList<>(probes);
        if (list.remove("endToEnd")) {
            list.add(0, "endToEnd");
        }
        return list;
    }

    private static List<String> uncorrectedKeys(List<Row> rows, String probe) {
        TreeSet<String> keys = new TreeSet<>(Percentiles.ORDER);
        rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.latency().get(probe)).filter(Objects::nonNull)
                .forEach(p -> p.uncorrected().keySet().stream().filter(Percentiles::isPercentile).forEach(keys::add));
        return new ArrayList<>(keys);
    }

    static List<String> percentileKeys(List<Row> rows, String probe) {
        TreeSet<String> keys = new TreeSet<>(Percentiles.ORDER);
        rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.latency().get(probe)).filter(Objects::nonNull)
                .forEach(p -> p.percentiles().keySet().stream().filter(Percentiles::isPercentile).forEach(keys::add));
        return new ArrayList<>(keys);
    }
}
