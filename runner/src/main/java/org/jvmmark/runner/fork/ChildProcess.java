package org.jvmmark.runner.fork;

import org.jvmmark.runner.base.ChildEnvironment;
import org.jvmmark.runner.base.ShortProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * A child process watched from outside, as a benchmark must: the JVM under test is not asked how
 * much memory or CPU it used, the kernel is. A daemon thread reads {@code /proc/<pid>/status}
 * ({@code VmHWM}, the peak resident set the kernel tracks itself, so a short poll interval only
 * matters for the final read) and the process's CPU time every 20 ms until it exits. Output goes
 * to files, never through a pipe the runner could forget to drain.
 *
 * <p>Every live child is registered so that Ctrl-C can kill them all ({@link #killAll()}) with
 * their descendants; when the runner itself is killed outright, each forked JVM notices and takes
 * its own descendants down with it ({@code ForkMain}'s parent watch). A child's environment lacks
 * the runner's secrets ({@link ChildEnvironment}).
 * Thread-safe.
 */
public final class ChildProcess {
    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();
    private static final long POLL_MILLIS = 20;
    /** How long a stopped child may run its shutdown hooks before it is killed outright. */
    private static final long GRACE_MILLIS = 3000;

    private final Process process;
    private final long startNanos = System.nanoTime();
    private final Thread watcher;
    /** Unknown until read: {@code null}, never a placeholder figure. */
    private volatile Long peakRss;
    private volatile Double cpuSeconds;
    private volatile String cpusAllowed;
    private volatile boolean killedByUs;

    private ChildProcess(Process process) {
        this.process = process;
        this.watcher = new Thread(this::watch, "watch-" + process.pid());
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Starts {@code command} in {@code dir} with stdout and stderr going to the given files (each to the runner's own when null). */
    static ChildProcess start(List<String> command, Path dir, Path stdout, Path stderr) throws IOException {
        Files.createDirectories(dir);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        pb.redirectOutput(stdout == null ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.appendTo(created(stdout)));
        pb.redirectError(stderr == null ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.appendTo(created(stderr)));
        ChildEnvironment.scrub(pb.environment());
        ChildProcess child = new ChildProcess(pb.start());
        LIVE.add(child);
        return child;
    }

    /**
     * {@code file}, made new and empty as a plain file: whatever stood at its name — a link another user planted to make
     * a run as root write through it — is removed, never followed ({@link Files#deleteIfExists} removes a link itself,
     * and {@code CREATE_NEW} refuses one). The child then appends to the file made here.
     */
    static java.io.File created(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.deleteIfExists(file);
        Files.newByteChannel(file, java.util.EnumSet.of(java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)).close();
        return file.toFile();
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /**
     * Waits until the child exits, {@code System.nanoTime()} passes {@code deadline} (then it is
     * killed: {@code timedOut}) or {@code cancelled} becomes true (killed too: {@code cancelled}).
     */
    ProcessOutcome await(long deadline, BooleanSupplier cancelled) {
        boolean timedOut = false;
        boolean wasCancelled = false;
        try {
            while (!process.waitFor(50, TimeUnit.MILLISECONDS)) {
                if (cancelled.getAsBoolean()) {
                    wasCancelled = true;
                    kill();
                    break;
                }
                if (System.nanoTime() - deadline > 0) {
                    timedOut = true;
                    threadDump();
                    kill();
                    break;
                }
            }
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            wasCancelled = true;
            kill();
            Thread.currentThread().interrupt();
        }
        try {
            watcher.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LIVE.remove(this);
        double wall = (System.nanoTime() - startNanos) / 1e9;
        Integer exit = killedByUs || process.isAlive() ? null : process.exitValue();
        return new ProcessOutcome(process.pid(), exit, wall, cpuSeconds, peakRss, timedOut, wasCancelled, cpusAllowed);
    }

    /**
     * Stops the child and whatever it started: SIGTERM first, so the JVM runs its shutdown hooks
     * and a workload can remove what it created (a queue in {@code /dev/shm} is RAM), then SIGKILL
     * for whatever is still alive after a grace period.
     */
    void kill() {
        killedByUs = true;
        List<ProcessHandle> descendants = process.descendants().collect(Collectors.toList());
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            process.waitFor(GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Kills every live child, and every {@link ShortProcess} still running; used by the Ctrl-C hook. */
    public static void killAll() {
        ShortProcess.killAll();
        for (ChildProcess c : LIVE) {
            c.kill();
        }
    }

    /** A hung JVM prints its threads on SIGQUIT (into its stdout log): the best clue to why it hung. */
    private void threadDump() {
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(process.pid())).start();
            kill.waitFor(2, TimeUnit.SECONDS);
            process.waitFor(500, TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // no kill(1): no thread dump, the child is killed all the same
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void watch() {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        ProcessHandle handle = process.toHandle();
        while (process.isAlive()) {
            readStatus(status);
            handle.info().totalCpuDuration().ifPresent(d -> cpuSeconds = d.toNanos() / 1e9);
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void readStatus(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    Long seen = peakRss;
                    peakRss = seen == null ? kib * 1024 : Math.max(seen, kib * 1024);
                } else if (line.startsWith("Cpus_allowed_list:")) {
                    cpusAllowed = line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process has just exited, or there is no /proc: keep what was read
        }
    }
}
