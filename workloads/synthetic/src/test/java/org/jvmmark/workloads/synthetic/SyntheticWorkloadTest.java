package org.jvmmark.workloads.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.jvmmark.api.WorkloadInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticWorkloadTest {
    private static final String HOME = System.getProperty("java.home");

    @Test
    void shouldShowTheStallsInTheCorrectedTailAndNotInTheUncorrected(@TempDir Path dir) throws Exception {
        // 10,000/s, 2 µs service, a 5 ms stall every 10,000 iterations: each stall delays the ~51 iterations due
        // during it by up to 5 ms, i.e. ~0.5% of samples, while it is one sample (0.01%) measured from the actual start.
        JsonNode r = ForkedTrial.run(HOME, dir, "smoke", Map.of("rate", "10000", "serviceNanos", "2000",
                "stallEvery", "10000", "stallNanos", "5000000", "iterations", "20000", "runs", "1", "warmup", "2000",
                "jitter", "false"));
        assertEquals("ok", r.path("status").asText(), r.toString());
        JsonNode e2e = r.path("latency").path("endToEnd");
        assertEquals(20_000, e2e.path("count").asLong());
        assertTrue(e2e.path("coCorrected").asBoolean());
        long corrected = e2e.path("percentiles").path("99.9").asLong();
        long uncorrected = e2e.path("uncorrected").path("percentiles").path("99.9").asLong();
        assertTrue(corrected >= 1_000_000, "corrected p99.9 in milliseconds (or more on a loaded machine): " + corrected);
        assertTrue(uncorrected < 1_000_000, "uncorrected p99.9 in microseconds: " + uncorrected);
        assertTrue(e2e.path("uncorrected").path("percentiles").path("max").asLong() >= 5_000_000);
        assertEquals("ops/s", r.path("metrics").path("achievedRate").path("unit").asText());
        assertTrue(r.path("info").path("cpus").has("benchmark"), r.path("info").toString());
        assertTrue(r.path("info").path("cpus").path("benchmark").has("obtained"));
        // One spinning thread (jitter off): the CPU warning follows PercentileTrust, the rule the report ranks by.
        boolean cpuWarning = org.jvmmark.api.PercentileTrust.distrust(99, Long.MAX_VALUE - 1,
                Runtime.getRuntime().availableProcessors(), 1) != null;
        assertEquals(cpuWarning, r.path("warnings").toString().contains("spinning thread"), r.path("warnings").toString());
    }

    @Test
    void shouldRunTheSmokeProfileOnEveryJdkHere(@TempDir Path dir) throws Exception {
        for (String home : new String[] {HOME, "/usr/lib/jvm/temurin-25-jdk-amd64"}) {
            if (!Files.isExecutable(Paths.get(home, "bin", "java"))) {
                continue;
            }
            Path d = Files.createDirectories(dir.resolve(Paths.get(home).getFileName().toString()));
            JsonNode r = ForkedTrial.run(home, d, "smoke", Map.of("iterations", "5000", "warmup", "1000", "stallEvery", "2000"));
            assertEquals("ok", r.path("status").asText(), home + ": " + r);
            assertEquals(10_000, r.path("latency").path("endToEnd").path("count").asLong());
            assertEquals(2, r.path("latency").path("endToEnd").path("runs").size());
            assertTrue(r.path("latency").path("endToEnd").path("histogram").asText().length() > 10);
        }
    }

    @Test
    void shouldFailWithOneLineForABadRate(@TempDir Path dir) throws Exception {
        JsonNode r = ForkedTrial.run(HOME, dir, "smoke", Map.of("rate", "-5"));
        assertEquals("failed", r.path("status").asText());
        assertEquals("IllegalArgumentException: rate must be 0 (closed loop) or positive, not -5", r.path("error").asText());
    }

    @Test
    void shouldDeclareItselfToTheRunner() throws Exception {
        WorkloadInfo info = WorkloadInfo.of(SyntheticWorkload.class);
        assertEquals("synthetic", info.name());
        assertEquals("10000", info.resolveParams("smoke", Map.of()).get("iterations"));
        assertEquals(60, info.timeoutSeconds("smoke"));
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(WorkloadInfo.REGISTRY)) {
            assertEquals(SyntheticWorkload.class.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
        }
    }
}
