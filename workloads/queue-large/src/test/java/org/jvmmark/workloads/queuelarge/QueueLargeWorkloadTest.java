package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload end to end in a forked JVM at sizes far below smoke (a few hundred MiB): the memory
 * cgroup, the series, cleanup on SIGTERM and after SIGKILL, and a damaged message. Behaviour, not
 * figures.
 */
class QueueLargeWorkloadTest {
    /** 4 bursts of 32 MiB under a 96 MiB cgroup: past the limit after the third. */
    static final Map<String, String> TINY = Map.of("burstBytes", "32m", "totalBytes", "128m", "memoryLimit", "96m",
            "pauseMillis", "50", "diskBaselineBytes", "32m", "blockSize", "16m");
    private static final boolean CI = "true".equals(System.getenv("CI"));

    @TempDir
    Path scratch;

    private static Map<String, String> with(String... kv) {
        Map<String, String> m = new HashMap<>(TINY);
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void shouldBoundThePageCacheWithTheMemoryCgroupAndReportEveryBurst() throws Exception {
        JsonNode r = Fork.run(scratch, TINY);
        assertEquals("ok", r.path("status").asText(), r.path("error").asText());
        JsonNode limit = r.path("info").path("memoryLimit");
        if (!limit.path("applied").asBoolean()) {
            // Under CI the tests run as root with a writable memory controller: it must work there.
            assertFalse(CI, "memory cgroup not applied under CI: " + limit);
            assumeTrue(false, "no memory cgroup here: " + limit.path("reason").asText());
        }
        long bytes = limit.path("limitBytes").asLong();
        assertEquals(96L << 20, bytes);
        JsonNode series = r.path("series").path("bursts");
        assertEquals("writtenGiB", series.path("x").path("name").asText());
        assertEquals(List.of(0.03125, 0.0625, 0.09375, 0.125), values(series.path("x")));
        JsonNode cache = y(series, "pageCacheBytes");
        for (double c : values(cache)) {
            assertTrue(c > 0 && c <= bytes, "page cache " + c + " within the " + bytes + " limit: " + cache);
        }
        assertEquals("ms/GiB", y(series, "writeMsPerGiB").path("unit").asText());
        assertEquals("lower", y(series, "writeMsPerGiB").path("better").asText());
        assertTrue(values(y(series, "writeMsPerGiB")).stream().allMatch(v -> v > 0));
        assertTrue(values(y(series, "readMsPerGiB")).stream().allMatch(v -> v > 0));
        assertTrue(r.path("info").path("cgroupPeakUsageBytes").asLong() <= bytes, r.path("info").toString());
        assertEquals(List.of(0.0, 0.0, 0.0, 1.0), values(y(series, "pastLimit")));
        assertEquals(96.0 / 1024, series.path("markers").get(0).path("at").asDouble(), 1e-9);
        JsonNode m = r.path("metrics");
        for (String metric : List.of("writeMsPerGiBWithinLimit", "writeMsPerGiBPastLimit", "writePastLimitRatio", "readMsPerGiBWithinLimit",
                "readMsPerGiBPastLimit", "readPastLimitRatio", "coldReadGiBPerSecond", "diskWriteGiBPerSecond", "diskReadGiBPerSecond",
                "queueWriteToDiskRatio", "coldReadToDiskRatio")) {
            assertTrue(m.path(metric).path("value").asDouble() > 0, metric + " in " + m);
        }
        // The queue's pages were dropped before the whole-queue read: it came from storage, and says so.
        JsonNode whole = r.path("info").path("wholeRead");
        assertEquals("cold", whole.path("label").asText(), whole.toString());
        assertTrue(whole.path("pagesDropped").asBoolean(), whole.toString());
        assertTrue(m.path("coldReadFromStorageShare").path("value").asDouble() >= WholeRead.COLD_STORAGE_SHARE, m.toString());
        assertTrue(m.path("coldReadCachedAtStartShare").path("value").asDouble() <= WholeRead.COLD_RESIDENT_SHARE, m.toString());
        assertFalse(m.has("warmReadGiBPerSecond"), m.toString());
        // reported, but often 0 even here: readahead keeps ahead of a sequential read through a mapping
        assertTrue(m.path("coldReadMajorFaults").path("value").isNumber(), "the major faults are reported: " + m);
        assertTrue(m.path("coldReadMajorFaults").path("value").asLong() >= 0, m.toString());
        assertEquals("faults", m.path("coldReadMajorFaults").path("unit").asText());
        assertEquals("none", m.path("writePastLimitRatio").path("better").asText());
        assertFalse(Files.exists(Path.of(limit.path("cgroup").asText())), "cgroup removed");
        assertEquals(List.of(), Fork.queueDirs(scratch), "queue removed");
    }

    private static JsonNode y(JsonNode series, String name) {
        for (JsonNode y : series.path("y")) {
            if (y.path("name").asText().equals(name)) {
                return y;
            }
        }
        throw new AssertionError("no y '" + name + "' in " + series);
    }

    private static List<Double> values(JsonNode axis) {
        List<Double> v = new java.util.ArrayList<>();
        axis.path("values").forEach(n -> v.add(n.asDouble()));
        return v;
    }

    @Test
    void shouldLabelTheWholeQueueReadWarmWhenItsPagesStayedCached() throws Exception {
        // 32 MiB without a memory limit, its pages kept: every page is cached when the read begins
        JsonNode r = Fork.run(scratch, with("memoryLimit", "none", "totalBytes", "32m"), "-D" + QueueLargeWorkload.KEEP_PAGES_PROPERTY + "=true");
        assertEquals("ok", r.path("status").asText(), r.path("error").asText());
        JsonNode m = r.path("metrics");
        JsonNode whole = r.path("info").path("wholeRead");
        assertEquals("warm", whole.path("label").asText(), whole.toString());
        assertFalse(whole.path("pagesDropped").asBoolean());
        assertTrue(m.path("warmReadGiBPerSecond").path("value").asDouble() > 0, m.toString());
        assertTrue(m.path("warmReadToDiskRatio").path("value").asDouble() > 0, m.toString());
        assertTrue(m.path("warmReadFromStorageShare").path("value").asDouble() < WholeRead.COLD_STORAGE_SHARE, m.toString());
        assertTrue(m.path("warmReadCachedAtStartShare").path("value").asDouble() > 0.5, m.toString());
        assertFalse(m.has("coldReadGiBPerSecond") || m.has("coldReadMajorFaults"), m.toString());
        String warnings = r.path("warnings").toString();
        assertTrue(warnings.contains("the whole-queue read is labelled warm, not cold: ") && warnings.contains("could not be dropped (not dropped: -D"),
                warnings);
    }

    @Test
    void shouldFailTheTrialOnADamagedMessageAndStillRemoveTheQueue() throws Exception {
        JsonNode r = Fork.run(scratch, with("memoryLimit", "none", "totalBytes", "32m"), "-D" + LargeQueue.Fault.PROPERTY + "=corrupt:1234");
        assertEquals("failed", r.path("status").asText());
        assertEquals("validation failed: message 1234 is damaged: its checksum does not match its contents", r.path("error").asText());
        assertEquals(List.of(), Fork.queueDirs(scratch));
    }

    @Test
    void shouldRemoveTheQueueWhenTerminated() throws Exception {
        Fork f = Fork.start(scratch, with("pauseMillis", "60000"));
        f.awaitLog("burst 1/4", 60);
        assertEquals(1, f.queueDirs().size(), "queue present while the trial runs");
        f.process.destroy(); // SIGTERM
        f.await(30);
        assertEquals(List.of(), f.queueDirs(), "queue removed on SIGTERM");
        assertEquals(0, Files.list(f.registry).count(), "registry entry removed");
        assertEquals(List.of(), cgroupsOf(f.process.pid()));
    }

    @Test
    void shouldRemoveTheQueueWhenTheRunnerIsKilled() throws Exception {
        // a shell stands in for the runner: killed outright, its child JVM notices and exits through its hooks
        Fork f = Fork.start(List.of("sh", "-c", "\"$@\" & wait", "runner"), scratch, with("pauseMillis", "60000"));
        f.awaitLog("burst 1/4", 60);
        f.process.destroyForcibly().waitFor(); // SIGKILL to the "runner"
        assertEquals(List.of(), f.awaitNoQueue(30), "queue removed by the orphaned JVM's shutdown hook");
        assertTrue(f.stderr().contains("the process that started this trial is gone"), f.stderr());
    }

    @Test
    void shouldRemoveWhatAKilledTrialLeftWhenTheNextOneStarts() throws Exception {
        Fork killed = Fork.start(scratch.resolve("killed"), with("pauseMillis", "60000"));
        killed.awaitLog("burst 1/4", 60);
        killed.process.destroyForcibly().waitFor(); // SIGKILL: no hook runs
        assertEquals(1, killed.queueDirs().size(), "a killed JVM leaves its queue behind");
        QueueDir.removeStale(killed.registry);
        assertEquals(List.of(), killed.queueDirs(), "the next start removes it");
        MemoryCgroup.removeStale();
        assertEquals(List.of(), cgroupsOf(killed.process.pid()));
    }

    /** Cgroups of this workload named after {@code pid}, wherever the memory controller is mounted. */
    private static List<Path> cgroupsOf(long pid) throws Exception {
        try (var walk = Files.walk(Path.of("/sys/fs/cgroup"), 4)) {
            return walk.filter(p -> p.getFileName() != null && p.getFileName().toString().equals(MemoryCgroup.PREFIX + pid))
                    .collect(java.util.stream.Collectors.toList());
        } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
            return List.of();
        }
    }
}
