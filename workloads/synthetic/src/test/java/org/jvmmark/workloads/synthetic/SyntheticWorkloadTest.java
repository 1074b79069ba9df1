package org.jvmmark.workloads.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.testkit.ForkedTrial;
import org.jvmmark.testkit.Jdks;

class SyntheticWorkloadTest {
    private static final String HOME = System.getProperty("java.home");

    private static JsonNode fork(Path javaHome, Path dir, Map<String, String> params) throws Exception {
        return ForkedTrial.of(SyntheticWorkload.class, dir).java(javaHome).params(params).run().result();
    }

    @Test
    void shouldShowTheStallsInTheCorrectedTailAndNotInTheUncorrected(@TempDir Path dir) throws Exception {
        // 10,000/s, 2 µs service, a 5 ms stall every 10,000 iterations: each stall delays the ~51 iterations due
        // during it by up to 5 ms, i.e. ~0.5% of samples, while it is one sample (0.01%) measured from the actual start.
        JsonNode r = fork(Path.of(HOME), dir, Map.of("rate", "10000", "serviceNanos", "2000",
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

    /** Every JDK found under /usr/lib/jvm and ~/.cache/jvmmark/jdks that can run child-side code (11+), one test each. */
    @TestFactory
    Stream<DynamicTest> shouldRunTheSmokeProfileOnEveryJdkHere(@TempDir Path dir) throws Exception {
        List<Jdks.Jdk> jdks = Jdks.all().stream().filter(j -> j.feature >= 11).collect(Collectors.toList());
        assertFalse(jdks.isEmpty(), "no JDK 11+ under /usr/lib/jvm or ~/.cache/jvmmark/jdks");
        return jdks.stream().map(jdk -> DynamicTest.dynamicTest("JDK " + jdk, () -> {
            Path d = Files.createDirectories(dir.resolve(jdk.home.getFileName().toString()));
            JsonNode r = fork(jdk.home, d,
                    Map.of("iterations", "5000", "warmup", "1000", "stallEvery", "2000"));
            assertEquals("ok", r.path("status").asText(), jdk + ": " + r);
            assertEquals(jdk.feature, r.path("jvm").path("feature").asInt(), "ran on " + jdk + ": " + r.path("jvm"));
            assertEquals(10_000, r.path("latency").path("endToEnd").path("count").asLong());
            assertEquals(2, r.path("latency").path("endToEnd").path("runs").size());
            assertTrue(r.path("latency").path("endToEnd").path("histogram").asText().length() > 10);
        }));
    }

    @Test
    void shouldFailWithOneLineForABadRate(@TempDir Path dir) throws Exception {
        JsonNode r = fork(Path.of(HOME), dir, Map.of("rate", "-5"));
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
