package org.jvmmark.workloads.queuelarge;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.testkit.ForkedTrial;

/**
 * One trial of the workload in a fresh JVM (the test's own JDK), forked by testkit's {@link ForkedTrial}
 * the way the runner forks it, started in the background so a test can signal it; with what this
 * workload's tests add: a queue registry private to the test, and waits on the trial's log and queue
 * directories. Not thread-safe.
 */
final class Fork {
    static final WorkloadInfo INFO = WorkloadInfo.of(QueueLargeWorkload.class);

    final Path scratch;
    final Path registry;
    final Process process;
    private final ForkedTrial trial;

    private Fork(Path scratch, Path registry, ForkedTrial trial) {
        this.scratch = scratch;
        this.registry = registry;
        this.trial = trial;
        this.process = trial.process();
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
        Path registry = Files.createDirectories(scratch.resolve("registry"));
        List<String> flags = new ArrayList<>(INFO.jvmArgs(Runtime.version().feature()));
        flags.add("-D" + QueueDir.REGISTRY_PROPERTY + "=" + registry);
        flags.addAll(List.of(extraJvmArgs));
        ForkedTrial trial = ForkedTrial.of(QueueLargeWorkload.class, scratch).wrapper(wrapper).jvmArgs(flags).params(params).start();
        return new Fork(scratch, registry, trial);
    }

    /** Runs the workload to its end and reads its result. */
    static JsonNode run(Path scratch, Map<String, String> params, String... extraJvmArgs) throws Exception {
        Fork f = start(scratch, params, extraJvmArgs);
        f.await(120);
        return f.result();
    }

    void await(int seconds) throws Exception {
        trial.await(seconds);
    }

    JsonNode result() throws IOException {
        return trial.result();
    }

    String stderr() {
        return trial.stderr();
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
