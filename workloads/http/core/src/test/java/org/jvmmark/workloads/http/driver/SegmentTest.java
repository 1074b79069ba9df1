package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.workloads.http.common.Handlers;

class SegmentTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldGiveEveryRequestOfTheScheduleToExactlyOneSlice() {
        for (int n = 1; n <= 5; n++) {
            for (long j : new long[] {0, 1, 2, 7, 1000, 1001, 999_999}) {
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += new Segment(i, n).local(j);
                }
                assertEquals(j, sum, "slices of " + n + " below " + j);
            }
        }
    }

    @Test
    void shouldRefuseABadSegmentInOneLine() {
        assertEquals("2/3", Segment.parse("2/3").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Segment.parse("3/2"));
        assertEquals("http: bad segment '3/2': expected I/N with 1 <= I <= N, e.g. 1/2", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Segment.parse("0/2"));
        assertThrows(IllegalArgumentException.class, () -> Segment.parse("x"));
        assertThrows(IllegalArgumentException.class, () -> DriverSettings.parseStartAt("tomorrow"));
        assertEquals(1_700_000_000_000L, DriverSettings.parseStartAt("2023-11-14T22:13:20Z"));
    }

    /**
     * The split driver: slice 1/2 in this JVM and slice 2/2 through {@link SegmentMain}, started at
     * the same wall-clock moment, send the whole schedule at R between them — the same count as one
     * engine at R — and their histograms merge exactly.
     */
    @Test
    void shouldSendTheWholeScheduleFromTwoSlicesStartedTogether(@TempDir Path dir) throws Exception {
        try (ScriptedServer server = new ScriptedServer(Handlers.BODY, 0, 0);
             LoadEngine first = new LoadEngine(server.address(), List.of(InetAddress.getLoopbackAddress()), 2, 1,
                     Handlers.BODY_BYTES, 10_000 * MS)) {
            assertEquals(2, first.connect(10_000 * MS));
            long startAt = System.currentTimeMillis() + 1_000;
            Properties job = new Properties();
            job.setProperty("host", "127.0.0.1");
            job.setProperty("port", Integer.toString(server.address().getPort()));
            job.setProperty("connections", "2");
            job.setProperty("segment", "2/2");
            job.setProperty("sources", "1");
            job.setProperty("threads", "1");
            job.setProperty("body", Handlers.BODY);
            job.setProperty("responseTimeoutNanos", Long.toString(10_000 * MS));
            job.setProperty("extraTimeoutNanos", "0");
            job.setProperty("path", "/hello");
            job.setProperty("rate", "1000");
            job.setProperty("warmupNanos", Long.toString(200 * MS));
            job.setProperty("measureNanos", Long.toString(1_000 * MS));
            job.setProperty("startAtMillis", Long.toString(startAt));
            job.setProperty("tag", "endToEnd");
            SegmentResult[] second = new SegmentResult[1];
            Thread other = new Thread(() -> {
                try {
                    second[0] = SegmentMain.run(job, dir.resolve("second.hlog"));
                    second[0].write(dir.resolve("second.result"));
                } catch (Exception e) {
                    second[0] = SegmentResult.failed(e.toString());
                }
            });
            other.start();
            long startNanos = System.nanoTime() + (startAt - System.currentTimeMillis()) * MS;
            Outcomes o = first.startRate("/hello", 1000, 200 * MS, 1_000 * MS, 0, new Segment(0, 2), startNanos);
            Thread.sleep((first.windowEndNanos() - System.nanoTime()) / MS + 1);
            first.finish(5_000 * MS);
            other.join(20_000);
            SegmentResult r = SegmentResult.read(dir.resolve("second.result"));
            assertEquals(null, r.error);
            assertEquals(500, o.scheduled);
            assertEquals(500, o.answered.sum(), o.failed.describe());
            assertEquals(500, r.answered, r.failed.toString());
            assertEquals(Map.of(), r.failed);
            Histogram merged = first.corrected.interval();
            merged.add(r.corrected);
            assertEquals(1000, merged.getTotalCount(), "rate × seconds, as one engine at the whole rate sends");
            assertEquals(1200, server.requests(), "warm-up 200 + measured 1,000, each request of the schedule once");
            assertEquals(500, r.corrected.getTotalCount(), "the other slice recorded each of its requests once");
            // the first driver's driver.hlog: its own intervals and the other process's, in time order
            Histogram own = new Histogram(3);
            own.recordValue(MS);
            own.setTag("endToEnd");
            own.setStartTimeStamp(startAt);
            own.setEndTimeStamp(startAt + 1000);
            List<Histogram> intervals = IntervalLog.intervalsInTimeOrder(List.of(own), List.of(dir.resolve("second.hlog")));
            long endToEnd = 0;
            for (int i = 0; i < intervals.size(); i++) {
                if ("endToEnd".equals(intervals.get(i).getTag())) {
                    endToEnd += intervals.get(i).getTotalCount();
                }
                assertTrue(i == 0 || intervals.get(i - 1).getStartTimeStamp() <= intervals.get(i).getStartTimeStamp(), "in time order");
            }
            assertEquals(501, endToEnd, "every request of the other slice is in its interval log");
            assertTrue(intervals.stream().anyMatch(h -> h.getStartTimeStamp() >= startAt - 5_000 && h != own),
                    "the other process's intervals carry wall-clock time stamps");
        }
    }

    @Test
    void shouldMergeTheSlicesHlogFilesExactly(@TempDir Path dir) throws Exception {
        long[][] values = {{1_000_000, 2_000_000, 3_000_000}, {4_000_000, 5_000_000}};
        String[] files = new String[2];
        for (int f = 0; f < 2; f++) {
            Path file = dir.resolve("driver-" + f + ".hlog");
            files[f] = file.toString();
            HistogramLogWriter w = new HistogramLogWriter(file.toFile());
            w.outputLogFormatVersion();
            w.outputLegend();
            Histogram h = new Histogram(3);
            for (long v : values[f]) {
                h.recordValue(v);
            }
            h.setTag("endToEnd");
            h.setStartTimeStamp(1000);
            h.setEndTimeStamp(2000);
            w.outputIntervalHistogram(h);
            w.close();
        }
        Histogram merged = HlogMerge.merge(files).get("endToEnd");
        assertEquals(5, merged.getTotalCount());
        assertEquals(5_000_000, merged.getMaxValue(), 5_000_000 / 1000.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HlogMerge.merge(dir.resolve("none.hlog").toString()));
        assertTrue(e.getMessage().endsWith("none.hlog does not exist"), e.getMessage());
        assertTrue(Files.exists(Path.of(files[0])));
    }
}
