package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pins a thread of the runner's own JVM to one CPU, which Java cannot do by itself: the thread learns its kernel
 * thread id from {@code /proc/thread-self}, and {@code taskset -p -c CPU TID} (util-linux, which {@code --cpus}
 * already needs) sets that one thread's affinity. What it got is read back ({@code Cpus_allowed_list} of the
 * thread's {@code status} under {@code /proc}): what is recorded is what was obtained, never what was asked. Linux
 * only; elsewhere every method says it could not. Stateless and thread-safe.
 */
final class ThreadAffinity {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final long TASKSET_TIMEOUT_MS = 2_000;

    private ThreadAffinity() {
    }

    /** The calling thread's kernel thread id, or -1 when the system does not say. */
    static long currentThreadId() {
        try {
            return threadId(Files.readSymbolicLink(THREAD_SELF).toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** {@code 1234/task/1240} (the link {@code /proc/thread-self}) → 1240; -1 for anything else. */
    static long threadId(String link) {
        int slash = link.lastIndexOf('/');
        try {
            return link.contains("/task/") ? Long.parseLong(link.substring(slash + 1)) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The {@code Cpus_allowed_list} of a {@code /proc/.../status} file's lines, or null when it has none. */
    static String allowedCpus(List<String> statusLines) {
        for (String line : statusLines) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return null;
    }

    /**
     * Starts {@code taskset} to pin thread {@code tid} to {@code cpu}; {@link #finished} waits for it. Two threads
     * are pinned at once this way, at the cost of one process start.
     *
     * @return the started process, or null when it could not start (no taskset)
     */
    static Process startPinning(long tid, int cpu) {
        if (tid <= 0) {
            return null;
        }
        try {
            return new ProcessBuilder("taskset", "-p", "-c", String.valueOf(cpu), String.valueOf(tid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether the pinning process ended with status 0 in time (it is killed otherwise). */
    static boolean finished(Process pinning) {
        if (pinning == null) {
            return false;
        }
        try {
            if (!pinning.waitFor(TASKSET_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                pinning.destroyForcibly();
                return false;
            }
            return pinning.exitValue() == 0;
        } catch (InterruptedException e) {
            pinning.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
