package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One open-model schedule split over two driver processes ({@code -p driverProcesses=2}, each at
 * half the rate) against the same kind of server as one process at the whole rate, through {@code
 * jvmmark run}: both send exactly rate × seconds measured requests, each once; the merged {@code
 * driver.hlog} holds every one of them; and the medians agree within noise.
 */
class HttpSplitDriverTest {
    private static final int RATE = 1000;
    private static final int SECONDS = 2;

    @TempDir
    Path out;

    @Test
    void shouldSendTheSameScheduleFromTwoProcessesAsFromOne() throws Exception {
        Cli.Result r = Cli.run("run", "http", "--jdk", Cli.HOST_JDK, "--variant", "jdk-platform", "--profile", "smoke", "--forks", "1",
                "--out", out.toString(), "--param", "mode=rate", "--param", "rate=" + RATE, "--param", "connections=20",
                "--param", "seconds=" + SECONDS, "--param", "warmupSeconds=1", "--param", "hold=false", "--param", "driverProcesses=1,2");
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode results = Cli.results(out);
        long[] medians = new long[2];
        for (int processes = 1; processes <= 2; processes++) {
            JsonNode t = null;
            for (JsonNode each : results.path("trials")) {
                if (each.path("id").asText().contains("driverProcesses=" + processes + "/")) {
                    t = each;
                }
            }
            assertTrue(t != null, "a row with driverProcesses=" + processes + " in " + results.path("trials"));
            String id = t.path("id").asText();
            assertEquals("ok", t.path("status").asText(), id + ": " + t.path("error"));
            JsonNode m = t.path("metrics");
            assertEquals(RATE * SECONDS, m.path("requests").path("value").asLong(), id + ": every scheduled request, once");
            assertEquals(0, m.path("errors").path("value").asLong(), id);
            assertEquals(0, m.path("requestsUnfinished").path("value").asLong(), id);
            JsonNode latency = t.path("latency").path("endToEnd");
            assertEquals(RATE * SECONDS, latency.path("count").asLong(), id + ": the latency holds every measured request");
            assertEquals(RATE * SECONDS, hlogCount(id), id + ": the merged driver.hlog holds every measured request");
            medians[processes - 1] = latency.path("percentiles").path("50").asLong();
        }
        // a loopback answer at 1,000/s takes about 0.1-0.2 ms here; a merge that lost or doubled a
        // process's share, or timed one process's requests from the other's start, is far off that
        assertTrue(Math.abs(medians[0] - medians[1]) < 2_000_000L, "medians one vs two processes, ns: " + medians[0] + " / " + medians[1]);
    }

    /** Measured requests in the trial's driver.hlog: the corrected tag's intervals summed. */
    private long hlogCount(String id) throws Exception {
        Path hlog;
        try (Stream<Path> files = Files.walk(out.resolve("logs"))) {
            String dir = id.replace('/', '_').replace("=", "_");
            hlog = files.filter(p -> p.getFileName().toString().equals("driver.hlog") && p.getParent().getFileName().toString().equals(dir))
                    .findFirst().orElseThrow(() -> new AssertionError("no driver.hlog for " + id + " under " + out.resolve("logs")));
        }
        long n = 0;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        for (Histogram h; (h = (Histogram) reader.nextIntervalHistogram()) != null; ) {
            if ("endToEnd".equals(h.getTag())) {
                n += h.getTotalCount();
            }
        }
        return n;
    }
}
