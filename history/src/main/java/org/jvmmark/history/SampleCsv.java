package org.jvmmark.history;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * {@code history export --csv}: every sample of the history, one row per series, run and fork, through Jackson's CSV
 * writer (RFC 4180 quoting, only where needed: a value holding a comma, a quote or a line break is quoted, its quotes
 * doubled). The header
 * is the first line. Stateless and thread-safe.
 */
public final class SampleCsv {
    private static final CsvMapper CSV = new CsvMapper();
    private static final CsvSchema SCHEMA = CSV.schemaFor(Sample.class).withHeader().withLineSeparator("\n");

    private SampleCsv() {
    }

    /** One exported sample; the field order is the column order. */
    @JsonPropertyOrder({"series_id", "machine", "workload", "params", "jvm", "variant", "probe", "figure", "unit", "better",
            "run_started", "directory", "fork", "value"})
    record Sample(long series_id, String machine, String workload, String params, String jvm, String variant, String probe,
                  String figure, String unit, String better, String run_started, String directory, int fork, double value) {
    }

    /** Writes the header and one line per fork value of every point of every series, in the order given. */
    public static void write(List<HistoryStore.StoredSeries> series, Map<Long, List<HistoryStore.Point>> points, Writer out)
            throws IOException {
        try (SequenceWriter w = CSV.writer(SCHEMA).without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .with(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).writeValues(out)) {
            for (HistoryStore.StoredSeries s : series) {
                SeriesKey k = s.key();
                for (HistoryStore.Point p : points.getOrDefault(s.id(), List.of())) {
                    double[] v = p.forkValues();
                    for (int f = 0; f < v.length; f++) {
                        w.write(new Sample(s.id(), k.machine(), k.workload(), k.params(), k.jvm(), k.variant(), k.probe(),
                                k.figure(), s.unit(), s.higherIsBetter() ? "higher" : "lower", p.created(),
                                p.dir() == null ? "" : p.dir(), f + 1, v[f]));
                    }
                }
            }
        }
        out.flush();
    }
}
