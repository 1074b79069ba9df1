package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code history export --csv}: one row per series, run and fork, quoted so any CSV reader gets the values back. */
class SampleCsvTest {
    private static final HistoryStore.StoredSeries SERIES = new HistoryStore.StoredSeries(7,
            new SeriesKey("box", "queue-latency", "messageBytes=256,rate=100000", "Temurin 25.0.1", "G1", "endToEnd", "p50"),
            "ns", false);

    @Test
    void shouldWriteAHeaderAndOneQuotedRowPerForkValue() throws IOException {
        StringWriter out = new StringWriter();
        SampleCsv.write(List.of(SERIES), Map.of(7L, List.of(
                new HistoryStore.Point(1, "2026-11-01T00:00:00Z", "runs/a \"quoted\"", new double[] {312.5, 318.0}),
                new HistoryStore.Point(2, "2026-11-02T00:00:00Z", null, new double[] {320.25}))), out);
        List<String> lines = out.toString().lines().toList();
        assertEquals("series_id,machine,workload,params,jvm,variant,probe,figure,unit,better,run_started,directory,fork,value",
                lines.get(0));
        assertEquals("7,box,queue-latency,\"messageBytes=256,rate=100000\",Temurin 25.0.1,G1,endToEnd,p50,ns,lower,"
                + "2026-11-01T00:00:00Z,\"runs/a \"\"quoted\"\"\",1,312.5", lines.get(1));
        assertEquals(4, lines.size());

        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(out.toString())) {
            List<Map<String, String>> all = rows.readAll();
            assertEquals("messageBytes=256,rate=100000", all.get(0).get("params"));
            assertEquals("runs/a \"quoted\"", all.get(0).get("directory"));
            assertEquals("", all.get(2).get("directory"));
            assertEquals("320.25", all.get(2).get("value"));
        }
    }
}
