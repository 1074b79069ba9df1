package org.jvmmark.workloads.queuelarge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.ForkMain;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.WorkloadInfo;

/**
 * One trial of the workload in a fresh JVM (the test's own JDK), the way the runner forks it —
 * declared flags, {@link ForkMain}, spec in, result out — started in the background so a test can
 * signal it. The queue registry is private to the test. Not thread-safe.
 */
final class Fork {
    static final WorkloadInfo INFO = WorkloadInfo.of(QueueLargeWorkload.class);

    final Path scratch;
    final Path registry;
    final Process process;
    private final Path result;
    private final Path stderr;

    private Fork(Path scratch, Path registry, Process process, Path result, Path stderr) {
        this.scratch = scratch;
        this.registry = registry;
        this.process = process;
        this.result = result;
        this.stderr = stderr;
    }

    /** Starts the workload under the smoke profile with {@code params} on top. */
    static Fork start(Path scratch, Map<String, String> params, String... extraJvmArgs) throws IOException {
        return start(List.of(), scratch, params, extraJvmArgs);
    }

    /**
     * Starts the workload behind {@code wrapper} (a command that runs the JVM's command line given
     * after it, e.g. a shell standing in for the runner).
     */
    static Fork start(List<String> wrapper, Path scratch, Map<String, String> params, String... extraJvmArgs) throws IOException {
        Path work = Files.createDirectories(scratch.resolve("work"));
        Path registry = Files.createDirectories(scratch.resolve("registry"));
        TrialSpec spec = new TrialSpec("queue-large/test", INFO.className(), "smoke", INFO.resolveParams("smoke", params),
                work, scratch.resolve("control"));
        Path specFile = scratch.resolve("spec.properties");
        spec.write(specFile);
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(INFO.jvmArgs(Runtime.version().feature()));
        command.add("-D" + QueueDir.REGISTRY_PROPERTY + "=" + registry);
        command.addAll(List.of(extraJvmArgs));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ForkMain.class.getName()));
        Path result = scratch.resolve("result.json");
        command.addAll(List.of(specFile.toString(), result.toString()));
        Path stderr = scratch.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectOutput(scratch.resolve("stdout.txt").toFile())
                .redirectError(stderr.toFile()).start();
        return new Fork(scratch, registry, p, result, stderr);
    }

    /** Runs the workload to its end and reads its result. */
    static JsonNode run(Path scratch, Map<String, String> params, String... extraJvmArgs) throws Exception {
        Fork f = start(scratch, params, extraJvmArgs);
        f.await(120);
        return f.result();
    }

    void await(int seconds) throws Exception {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("the trial hung for " + seconds + " s; stderr:\n" + stderr());
        }
    }

    JsonNode result() throws IOException {
        if (!Files.exists(result)) {
            throw new AssertionError("no result file (exit " + process.exitValue() + "); stderr:\n" + stderr());
        }
        return new ObjectMapper().readTree(result.toFile());
    }

    String stderr() throws IOException {
        return Files.exists(stderr) ? new String(Files.readAllBytes(stderr), StandardCharsets.UTF_8) : "";
    }

    /** Waits until no queue directory is left, or {@code seconds} pass. */
    List<Path> awaitNoQueue(int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!queueDirs().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return queueDirs();
    }

    /** Waits until the trial's log shows {@code text}. */
    void awaitLog(String text, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!stderr().contains(text)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("the trial never logged '" + text + "'; stderr:\n" + stderr());
            }
            Thread.sleep(50);
        }
    }

    List<Path> queueDirs() throws IOException {
        return queueDirs(scratch);
    }

    /** The queue directories present in the scratch directory of a trial started in {@code scratch}. */
    static List<Path> queueDirs(Path scratch) throws IOException {
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(scratch.resolve("work"), QueueDir.PREFIX + "*")) {
            s.forEach(dirs::add);
        }
        return dirs;
    }
}
