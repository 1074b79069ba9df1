package org.jvmmark.runner.base;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A short child process run for its answer — {@code java -version} with some flags, {@code systemd-detect-virt},
 * {@code taskset} — that can never hang the runner. Its output (stdout and stderr together) is read on a thread of its
 * own, so that a child that writes much cannot block on a full pipe and a child that hangs cannot block the read; the
 * runner waits at most the given time, then kills the child with everything it started (the descendants are listed
 * before the child dies: after that they belong to init). A child that escaped the tree and holds the output open is
 * not waited for. Ctrl-C kills every short child still running ({@link #killAll}, called with
 * {@link ChildProcess#killAll}). The environment is {@link ChildEnvironment}'s; stdin is closed.
 *
 * <p>Thread-safe: each call runs its own child; the set of running children is concurrent.
 */
public final class ShortProcess {
    /** The most output kept; the rest is read and dropped, so the child never blocks on a full pipe. */
    static final int MAX_OUTPUT_BYTES = 1 << 20;
    /** How long the reader may take, after the child ended, to finish the output. */
    private static final long DRAIN_MILLIS = 1000;
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    /**
     * What the child said and how it ended.
     *
     * @param exitCode its exit status
     * @param output stdout and stderr together, at most {@link #MAX_OUTPUT_BYTES}, as UTF-8
     */
    public record Result(int exitCode, String output) {
        /** Whether it exited 0. */
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** The child did not end within its time and was killed with its descendants. */
    public static final class TimedOut extends IOException {
        private static final long serialVersionUID = 1L;

        TimedOut(String message) {
            super(message);
        }
    }

    private ShortProcess() {
    }

    /**
     * Runs {@code command} in {@code dir} (the runner's own when null) and waits for it at most {@code limit}.
     *
     * @throws TimedOut when it did not end within {@code limit} (killed, with its descendants)
     * @throws IOException when it cannot be started, or the runner was interrupted while waiting (the child killed)
     */
    public static Result run(List<String> command, Path dir, Duration limit) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        ChildEnvironment.scrub(pb.environment());
        Process p = pb.start();
        LIVE.add(p);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> drain(p.getInputStream(), out), "short-child-" + p.pid());
        reader.setDaemon(true);
        reader.start();
        try {
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(p);
                throw new TimedOut(command.get(0) + " did not finish within " + Text.seconds(limit.toMillis() / 1000.0) + "; killed");
            }
            reader.join(DRAIN_MILLIS);
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + command.get(0));
        } finally {
            LIVE.remove(p);
        }
        synchronized (out) {
            return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8));
        }
    }

    /** Kills every short child still running, with its descendants: Ctrl-C. */
    public static void killAll() {
        LIVE.forEach(ShortProcess::kill);
    }

    /** Kills {@code p} and everything it started, and waits (briefly) for it to be gone. */
    static void kill(Process p) {
        List<ProcessHandle> tree = p.descendants().toList();
        tree.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Keeps the first {@link #MAX_OUTPUT_BYTES} of {@code in} and drops the rest until it ends. */
    private static void drain(InputStream in, ByteArrayOutputStream out) {
        byte[] buffer = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                synchronized (out) {
                    if (out.size() < MAX_OUTPUT_BYTES) {
                        out.write(buffer, 0, Math.min(n, MAX_OUTPUT_BYTES - out.size()));
                    }
                }
            }
        } catch (IOException e) {
            // the stream closed under us (the process was killed): what was read is all there is
        }
    }
}
