package org.jvmmark.report.render;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.jvmmark.results.Probe;
import org.jvmmark.results.ProcessFacts;
import org.jvmmark.results.Results;
import org.jvmmark.results.Trial;
import org.jvmmark.report.numbers.Format;

/**
 * results.csv: one row per trial × probe × percentile (kind {@code latency} when corrected for coordinated
 * omission, {@code latency-uncorrected} otherwise), per probe rate,
 * per metric and per process figure, and one status row for a trial that did not end ok — the raw
 * figures of every fork, for spreadsheets and scripts. Stateless and thread-safe.
 */
public final class CsvRenderer {
    static final List<String> HEADER = List.of("workload", "trial", "jvm", "vendor", "version", "feature", "gc",
            "variant", "flags", "status", "kind", "probe", "name", "value", "unit", "better", "error");

    private static final CsvMapper CSV = new CsvMapper();

    private CsvRenderer() {
    }

    public static String render(Results results) throws IOException {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
        HEADER.forEach(schema::addColumn);
        StringWriter out = new StringWriter();
        try (SequenceWriter w = CSV.writer(schema.build()).writeValues(out)) {
            for (Trial t : results.trials()) {
                for (List<String> row : rows(t)) {
                    w.write(row);
                }
            }
        }
        return out.toString();
    }

    private static List<List<String>> rows(Trial t) {
        List<List<String>> rows = new ArrayList<>();
        if (!t.ok()) {
            rows.add(row(t, "status", "", "", Double.NaN, "", ""));
        }
        for (Map.Entry<String, Probe> e : t.measured().latency().entrySet()) {
            Probe p = e.getValue();
            // A block the harness could not correct must not pass for a corrected one in a spreadsheet.
            String kind = p.coCorrected() ? "latency" : "latency-uncorrected";
            p.percentiles().forEach((k, v) -> rows.add(row(t, kind, e.getKey(), k, v, p.unit(), "lower")));
            p.uncorrected().forEach((k, v) -> rows.add(row(t, "latency-uncorrected", e.getKey(), k, v, p.unit(), "lower")));
            if (p.targetRate() > 0) {
                rows.add(row(t, "rate", e.getKey(), "targetRate", p.targetRate(), "/s", ""));
            }
            if (p.achievedRate() > 0) {
                rows.add(row(t, "rate", e.getKey(), "achievedRate", p.achievedRate(), "/s", "higher"));
            }
        }
        t.measured().metrics().forEach((k, m) -> rows.add(row(t, "metric", "", k, m.value(), m.unit(), !m.ranked() ? "none" : m.higherIsBetter() ? "higher" : "lower")));
        ProcessFacts pf = t.outcome().process();
        if (pf.peakRssBytes() != null && pf.peakRssBytes() > 0) {
            rows.add(row(t, "process", "", "peakRssBytes", pf.peakRssBytes(), "bytes", "lower"));
        }
        if (pf.wallSeconds() > 0) {
            rows.add(row(t, "process", "", "wallSeconds", pf.wallSeconds(), "s", ""));
        }
        if (pf.cpuSeconds() != null && pf.cpuSeconds() > 0) {
            rows.add(row(t, "process", "", "cpuSeconds", pf.cpuSeconds(), "s", ""));
        }
        return rows;
    }

    private static List<String> row(Trial t, String kind, String probe, String name, double value, String unit, String better) {
        return List.of(t.workload(), t.id(), t.provenance().jvm().label(), t.provenance().jvm().vendor(), t.provenance().jvm().version(),
                String.valueOf(t.provenance().jvm().feature()), t.collector(), t.identity().variant(), String.join(" ", t.provenance().flags()),
                t.outcome().trialStatus().json(), kind, probe, name, Format.plain(value), unit, better, t.outcome().error() == null ? "" : t.outcome().error());
    }
}
