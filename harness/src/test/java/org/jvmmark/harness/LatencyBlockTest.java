package org.jvmmark.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.jvmmark.api.Json;
import org.jvmmark.api.TrialResult;
import org.junit.jupiter.api.Test;

class LatencyBlockTest {

    /** A deterministic result: manual clock, service time cycling through 7 values, one stall per run. */
    static LatencyResult deterministic() {
        ManualClock clock = new ManualClock();
        HarnessOptions options = HarnessOptions.builder().name("golden").clock(clock).throughput(100_000, TimeUnit.SECONDS)
                .warmupIterations(1_000).iterations(20_000).runs(3).build();
        LatencyResult r = new Harness(options, new LatencyTask() {
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
                long busy = i % 20_000 == 4_321 ? 200_000 + i : 1_000 + (i % 7) * 500 + (i / 20_000) * 100;
                i++;
                clock.advance(busy);
                service.sampleNanos(busy);
                h.recordEndToEnd(startNanos);
            }
        }).run();
        // Strip what depends on the machine: CPUs and collections the JVM happened to run.
        List<ProbeResult> probes = new ArrayList<>();
        for (ProbeResult p : r.probes()) {
            List<RunResult> runs = new ArrayList<>();
            p.runs().forEach(run -> runs.add(run.withGcEvents(List.of())));
            probes.add(p.withRuns(runs));
        }
        return new LatencyResult(options, probes, null, Map.of("benchmark", new CpuAffinity.Pinning(3, "3", null)), "0-3",
                8, 0, r.warmupNanos());
    }

    @Test
    void shouldFollowTheResultsJsonLatencySchema() {
        LatencyResult r = deterministic();
        Map<String, Object> block = r.latencyBlock("endToEnd");
        assertEquals(List.of("unit", "count", "coCorrected", "targetRate", "achievedRate", "fellBehind", "arrivals",
                "percentiles", "uncorrected", "runs", "histogram", "variation", "cpus"), new ArrayList<>(block.keySet()));
        assertEquals("ns", block.get("unit"));
        assertEquals(60_000L, block.get("count"));
        assertEquals(true, block.get("coCorrected"));
        assertEquals(100_000.0, block.get("targetRate"));
        @SuppressWarnings("unchecked")
        Map<String, Long> p = (Map<String, Long>) block.get("percentiles");
        // 60,000 samples support p99.99 (6 beyond it) but not p99.999 (0.6 beyond it).
        assertEquals(List.of("50", "90", "99", "99.9", "99.99", "max"), new ArrayList<>(p.keySet()));
        @SuppressWarnings("unchecked")
        Map<String, Object> uncorrected = (Map<String, Object>) block.get("uncorrected");
        assertNotNull(uncorrected.get("percentiles"));
        List<?> runs = (List<?>) block.get("runs");
        assertEquals(3, runs.size());
        @SuppressWarnings("unchecked")
        Map<String, Object> run1 = (Map<String, Object>) runs.get(0);
        assertEquals(20_000L, run1.get("count"));
        assertTrue(run1.containsKey("gcEvents"));
        Histogram decoded = Histograms.decode((String) block.get("histogram"));
        assertEquals(60_000, decoded.getTotalCount());
        assertEquals(r.endToEnd().histogram().getMaxValue(), decoded.getMaxValue());
    }

    @Test
    void shouldShowTheStallInTheCorrectedTailOnly() {
        ProbeResult e2e = deterministic().endToEnd();
        // The 200 µs stall delays the ~26 iterations behind it (10 µs apart, 2.5 µs service): more than 0.1% of a run.
        assertTrue(e2e.percentiles().get("99.9") > 50_000, e2e.percentiles().toString());
        assertTrue(e2e.uncorrectedPercentiles().get("99.9") < 5_000, e2e.uncorrectedPercentiles().toString());
    }

    @Test
    void shouldWriteAsJsonIntoATrialResult() {
        TrialResult trial = new TrialResult();
        deterministic().recordInto(trial);
        String json = Json.write(trial.toMap());
        assertTrue(json.contains("\"endToEnd\": {"), json);
        assertTrue(json.contains("\"service\": {"));
        assertTrue(json.contains("\"harness\": {"));
        assertTrue(json.contains("\"statistic\": \"coefficient of variation"));
    }

    @Test
    void shouldReportVariationOfEachPercentileAcrossRuns() {
        ProbeResult service = deterministic().probe("service");
        Variation p50 = service.variation().get("50");
        assertEquals(3, p50.runs());
        // The service time grows by 100 ns per run: the median moves, its CV is positive but small.
        assertTrue(p50.cvPercent() > 0 && p50.cvPercent() < 10, String.valueOf(p50.cvPercent()));
        assertFalse(service.coCorrected());
    }

    @Test
    void shouldRenderTheTextReportAsTheGoldenFile() throws Exception {
        String report = deterministic().report();
        Path golden = Paths.get("src/test/resources/golden/report.txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.write(golden, report.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(new String(Files.readAllBytes(golden), StandardCharsets.UTF_8), report);
    }
}
