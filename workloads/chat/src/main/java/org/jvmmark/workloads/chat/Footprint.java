package org.jvmmark.workloads.chat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * This process's memory and thread footprint at one moment: resident set size and its peak from
 * {@code /proc/self/status} (Linux; -1 elsewhere), heap used and committed, live Java threads, and
 * the open-file limit that bounds how many connections the process can hold. Immutable.
 */
public final class Footprint {
    private final long rssBytes;
    private final long peakRssBytes;
    private final long heapUsedBytes;
    private final long heapCommittedBytes;
    private final int threads;
    private final long openFileLimit;

    private Footprint(long rssBytes, long peakRssBytes, long heapUsedBytes, long heapCommittedBytes, int threads,
                      long openFileLimit) {
        this.rssBytes = rssBytes;
        this.peakRssBytes = peakRssBytes;
        this.heapUsedBytes = heapUsedBytes;
        this.heapCommittedBytes = heapCommittedBytes;
        this.threads = threads;
        this.openFileLimit = openFileLimit;
    }

    /**
     * Measures now. With {@code collect}, first asks for a full collection so that "heap used" is the
     * live data rather than whatever garbage the last young collection left (a request, not a
     * guarantee: {@code -XX:+DisableExplicitGC} turns it off).
     */
    public static Footprint measure(boolean collect) {
        if (collect) {
            System.gc();
            System.gc();
        }
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return new Footprint(statusKiB("VmRSS:") * 1024, statusKiB("VmHWM:") * 1024, heap.getUsed(), heap.getCommitted(),
                ManagementFactory.getThreadMXBean().getThreadCount(), currentOpenFileLimit());
    }

    private static long statusKiB(String key) {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or an unexpected layout: reported as unknown
        }
        return -1;
    }

    /**
     * The soft limit on open files of this process ({@code -1} if unknown). HotSpot raises the soft
     * limit to the hard one at start-up ({@code -XX:+MaxFDLimit}, on by default), so this is already
     * the most the process can get without {@code ulimit -n} in the shell that started it.
     */
    public static long currentOpenFileLimit() {
        try {
            List<String> lines = Files.readAllLines(Paths.get("/proc/self/limits"), StandardCharsets.US_ASCII);
            for (String line : lines) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }

    public long rssBytes() {
        return rssBytes;
    }

    public long peakRssBytes() {
        return peakRssBytes;
    }

    public long heapUsedBytes() {
        return heapUsedBytes;
    }

    public long heapCommittedBytes() {
        return heapCommittedBytes;
    }

    public int threads() {
        return threads;
    }

    public long openFileLimit() {
        return openFileLimit;
    }

    /** {@code key=value} pairs, the form the {@code FOOTPRINT} reply carries. */
    public Map<String, Long> toMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("rssBytes", rssBytes);
        m.put("peakRssBytes", peakRssBytes);
        m.put("heapUsedBytes", heapUsedBytes);
        m.put("heapCommittedBytes", heapCommittedBytes);
        m.put("threads", (long) threads);
        m.put("openFileLimit", openFileLimit);
        return m;
    }
}
