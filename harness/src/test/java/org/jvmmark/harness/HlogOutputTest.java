package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HlogOutputTest {

    @Test
    void shouldWriteAnHlogThatHdrHistogramReadsBackWithEqualTotals(@TempDir Path dir) throws Exception {
        ManualClock clock = new ManualClock();
        Path hlog = dir.resolve("sub/run.hlog");
        HarnessOptions options = HarnessOptions.builder().clock(clock).throughput(1_000_000, TimeUnit.SECONDS)
                .warmupIterations(100).iterations(1_000).runs(3).hlog(hlog).build();
        LatencyResult result = new Harness(options, new LatencyTask() {
            Harness h;
            Probe service;
            long i;

            @Override
            public void init(Harness harness) {
                h = harness;
                service = harness.addProbe("service");
            }

            @Override
            public void run(long startNanos) {
                long busy = 100 + (i++ % 7) * 300;
                clock.advance(busy);
                service.sampleNanos(busy);
                h.recordEndToEnd(startNanos);
            }
        }).run();

        Map<String, Long> totals = new HashMap<>();
        Map<String, Integer> intervals = new HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(new File(hlog.toString()));
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            totals.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
            intervals.merge(h.getTag(), 1, Integer::sum);
        }
        assertEquals(result.endToEnd().count(), totals.get("endToEnd"));
        assertEquals(result.endToEnd().uncorrectedHistogram().getTotalCount(), totals.get("endToEnd-uncorrected"));
        assertEquals(result.probe("service").count(), totals.get("service"));
        assertEquals(3_000L, totals.get("endToEnd"));
        assertEquals(3, intervals.get("service"));
    }
}
