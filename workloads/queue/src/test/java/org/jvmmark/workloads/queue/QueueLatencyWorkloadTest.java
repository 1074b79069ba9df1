package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
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

/**
 * End to end: the workload in a forked JVM through {@code ForkMain}, on every JDK installed here,
 * with both transports, and its failure paths. Sizes are tiny (0.3 s of messages): these tests
 * check behaviour, not figures.
 */
class QueueLatencyWorkloadTest {
    private static final Map<String, String> TINY = Map.of("warmup", "10000", "iterations", "30000", "runs", "1");
    private static final WorkloadInfo INFO = WorkloadInfo.of(QueueLatencyWorkload.class);

    /**
     * One trial in a fresh JVM of {@code jdk} with {@code flags}, forked as the runner forks it, under the
     * smoke profile with {@code params} on top. A benchmark must not write to $HOME: it points at an empty
     * directory, {@code scratch/home}, which the test looks at afterwards.
     */
    private static ForkedTrial run(Jdks.Jdk jdk, List<String> flags, Map<String, String> params, Path scratch) throws Exception {
        Path home = Files.createDirectories(scratch.resolve("home"));
        List<String> all = new ArrayList<>(flags);
        all.add("-Duser.home=" + home);
        return ForkedTrial.of(QueueLatencyWorkload.class, scratch).java(jdk.home).jvmArgs(all).params(params)
                .env("HOME", home.toString()).env("XDG_CACHE_HOME", null).run();
    }

    /** Every file and directory under {@code dir}. */
    private static List<Path> filesUnder(Path dir) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> !p.equals(dir)).collect(Collectors.toList());
        }
    }

    @TempDir
    Path scratch;

    @TestFactory
    Stream<DynamicTest> shouldMeasureAndValidateOnEveryJdkWithBothTransports() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Jdks.Jdk jdk : Jdks.all()) {
            if (jdk.feature < 11) {
                continue;
            }
            for (String transport : List.of("chronicle", "memory")) {
                tests.add(DynamicTest.dynamicTest(transport + " on " + jdk, () -> shouldMeasure(jdk, transport)));
            }
        }
        assertFalse(tests.isEmpty(), "no JDK found");
        return tests.stream();
    }

    private void shouldMeasure(Jdks.Jdk jdk, String transport) throws Exception {
        Path scratchDir = Files.createTempDirectory(scratch, "trial");
        Path queues = Files.createDirectories(scratchDir.resolve("queues"));
        ForkedTrial trial = run(jdk, INFO.jvmArgs(jdk.feature),
                with("transport", transport, "dir", queues.toString()), scratchDir);
        assertEquals("ok", trial.status(), () -> jdk + ": " + trial.error() + "\n" + trial.stderr());
        JsonNode latency = trial.result().path("latency");
        assertEquals(30_000, latency.path("endToEnd").path("count").asLong());
        assertTrue(latency.path("endToEnd").path("coCorrected").asBoolean());
        assertTrue(latency.path("endToEnd").path("percentiles").path("50").asLong() > 0);
        assertTrue(latency.path("endToEnd").path("uncorrected").path("percentiles").has("50"));
        assertEquals(30_000, latency.path("append").path("count").asLong());
        assertEquals(30_000, latency.path("read").path("count").asLong());
        JsonNode info = trial.result().path("info");
        assertEquals(transport, info.path("transport").asText());
        assertEquals(40_000, info.path("messages").asLong());
        assertTrue(info.path("threadCpus").has("producer") && info.path("threadCpus").has("consumer"), info.toString());
        if (!info.path("dedicatedCores").asBoolean()) {
            assertTrue(warnings(trial).stream().anyMatch(w -> w.contains("only the lower percentiles")), warnings(trial).toString());
        }
        assertEquals(List.of(), listing(queues), "queue files left behind");
        assertEquals(List.of(), filesUnder(scratchDir.resolve("home")), "files written to $HOME");
        List<String> jvmWarnings = trial.stderr().lines().filter(QueueLatencyWorkloadTest::isJvmWarning).collect(Collectors.toList());
        assertEquals(List.of(), jvmWarnings, jdk + " printed warnings: are its flags complete?");
    }

    @Test
    void shouldPutTheQueueInTheUsersOwnRootInDevShmByDefaultAndRemoveIt() throws Exception {
        ForkedTrial trial = run(Jdks.current(), hostFlags(), TINY, scratch);
        assertEquals("ok", trial.status(), trial::error);
        Path queueDir = Paths.get(trial.result().path("info").path("queueDir").asText());
        if (Files.isDirectory(Paths.get("/dev/shm"))) {
            // in the user's own 0700 root there
            assertEquals(Paths.get("/dev/shm", "jvmmark-" + org.jvmmark.api.scratch.OwnerStamp.currentUid()), queueDir.getParent());
        }
        assertFalse(Files.exists(queueDir), queueDir + " still exists");
    }

    @Test
    void shouldFailValidationOnACorruptMessageAndStillRemoveTheQueueFiles() throws Exception {
        Path queues = Files.createDirectories(scratch.resolve("queues"));
        List<String> flags = new ArrayList<>(hostFlags());
        flags.add("-D" + Fault.PROPERTY + "=corrupt:12345");
        ForkedTrial trial = run(Jdks.current(), flags, with("dir", queues.toString()), scratch);
        assertEquals("failed", trial.status());
        assertEquals("validation failed: message 12345 is corrupted: its checksum does not match its content", trial.error());
        assertEquals(List.of(), listing(queues), "queue files left behind after a failure");
    }

    @Test
    void shouldFailValidationWhenAMessageIsLost() throws Exception {
        List<String> flags = new ArrayList<>(hostFlags());
        flags.add("-D" + Fault.PROPERTY + "=drop:20000");
        ForkedTrial trial = run(Jdks.current(), flags, with("transport", "memory"), scratch);
        assertEquals("failed", trial.status());
        assertEquals("validation failed: message 20000 was lost: the next message received was 20001", trial.error());
    }

    @Test
    void shouldFailValidationWhenAMessageArrivesTwice() throws Exception {
        List<String> flags = new ArrayList<>(hostFlags());
        flags.add("-D" + Fault.PROPERTY + "=duplicate:39999");
        ForkedTrial trial = run(Jdks.current(), flags, with("transport", "memory"), scratch);
        assertEquals("failed", trial.status());
        assertTrue(trial.error().contains("message 39999 arrived again"), trial.error());
    }

    @Test
    void shouldReportTheLibrarysOwnReasonInsteadOfHangingWhenChronicleFallsBackToReadOnly() throws Exception {
        Path queues = Files.createDirectories(scratch.resolve("queues"));
        List<String> flags = hostFlags().stream().filter(f -> !f.contains("sun.nio.ch")).collect(Collectors.toList());
        ForkedTrial trial = run(Jdks.current(), flags, with("dir", queues.toString()), scratch);
        assertEquals("unsupported", trial.status(), trial.error());
        assertTrue(trial.error().contains("Failback to readonly tablestore") && trial.error().contains("sun.nio.ch"), trial.error());
        assertFalse(trial.error().contains("\n"));
        assertEquals(List.of(), listing(queues), "queue files left behind");
        assertTrue(trial.seconds() < 30, "took " + trial.seconds() + " s");
    }

    @Test
    void shouldFailClearlyBeforeStartingWhenTheQueueWouldNotFit() throws Exception {
        Path queues = Files.createDirectories(scratch.resolve("queues"));
        ForkedTrial trial = run(Jdks.current(), hostFlags(),
                with("dir", queues.toString(), "iterations", "1000000000000"), scratch);
        assertEquals("failed", trial.status());
        assertTrue(trial.error().startsWith("IOException: not enough space in " + queues + " for the queue: it needs about "),
                trial.error());
        assertEquals(List.of(), listing(queues));
    }

    private static List<String> hostFlags() {
        return INFO.jvmArgs(Runtime.version().feature());
    }

    private static Map<String, String> with(String... keyValues) {
        Map<String, String> m = new java.util.LinkedHashMap<>(TINY);
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    /** What a JVM or a library prints when a flag is missing (the harness's own WARNING lines are not). */
    private static boolean isJvmWarning(String line) {
        return line.startsWith("SLF4J") || line.startsWith("WARNING:")
                && Stream.of("restricted", "Unsafe", "reflective", "native", "command line option", "--add-")
                        .anyMatch(line::contains);
    }

    private static List<String> warnings(ForkedTrial trial) throws Exception {
        List<String> w = new ArrayList<>();
        trial.result().path("warnings").forEach(n -> w.add(n.asText()));
        return w;
    }

    private static List<Path> listing(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.collect(Collectors.toList());
        }
    }
}
