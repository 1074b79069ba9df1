package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real workloads through {@code jvmmark run --profile smoke} on the JDK running the tests: the
 * path a user takes, from planning to the rendered report. (Each workload's own module forks it on
 * every JDK found; {@link SyntheticSmokeTest} covers every JDK through the runner.)
 */
class WorkloadsSmokeTest {
    @TempDir
    Path out;

    private static JsonNode run(Path dir, String... args) throws Exception {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--out";
        all[args.length + 1] = dir.toString();
        Cli.Result r = Cli.run(all);
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(Files.exists(dir.resolve("report.html")), "report rendered");
        return Cli.results(dir);
    }

    @Test
    void shouldMeasureQueueLatencyThroughChronicleAndInMemory() throws Exception {
        for (String transport : new String[] {"chronicle", "memory"}) {
            JsonNode results = run(out.resolve(transport), "run", "queue-latency", "--jdk", Cli.HOST_JDK,
                    "--profile", "smoke", "--param", "transport=" + transport);
            JsonNode t = results.path("trials").get(0);
            assertEquals("ok", t.path("status").asText(), t.path("error").asText());
            assertEquals(transport, t.path("params").path("transport").asText());
            JsonNode e2e = t.path("latency").path("endToEnd");
            assertTrue(e2e.path("coCorrected").asBoolean());
            assertTrue(e2e.path("count").asLong() > 0);
            assertTrue(e2e.path("percentiles").path("50").asDouble() > 0);
            assertTrue(t.path("latency").has("append") && t.path("latency").has("read"), t.path("latency").toString());
        }
    }

    @Test
    void shouldWriteTheLargeQueuePastItsMemoryLimitOnEveryJdkAndKeepTheBurstSeries() throws Exception {
        // far below smoke: 4 bursts of 32 MiB under a 96 MiB memory cgroup (where this machine gives one)
        JsonNode results = run(out, "run", "queue-large", "--jdk", "all", "--profile", "smoke", "--param", "totalBytes=128m",
                "--param", "burstBytes=32m", "--param", "memoryLimit=96m", "--param", "pauseMillis=50", "--param", "diskBaselineBytes=32m",
                "--param", "blockSize=16m");
        assertTrue(results.path("trials").size() >= 1);
        for (JsonNode t : results.path("trials")) {
            assertEquals("ok", t.path("status").asText(), t.path("id") + ": " + t.path("error"));
            JsonNode bursts = t.path("series").path("bursts");
            assertEquals("writtenGiB", bursts.path("x").path("name").asText(), t.toString());
            assertEquals(4, bursts.path("x").path("values").size());
            assertEquals("writeMsPerGiB", bursts.path("y").get(0).path("name").asText());
            assertTrue(bursts.path("y").get(0).path("values").get(0).asDouble() > 0);
            assertEquals(1, bursts.path("markers").size());
            // the whole-queue read is named after its label: coldRead… when it came from storage, else warmRead…
            String read = t.path("info").path("wholeRead").path("label").asText() + "ReadGiBPerSecond";
            assertTrue(t.path("metrics").path(read).path("value").asDouble() > 0, read + " in " + t.path("metrics"));
        }
    }

    @Test
    void shouldScoreTheChatServerVariants() throws Exception {
        JsonNode results = run(out, "run", "chat", "--jdk", Cli.HOST_JDK, "--profile", "smoke", "--all-variants");
        int ok = 0;
        for (JsonNode t : results.path("trials")) {
            String variant = t.path("workloadVariant").asText();
            boolean virtualThreads = Runtime.version().feature() >= 21;
            if (variant.equals("virtual") && !virtualThreads) {
                assertEquals("unsupported", t.path("status").asText());
                continue;
            }
            assertEquals("ok", t.path("status").asText(), t.path("id") + ": " + t.path("error"));
            assertTrue(t.path("metrics").path("score").path("value").asDouble() > 0, t.toString());
            assertTrue(t.path("metrics").path("serverRss").path("value").asDouble() > 0, t.toString());
            ok++;
        }
        assertTrue(ok >= 2, "platform and nio at least");
    }
}
