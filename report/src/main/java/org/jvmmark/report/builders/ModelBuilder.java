package org.jvmmark.report.builders;

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
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.Stats;
import org.jvmmark.report.judge.Judgement;
import org.jvmmark.results.JvmFacts;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.TrialBuilder;
import org.jvmmark.results.WorkloadQuestion;
import org.jvmmark.report.model.Cell;
import org.jvmmark.report.model.Column;
import org.jvmmark.report.model.ColumnTrust;
import org.jvmmark.report.model.Figure;
import org.jvmmark.report.numbers.Format;
import org.jvmmark.report.model.Headline;
import org.jvmmark.report.model.NoiseVerdict;
import org.jvmmark.report.model.Percentiles;
import org.jvmmark.report.model.ReportModel;
import org.jvmmark.report.model.Row;
import org.jvmmark.report.model.Section;
import org.jvmmark.report.model.Table;
import org.jvmmark.report.words.Words;

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

    /** The model with the default practical threshold ({@link Judge#DEFAULT_THRESHOLD}). */
    public static ReportModel build(Results results) {
        return build(results, Judge.DEFAULT_THRESHOLD);
    }

    /** @param threshold the smallest relative difference that is called, as a fraction (0.05 = 5 %) */
    public static ReportModel build(Results results, double threshold) {
        return build(results, threshold, true);
    }

    /**
     * The model's rows, columns and figures without a judgement: every cell plain, no headline, no answer — what
     * {@code compare} reads, which judges the figures of both sides together itself.
     */
    public static ReportModel figures(Results results) {
        return build(results, Judge.DEFAULT_THRESHOLD, false);
    }

    private static ReportModel build(Results results, double threshold, boolean judged) {
        Judge.checkThreshold(threshold);
        Map<String, List<Row>> byWorkload = rows(results.trials());
        List<NoiseVerdict.PercentileNoise> noise = new ArrayList<>();
        List<Section> sections = new ArrayList<>();
        // A section of a merged result set is named "workload · on machine": its questions are the workload's.
        byWorkload.forEach((w, rows) -> sections.add(section(w, rows, noise, threshold,
                results.questions(rows.get(0).trials().get(0).workload()), results.jvmFacts(), judged)));
        // The paired questions of every section are one family: counted once (each pair judged alone), then every
        // section's answers judged again, each interval widened for all of them (its tables stay as judged).
        int family = sections.stream().mapToInt(Section::estimated).sum();
        for (int i = 0; i < sections.size(); i++) {
            Section s = sections.get(i);
            if (judged && s.estimated() > 0) {
                sections.set(i, answered(s, results.questions(s.rows().get(0).trials().get(0).workload()), threshold,
                        results.jvmFacts(), family));
            }
        }
        List<Probe.Jitter> jitter = results.trials().stream().filter(Trial::ok).flatMap(t -> t.measured().latency().values().stream())
                .map(Probe::jitter).filter(Objects::nonNull).toList();
        return new ReportModel(results, NoiseVerdict.of(noise, results.cpus(), results.host().get("isolatedCpus"),
                jitterLines(jitter)), sections, threshold);
    }

    /**
     * Rows per workload, workloads in first-appearance order, rows by JDK feature, vendor, variant.
     * A result set merged from several machines gets one section per workload and machine: JVMs are
     * ranked only against JVMs measured on the same host.
     */
    static Map<String, List<Row>> rows(List<Trial> trials) {
        Map<String, Map<List<Object>, List<Trial>>> groups = new LinkedHashMap<>();
        boolean severalMachines = trials.stream().map(t -> t.identity().machine()).distinct().count() > 1;
        for (Trial t : trials) {
            List<Object> key = List.of(t.provenance().jvm().vendor(), t.provenance().jvm().version(), t.provenance().jvm().vmName(), t.identity().variant(),
                    t.provenance().flags(), t.identity().params());
            groups.computeIfAbsent(severalMachines ? t.workload() + " · on " + t.identity().machine() : t.workload(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(key, k -> new ArrayList<>()).add(t);
        }
        Map<String, List<Row>> out = new LinkedHashMap<>();
        groups.forEach((workload, byKey) -> {
            Set<String> varying = varyingParams(byKey.values());
            // A parameter a workload variant sets (http's threads=virtual for tomcat-virtual) is said by the variant's name.
            varying.removeAll(setByVariant(byKey.values()));
            List<String> common = commonFlags(byKey.values());
            List<Row> rows = new ArrayList<>();
            for (List<Trial> all : byKey.values()) {
                // A fork another process disturbed is not evidence (ForkNotes.disturbed names it); a row all of whose
                // forks were disturbed keeps them without their figures, so that it is shown, with none.
                List<Trial> undisturbed = all.stream().filter(t -> !t.disturbed()).toList();
                List<Trial> forks = undisturbed.isEmpty() ? all.stream().map(ModelBuilder::withoutFigures).toList() : undisturbed;
                // Name the row after a fork that ran: a failed fork may not know its collector.
                Trial first = forks.stream().filter(Trial::ok).findFirst().orElse(forks.get(0));
                rows.add(new Row(label(first, varying, common), first.provenance().jvm(), first.identity().variant(), first.provenance().flags(),
                        first.identity().params(), forks));
            }
            rows.sort(Comparator.comparingInt((Row r) -> r.jvm().feature()).thenComparing(r -> r.jvm().version())
                    .thenComparing(r -> r.jvm().vendor()).thenComparing(Row::variant)
                    .thenComparing(r -> String.join(" ", r.flags())).thenComparing(Row::params, ModelBuilder::compareParams));
            out.put(workload, rows);
        });
        return out;
    }

    /** A disturbed fork as a row shows it: its identity, outcome and notes, no figure (no metric, probe or peak RSS). */
    static Trial withoutFigures(Trial t) {
        Trial.Measured m = t.measured();
        ProcessFacts p = t.outcome().process();
        return TrialBuilder.from(t)
                .measured(new Trial.Measured(Map.of(), Map.of(), Map.of(), m.info(), m.infoValues(), m.warnings()))
                .process(new ProcessFacts(null, p.wallSeconds(), p.cpuSeconds(), p.exitCode(), p.pid(), p.timedOut(),
                        p.cpusAllowed(), p.cpusRequested(), p.disturbance(), p.more()))
                .build();
    }

    /** Key by key, numbers as numbers: a swept {@code rate=10000} comes before {@code rate=50000} and {@code rate=100000}. */
    public static int compareParams(Map<String, String> a, Map<String, String> b) {
        for (String key : new TreeSet<>(a.keySet())) {
            String x = a.get(key);
            String y = b.getOrDefault(key, "");
            int c;
            try {
                c = Double.compare(Double.parseDouble(x.replace("_", "")), Double.parseDouble(y.replace("_", "")));
            } catch (NumberFormatException e) {
                c = x.compareTo(y);
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static Set<String> varyingParams(java.util.Collection<List<Trial>> groups) {
        Set<String> varying = new TreeSet<>();
        Map<String, String> seen = new LinkedHashMap<>();
        for (List<Trial> g : groups) {
            for (Map.Entry<String, String> e : g.get(0).identity().params().entrySet()) {
                String prev = seen.putIfAbsent(e.getKey(), e.getValue());
                if (prev != null && !prev.equals(e.getValue())) {
                    varying.add(e.getKey());
                }
            }
        }
        return varying;
    }

    /** The parameters whose value follows from the row's workload variant: the same in every row of that variant. */
    static Set<String> setByVariant(java.util.Collection<List<Trial>> groups) {
        Map<String, Map<String, String>> valueByVariant = new LinkedHashMap<>();
        Set<String> notSet = new TreeSet<>();
        Set<String> keys = new TreeSet<>();
        for (List<Trial> g : groups) {
            Trial t = g.get(0);
            if (t.identity().variant().isEmpty()) {
                return Set.of();
            }
            Map<String, String> seen = valueByVariant.computeIfAbsent(t.identity().variant(), k -> new LinkedHashMap<>());
            t.identity().params().forEach((k, v) -> {
                keys.add(k);
                String prev = seen.putIfAbsent(k, v);
                if (prev != null && !prev.equals(v)) {
                    notSet.add(k);
                }
            });
        }
        keys.removeAll(notSet);
        return valueByVariant.size() > 1 ? keys : Set.of();
    }

    /** The tuning flags every row of a workload shares: said once above its tables, not in every label. */
    static List<String> commonFlags(java.util.Collection<List<Trial>> groups) {
        List<String> common = null;
        for (List<Trial> g : groups) {
            List<String> flags = g.get(0).provenance().flags();
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

    /**
     * The name the runner gives a variant made of a collector and flags alone ({@code --gc G1 --jvm-args -Xmx256m}, a
     * tuning run's point): "G1+-Xmx256m". Such a name says nothing the collector and the flags do not: a label
     * names them once.
     */
    private static String variantOfFlags(String gc, List<String> flags) {
        String args = String.join("_", flags.stream().filter(f -> !selectsCollector(f)).toList()).replace('/', '_');
        return String.join("+", java.util.stream.Stream.of(gc, args).filter(x -> !x.isEmpty()).toList());
    }

    private static String label(Trial t, Set<String> varyingParams, List<String> commonFlags) {
        List<String> parts = new ArrayList<>();
        parts.add(t.provenance().jvm().label());
        String gc = t.collector();
        if (!gc.isEmpty()) {
            parts.add(gc);
        }
        // A variant named after its collector and flags and then the workload's own variant ("Parallel+-Xmx1g+tomcat-virtual")
        // is said by its last part: the collector and the flags are said beside it.
        String variant = t.identity().variant();
        String ofFlags = variantOfFlags(gc, t.provenance().flags());
        if (!ofFlags.isEmpty() && variant.startsWith(ofFlags + "+")) {
            variant = variant.substring(ofFlags.length() + 1);
        }
        if (!variant.isEmpty() && !variant.equalsIgnoreCase(gc) && !variant.equalsIgnoreCase("default")
                && !variant.equals(ofFlags)) {
            parts.add(variant);
        }
        List<String> flags = t.provenance().flags().stream()
                .filter(f -> !commonFlags.contains(f) && !selectsCollector(f)).toList();
        if (!flags.isEmpty()) {
            parts.add(String.join(" ", flags));
        }
        for (String p : varyingParams) {
            String value = t.identity().params().getOrDefault(p, "");
            if (!value.equals(t.identity().variant())) {
                parts.add(p + "=" + value);
            }
        }
        return String.join(" · ", parts);
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

    private static Section section(String workload, List<Row> rows, List<NoiseVerdict.PercentileNoise> noise,
                                   double threshold, List<WorkloadQuestion> questions,
                                   Map<String, JvmFacts> facts, boolean judged) {
        List<Table> tables = new ArrayList<>();
        for (String probe : probes(rows)) {
            List<Column> columns = new ArrayList<>();
            String unit = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.measured().latency().get(probe))
                    .filter(Objects::nonNull).map(Probe::unit).findFirst().orElse("ns");
            // A block timed from the actual rather than the intended start hides every stall behind the
            // one request that saw it (coordinated omission): such figures flatter a stalling JVM, so
            // they are shown but never ranked. One uncorrected fork makes the whole column uncorrected.
            boolean coCorrected = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.measured().latency().get(probe))
                    .filter(Objects::nonNull).allMatch(Probe::coCorrected);
            for (String key : percentileKeys(rows, probe)) {
                String distrust = ColumnTrust.distrust(rows, probe, key);
                Column col = new Column(Column.Kind.LATENCY, probe, key, Percentiles.title(key), unit, false, coCorrected,
                        distrust == null, coCorrected);
                columns.add(col);
            }
            boolean hasRate = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.measured().latency().get(probe))
                    .anyMatch(p -> p != null && p.achievedRate() > 0);
            if (hasRate) {
                columns.add(new Column(Column.Kind.RATE, probe, "achievedRate", "achieved rate", "/s", true, false, true));
            }
            Table latency = table("Latency — " + probe + (coCorrected ? "" : " " + Column.NOT_CORRECTED), columns, rows, threshold, judged);
            tables.add(latency);
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).kind() == Column.Kind.LATENCY) {
                    noise.add(noiseEntry(workload, rows, latency, c));
                }
            }
            boolean hasUncorrected = rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.measured().latency().get(probe))
                    .anyMatch(p -> p != null && !p.uncorrected().isEmpty());
            if (coCorrected && hasUncorrected) {
                List<Column> plain = new ArrayList<>();
                uncorrectedKeys(rows, probe).forEach(key -> plain.add(
                        new Column(Column.Kind.UNCORRECTED, probe, key, Percentiles.title(key), unit, false, false, true)));
                tables.add(table("Latency — " + probe + ", uncorrected (coordinated omission not corrected: for reference only)",
                        plain, rows, threshold, judged));
            }
        }
        List<Column> metricColumns = new ArrayList<>();
        Map<String, Metric> firstOfEach = new LinkedHashMap<>();
        rows.stream().flatMap(r -> r.okTrials().stream()).forEach(t -> t.measured().metrics().forEach(firstOfEach::putIfAbsent));
        firstOfEach.forEach((name, m) -> metricColumns.add(
                new Column(Column.Kind.METRIC, null, name, Words.label(name), m.unit(), m.higherIsBetter(),
                        m.ranked() && !Column.isCheck(name), true)));
        if (rows.stream().flatMap(r -> r.okTrials().stream()).anyMatch(t -> t.outcome().process().peakRssBytes() != null && t.outcome().process().peakRssBytes() > 0)) {
            // Ranked only where the process is the JVM under test and nothing else (not a launcher, no mapped files).
            boolean rssOfTheJvm = rows.stream().flatMap(r -> r.okTrials().stream())
                    .noneMatch(t -> t.measured().info().containsKey(PROCESS_RSS_NOT_RANKED));
            metricColumns.add(new Column(Column.Kind.METRIC, null, Column.PEAK_RSS, Column.PEAK_RSS, "bytes", false, rssOfTheJvm, true));
        }
        if (metricColumns.isEmpty() && tables.isEmpty()) {
            tables.add(table("Trials", metricColumns, rows, threshold, judged));
        }
        MetricTables.of(metricColumns).forEach((title, columns) -> tables.add(table(title, columns, rows, threshold)));
        Map<String, List<String>> warnings = new LinkedHashMap<>();
        for (Row row : rows) {
            for (Trial t : row.trials()) {
                for (String w : t.measured().warnings()) {
                    List<String> labels = warnings.computeIfAbsent(w, k -> new ArrayList<>());
                    if (!labels.contains(row.label())) {
                        labels.add(row.label());
                    }
                }
            }
        }
        levelNotes(tables).forEach((note, labels) -> warnings.put(note, labels));
        Section plain = new Section(workload, commonParams(rows), commonFlags(rows.stream().map(Row::trials).toList()), rows,
                tables, warnings, List.of(), List.of());
        return judged ? answered(plain, questions, threshold, facts, 0) : plain;
    }

    /**
     * {@code s} with its questions answered and its "Who won" headlines, each paired answer judged in a family of
     * {@code family} contrasts (0: its own); the tables stay as they were judged.
     */
    private static Section answered(Section s, List<WorkloadQuestion> questions, double threshold,
                                    Map<String, JvmFacts> facts, int family) {
        QuestionAnswers.Result answered = QuestionAnswers.of(s.workload(), questions, s.rows(), s.tables(), threshold, facts,
                family);
        return new Section(s.workload(), s.params(), s.commonFlags(), s.rows(), s.tables(), s.warnings(),
                answered.headlines().isEmpty() ? headlines(s.workload(), s.rows(), s.tables()) : answered.headlines(),
                answered.answers());
    }

    /**
     * One note per table whose columns were judged within the machine's two launch levels: which figures, the gap, and
     * that their values are shown at the lower level — so a reader never meets a mark that contradicts the number
     * beside it.
     */
    static Map<String, List<String>> levelNotes(List<Table> tables) {
        Map<String, List<String>> notes = new LinkedHashMap<>();
        for (Table t : tables) {
            List<String> figures = new ArrayList<>();
            double gap = Double.NaN;
            for (int c = 0; c < t.columns().size(); c++) {
                for (int r = 0; r < t.rows().size(); r++) {
                    Judgement j = t.cell(r, c).judgement();
                    if (j != null && j.withinLevels()) {
                        figures.add(Words.figure(t.columns().get(c)));
                        gap = j.levelGap();
                        break;
                    }
                }
            }
            if (!figures.isEmpty()) {
                notes.put(Words.levelNote(t.title(), gap, figures),
                        t.rows().stream().map(Row::label).toList());
            }
        }
        return notes;
    }


    /** The info key by which a workload says its process's RSS is not the JVM under test's, and why. */
    static final String PROCESS_RSS_NOT_RANKED = "processRssNotRanked";

    private static Map<String, String> commonParams(List<Row> rows) {
        Map<String, String> common = new LinkedHashMap<>(rows.get(0).params());
        for (Row r : rows) {
            common.entrySet().removeIf(e -> !e.getValue().equals(r.params().get(e.getKey())));
        }
        return common;
    }

    static Table table(String title, List<Column> columns, List<Row> rows, double threshold) {
        return table(title, columns, rows, threshold, true);
    }

    /** @param judged whether the cells are judged ({@link Verdicts#judge}), else plain figures */
    private static Table table(String title, List<Column> columns, List<Row> rows, double threshold, boolean judged) {
        Figure[][] figures = new Figure[rows.size()][columns.size()];
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < columns.size(); c++) {
                figures[r][c] = Figures.figure(rows.get(r), columns.get(c));
            }
        }
        // Rows are ranked only against rows at the same swept values: the rows of a sweep
        // (rate=10000, rate=50000, ...) measure different loads, not better or worse JVMs.
        Map<Map<String, String>, List<Integer>> peers = peers(rows);
        List<List<Cell>> cells = new ArrayList<>(java.util.Collections.nCopies(rows.size(), (List<Cell>) null));
        for (List<Integer> group : peers.values()) {
            Figure[][] sub = new Figure[group.size()][];
            for (int i = 0; i < sub.length; i++) {
                sub[i] = figures[group.get(i)];
            }
            List<List<Cell>> judgedCells = judged ? Verdicts.judge(columns, sub, threshold) : plain(sub);
            for (int i = 0; i < sub.length; i++) {
                cells.set(group.get(i), judgedCells.get(i));
            }
        }
        return new Table(title, columns, rows, cells);
    }

    private static List<List<Cell>> plain(Figure[][] figures) {
        List<List<Cell>> out = new ArrayList<>();
        for (Figure[] row : figures) {
            List<Cell> cells = new ArrayList<>();
            for (Figure f : row) {
                cells.add(f == null ? Cell.EMPTY : Cell.plain(f));
            }
            out.add(cells);
        }
        return out;
    }

    /** Row indices grouped by their values of the swept parameters, in first-appearance order. */
    static Map<Map<String, String>, List<Integer>> peers(List<Row> rows) {
        Set<String> swept = sweptKeys(rows);
        Map<Map<String, String>, List<Integer>> peers = new LinkedHashMap<>();
        for (int r = 0; r < rows.size(); r++) {
            Map<String, String> at = new java.util.TreeMap<>(rows.get(r).params());
            at.keySet().retainAll(swept);
            peers.computeIfAbsent(at, k -> new ArrayList<>()).add(r);
        }
        return peers;
    }

    /**
     * Who won: one headline for the workload, or one per swept value ("connections=1000"), since
     * rows at different values of a sweep are different loads and never ranked against each other.
     */
    private static List<Headline> headlines(String workload, List<Row> rows, List<Table> tables) {
        Map<Map<String, String>, List<Integer>> peers = peers(rows);
        if (peers.size() <= 1) {
            return List.of(Verdicts.headline(workload, "", rows, tables));
        }
        List<Headline> out = new ArrayList<>();
        peers.forEach((at, group) -> {
            List<Row> sub = group.stream().map(rows::get).toList();
            List<Table> subTables = tables.stream().map(t -> restrict(t, sub)).toList();
            String family = at.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(java.util.stream.Collectors.joining(" "));
            out.add(Verdicts.headline(workload, family, sub, subTables));
        });
        return out;
    }

    /** The table with only {@code keep}'s rows (cells as judged in the whole table). */
    private static Table restrict(Table t, List<Row> keep) {
        List<Row> rows = new ArrayList<>();
        List<List<Cell>> cells = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            if (keep.contains(t.rows().get(r))) {
                rows.add(t.rows().get(r));
                cells.add(t.cells().get(r));
            }
        }
        return new Table(t.title(), t.columns(), rows, cells);
    }

    /**
     * The parameters that take several values for one JVM variant: a sweep's ({@code --param
     * rate=10000,50000}), as opposed to those a workload variant sets (chat's {@code impl}),
     * which differ only between variants.
     */
    static Set<String> sweptKeys(List<Row> rows) {
        Map<List<Object>, Map<String, String>> firstOfVariant = new LinkedHashMap<>();
        Set<String> swept = new TreeSet<>();
        for (Row row : rows) {
            Map<String, String> first = firstOfVariant.putIfAbsent(List.of(row.jvm().label(), row.variant(), row.flags()), row.params());
            if (first != null) {
                row.params().forEach((k, v) -> {
                    if (!v.equals(first.get(k))) {
                        swept.add(k);
                    }
                });
            }
        }
        return swept;
    }

    /**
     * The noise entry of one latency column: its trust, how much its rows' forks vary, and — from the same
     * marks the table's rows carry — whether any two rows could be ranked on it.
     */
    private static NoiseVerdict.PercentileNoise noiseEntry(String workload, List<Row> rows, Table table, int c) {
        Column col = table.columns().get(c);
        List<Double> cvs = new ArrayList<>();
        int figures = 0;
        int tooFew = 0;
        int ranked = 0;
        for (int r = 0; r < table.rows().size(); r++) {
            Cell cell = table.cell(r, c);
            Figure f = cell.figure();
            if (f == null) {
                continue;
            }
            figures++;
            if (!Double.isNaN(f.cv())) {
                cvs.add(f.cv());
            }
            switch (cell.mark()) {
                case TOO_FEW_FORKS -> tooFew++;
                case BEST, LEADS, SIGNIFICANT, WITHIN_NOISE, CANNOT_TELL -> ranked++;
                default -> { }
            }
        }
        String distrust = ColumnTrust.distrust(rows, col.probe(), col.key());
        String notRanked = null;
        if (distrust == null && figures >= 2) {
            if (!col.coCorrected()) {
                notRanked = "closed loop, not corrected for coordinated omission";
            } else if (ranked < 2 && tooFew > 0 && !cvs.isEmpty()) {
                notRanked = "fewer than " + Judge.MIN_FORKS + " forks a row (" + tooFew + " of " + figures + ")";
            }
        }
        return NoiseVerdict.entry(workload, col.probe(), col.key(), distrust, cvs, figures, notRanked);
    }


    /** The probes of these rows in first-appearance order, endToEnd first. */
    static List<String> probes(List<Row> rows) {
        Set<String> probes = new LinkedHashSet<>();
        rows.stream().flatMap(r -> r.okTrials().stream()).forEach(t -> probes.addAll(t.measured().latency().keySet()));
        List<String> list = new ArrayList<>(probes);
        if (list.remove("endToEnd")) {
            list.add(0, "endToEnd");
        }
        return list;
    }

    private static List<String> uncorrectedKeys(List<Row> rows, String probe) {
        TreeSet<String> keys = new TreeSet<>(Percentiles.ORDER);
        rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.measured().latency().get(probe)).filter(Objects::nonNull)
                .forEach(p -> p.uncorrected().keySet().stream().filter(Percentiles::isPercentile).forEach(keys::add));
        return new ArrayList<>(keys);
    }

    static List<String> percentileKeys(List<Row> rows, String probe) {
        TreeSet<String> keys = new TreeSet<>(Percentiles.ORDER);
        rows.stream().flatMap(r -> r.okTrials().stream()).map(t -> t.measured().latency().get(probe)).filter(Objects::nonNull)
                .forEach(p -> p.percentiles().keySet().stream().filter(Percentiles::isPercentile).forEach(keys::add));
        return new ArrayList<>(keys);
    }
}
