package org.jvmmark.report.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import org.jvmmark.report.Cell;
import org.jvmmark.report.Column;
import org.jvmmark.report.Figure;
import org.jvmmark.report.ReportModel;
import org.jvmmark.report.Row;
import org.jvmmark.report.Section;
import org.jvmmark.report.Table;

/**
 * A run's figures in the formats the tools teams already run read, so that no script of the team's own stands between
 * a run and them. One benchmark per row ({@code queue-latency/temurin-25.0.1/G1}), one measure per figure of its
 * tables, the row's figure (the median of its forks) as the value and the lowest and highest fork as the bounds:
 * <ul>
 *   <li>{@link #bmf}: Bencher Metric Format, {@code {"<benchmark>": {"<measure>": {"value": x, "lower_value": l,
 *       "upper_value": u}}}} ({@code bencher run --adapter json});</li>
 *   <li>{@link #githubActionBenchmark}: github-action-benchmark's custom JSON, {@code [{"name", "unit", "value",
 *       "range", "extra"}]} ({@code tool: customSmallerIsBetter} or {@code customBiggerIsBetter}: the direction is the
 *       tool's, per file, so each entry's {@code extra} says which way is better).</li>
 * </ul>
 * A figure the row did not measure (a failed row, a metric it lacks) is left out, never written as 0. Stateless and
 * thread-safe.
 */
public final class BenchmarkExport {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The longest measure name Bencher takes, in UTF-8 bytes. */
    static final int MEASURE_NAME_BYTES = 64;

    private BenchmarkExport() {
    }

    /** One measured figure of one row. */
    private record Measured(String benchmark, String measure, Column column, Figure figure, int forks) {
        /** The lowest fork, or the value itself where the row's figure (a mean of logs) rounds below it. */
        double lower() {
            return Math.min(figure.value(), forks > 1 ? Arrays.stream(figure.forks()).min().orElse(figure.value()) : figure.value());
        }

        double upper() {
            return Math.max(figure.value(), forks > 1 ? Arrays.stream(figure.forks()).max().orElse(figure.value()) : figure.value());
        }
    }

    /** The model's figures as Bencher Metric Format. */
    public static String bmf(ReportModel model) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        each(model, m -> {
            ObjectNode bench = root.has(m.benchmark()) ? (ObjectNode) root.get(m.benchmark()) : root.putObject(m.benchmark());
            ObjectNode measure = bench.putObject(m.measure());
            measure.put("value", m.figure().value());
            measure.put("lower_value", m.lower());
            measure.put("upper_value", m.upper());
        });
        return pretty(root);
    }

    /** The model's figures as github-action-benchmark's custom JSON. */
    public static String githubActionBenchmark(ReportModel model) {
        ArrayNode root = JsonNodeFactory.instance.arrayNode();
        each(model, m -> {
            ObjectNode o = root.addObject();
            o.put("name", m.benchmark() + " · " + m.measure());
            o.put("unit", m.column().unit() == null ? "" : m.column().unit());
            o.put("value", m.figure().value());
            if (m.forks() > 1) {
                o.put("range", m.lower() + "…" + m.upper());
            }
            o.put("extra", m.forks() + (m.forks() == 1 ? " fork" : " forks") + "; " + (m.column().higherIsBetter() ? "higher"
                    : "lower") + " is better");
        });
        return pretty(root);
    }

    /**
     * Every measured figure, named "table: figure (unit)" ("Latency endToEnd: p50 (ns)") so that a figure of two
     * tables (two probes, corrected and not) stays two measures; a name taken already in a row gets a number.
     */
    private static void each(ReportModel model, Consumer<Measured> sink) {
        Set<String> taken = new HashSet<>();
        for (Section s : model.sections()) {
            for (Table t : s.tables()) {
                for (int r = 0; r < t.rows().size(); r++) {
                    Row row = t.rows().get(r);
                    for (int c = 0; c < t.columns().size(); c++) {
                        Cell cell = t.cells().get(r).get(c);
                        Figure f = cell == null ? null : cell.figure();
                        if (f != null && Double.isFinite(f.value())) {
                            Column col = t.columns().get(c);
                            String bench = benchmark(row);
                            String name = (t.title() == null || t.title().isBlank() ? "" : t.title() + ": ") + col.title()
                                    + (col.unit() == null || col.unit().isBlank() ? "" : " (" + col.unit() + ")");
                            String measure = fit(name, "");
                            for (int n = 2; !taken.add(bench + "\u0000" + measure); n++) {
                                measure = fit(name, " #" + n);
                            }
                            sink.accept(new Measured(bench, measure, col, f, f.forks() == null ? 1 : f.forks().length));
                        }
                    }
                }
            }
        }
    }

    /**
     * {@code name + suffix} within Bencher's 64 bytes for a measure's name (its BMF page; a longer one is refused), the
     * table's title cut short with "…" where it must be: the figure and unit at the end are what tells measures apart.
     */
    static String fit(String name, String suffix) {
        int colon = name.lastIndexOf(": ");
        String head = colon < 0 ? name : name.substring(0, colon);
        String tail = (colon < 0 ? "" : name.substring(colon)) + suffix;
        String fitted = name + suffix;
        while (fitted.getBytes(StandardCharsets.UTF_8).length > MEASURE_NAME_BYTES && !head.isEmpty()) {
            head = head.substring(0, head.offsetByCodePoints(head.length(), -1));
            fitted = head.strip() + "…" + tail;
        }
        return fitted;
    }

    /** The row's trial id without its fork: {@code queue-latency/temurin-25.0.1/G1}, or its label when it has no trial. */
    private static String benchmark(Row row) {
        if (row.trials().isEmpty()) {
            return row.label();
        }
        String id = row.trials().get(0).id();
        int fork = id.lastIndexOf("/fork");
        return fork > 0 ? id.substring(0, fork) : id;
    }

    private static String pretty(Object root) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
