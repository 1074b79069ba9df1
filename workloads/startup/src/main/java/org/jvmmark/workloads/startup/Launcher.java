package org.jvmmark.workloads.startup;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts {@code <java.home>/bin/java} — the JVM under test, which runs this workload — with the
 * given arguments, and times it from outside.
 *
 * <p>The exit instant is when the child's stdout pipe reaches end-of-file, seen by the launching
 * thread blocked in {@code read}: the kernel closes a process's files as it exits, and this thread
 * wakes once, as {@code hyperfine} does in {@code wait4}. {@link Process#waitFor} instead learns of
 * the exit from the JDK's reaper thread, a second wake-up, which on a busy machine adds
 * milliseconds (measured here at load 13 on 2 cores: median 76–87 ms through {@code waitFor}
 * against 61–66 ms through the pipe and 59–73 ms by {@code hyperfine}). A process that spawns a
 * helper sharing its stdout (the JDK 25 AOT training run does) ends when the helper has too, which
 * is what a user waits for. stderr goes straight to a file, stdin reads {@code /dev/null}, and the
 * environment variables the JVM takes options from ({@code JAVA_TOOL_OPTIONS},
 * {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}) are removed, so a launch runs exactly its
 * command line.
 *
 * <p>Not thread-safe: launches run one after the other, never overlapping (they would compete for
 * the CPUs they are measured on).
 */
final class Launcher implements AutoCloseable {
    private static final File DEV_NULL = new File("/dev/null");

    private final Path java;
    private final Path dir;
    private final long timeoutSeconds;
    private final Timer watchdog = new Timer("startup-launch-watchdog", true);
    /** Set by the watchdog when it killed the current launch. */
    private volatile boolean killed;

    /**
     * @param dir where each launch's stdout, stderr and report files go (overwritten by the next
     *     launch of the same name)
     */
    Launcher(Path javaHome, Path dir, long timeoutSeconds) {
        this.java = javaHome.resolve("bin").resolve(isWindows() ? "java.exe" : "java");
        this.dir = dir;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** The report file a launch named {@code name} should write. */
    Path reportFile(String name) {
        return dir.resolve(name + ".report");
    }

    /** Runs {@code java <args>} once and waits for its exit; a launch past the time limit is killed. */
    Launch launch(String name, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(args);
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        Path report = reportFile(name);
        Files.deleteIfExists(report);
        killed = false;
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile());
        if (DEV_NULL.exists()) {
            builder.redirectInput(DEV_NULL);
        }
        Map<String, String> env = builder.environment();
        env.remove("JAVA_TOOL_OPTIONS");
        env.remove("JDK_JAVA_OPTIONS");
        env.remove("_JAVA_OPTIONS");

        // The pipe's end-of-file only comes with the exit; a hung child must not block us forever. A
        // timer thread rather than a second waiter on the process: it sleeps until the deadline and
        // does not wake when the child exits, the instant being measured. Everything that can be
        // prepared is prepared before the fork, so the parent is idle while the child runs.
        AtomicReference<Process> running = new AtomicReference<>();
        TimerTask kill = new TimerTask() {
            @Override
            public void run() {
                Process p = running.get();
                if (p != null) {
                    killed = true;
                    p.destroyForcibly();
                }
            }
        };
        watchdog.schedule(kill, TimeUnit.SECONDS.toMillis(timeoutSeconds));
        long fork;
        long spawned;
        long exit;
        Process process;
        try (OutputStream copy = Files.newOutputStream(out)) {
            fork = System.nanoTime();
            process = builder.start();
            spawned = System.nanoTime();
            running.set(process);
            try (InputStream stdout = process.getInputStream()) {
                stdout.transferTo(copy);
                exit = System.nanoTime();
            }
        } finally {
            kill.cancel();
        }
        int status = process.waitFor();
        if (killed) {
            throw new IllegalStateException("launch '" + name + "' still running after " + timeoutSeconds
                    + " s (launchTimeoutSeconds); killed: " + String.join(" ", command));
        }
        return new Launch(command, fork, spawned, exit, status, out, err, report);
    }

    /** Stops the watchdog thread. */
    @Override
    public void close() {
        watchdog.cancel();
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }
}
