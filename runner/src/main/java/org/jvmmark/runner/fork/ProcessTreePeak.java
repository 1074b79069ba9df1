package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The peak resident set of a process and everything it started, watched from outside: a server that is a process of
 * its own (the user's jar with {@code server=app}, the native reference), started by the JVM of a client/server trial.
 * A daemon thread sums {@code VmRSS} of the process and its descendants from {@code /proc} every
 * {@value #POLL_MILLIS} ms and keeps the largest sum; the root's own {@code VmHWM} (the kernel's peak, which no poll
 * can miss) bounds it from below, so a single-process server's figure is exact. Thread-safe.
 */
final class ProcessTreePeak implements AutoCloseable {
    static final long POLL_MILLIS = 20;

    private final long pid;
    private final Thread watcher;
    private volatile long peakBytes;
    private volatile boolean stopped;

    private ProcessTreePeak(long pid) {
        this.pid = pid;
        this.watcher = new Thread(this::watch, "watch-tree-" + pid);
        watcher.setDaemon(true);
    }

    /** Starts watching {@code pid}'s tree; null when there is no such process or no {@code /proc}. */
    static ProcessTreePeak start(long pid) {
        if (!Files.isReadable(status(pid))) {
            return null;
        }
        ProcessTreePeak p = new ProcessTreePeak(pid);
        p.sample();
        p.watcher.start();
        return p;
    }

    long pid() {
        return pid;
    }

    /** The largest resident set seen so far, in bytes (0 when nothing could be read). */
    long peakBytes() {
        return peakBytes;
    }

    /** Until closed, or until the process is gone (a trial that ended before {@link #close()} was reached). */
    private void watch() {
        while (!stopped && sample()) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One look; false when the process is gone. */
    private boolean sample() {
        Optional<ProcessHandle> root = ProcessHandle.of(pid);
        if (root.isEmpty() || !root.get().isAlive()) {
            return false;
        }
        List<Long> tree = new ArrayList<>();
        tree.add(pid);
        root.get().descendants().forEach(d -> tree.add(d.pid()));
        long sum = 0;
        long rootPeak = 0;
        for (long p : tree) {
            long[] rss = read(p);
            sum += rss[0];
            if (p == pid) {
                rootPeak = rss[1];
            }
        }
        peakBytes = Math.max(peakBytes, Math.max(sum, rootPeak));
        return true;
    }

    /** {@code [VmRSS, VmHWM]} of {@code pid} in bytes; zeros when it is gone. */
    static long[] read(long pid) {
        long rss = 0;
        long hwm = 0;
        try {
            for (String line : Files.readAllLines(status(pid))) {
                if (line.startsWith("VmRSS:")) {
                    rss = kib(line) * 1024;
                } else if (line.startsWith("VmHWM:")) {
                    hwm = kib(line) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // exited between the listing and the read
        }
        return new long[] {rss, hwm};
    }

    private static long kib(String line) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
    }

    private static Path status(long pid) {
        return Path.of("/proc", Long.toString(pid), "status");
    }

    /** Stops watching, after a last look. */
    @Override
    public void close() {
        sample();
        stopped = true;
        watcher.interrupt();
        try {
            watcher.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
