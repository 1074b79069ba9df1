package org.jvmmark.workloads.http.common;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What a server process holds at one moment: resident set size and OS threads (from
 * {@code /proc/<pid>/status}, so it is the same measure for a JVM, a virtual-thread JVM — whose
 * virtual threads are not OS threads — and the native reference), and for a server in this JVM its
 * heap used and committed, and its Native Memory Tracking summary when NMT is on. A figure that could not be
 * read is {@code -1}. Immutable.
 */
public final class Footprint {
    public final long rssBytes;
    public final long threads;
    public final long heapUsedBytes;
    public final long heapCommittedBytes;
    /** {@code /sleep} requests the server's handlers hold ({@link HeldRequests}); -1 when not counted. */
    public final long heldRequests;
    /** Committed bytes by NMT category ({@link NativeMemory}); empty when the server's JVM runs without NMT. */
    public final Map<String, Long> nmtCommittedBytes;
    /**
     * Whether a collection ran between the request for one and this reading (its collectors' counts rose): false when
     * none was asked for, or {@code System.gc()} ran none ({@code -XX:+DisableExplicitGC}).
     */
    public final boolean afterCollection;

    public Footprint(long rssBytes, long threads, long heapUsedBytes, long heapCommittedBytes, long heldRequests) {
        this(rssBytes, threads, heapUsedBytes, heapCommittedBytes, heldRequests, Collections.emptyMap());
    }

    public Footprint(long rssBytes, long threads, long heapUsedBytes, long heapCommittedBytes, long heldRequests,
                     Map<String, Long> nmtCommittedBytes) {
        this(rssBytes, threads, heapUsedBytes, heapCommittedBytes, heldRequests, nmtCommittedBytes, false);
    }

    public Footprint(long rssBytes, long threads, long heapUsedBytes, long heapCommittedBytes, long heldRequests,
                     Map<String, Long> nmtCommittedBytes, boolean afterCollection) {
        this.afterCollection = afterCollection;
        this.rssBytes = rssBytes;
        this.threads = threads;
        this.heapUsedBytes = heapUsedBytes;
        this.heapCommittedBytes = heapCommittedBytes;
        this.heldRequests = heldRequests;
        this.nmtCommittedBytes = Collections.unmodifiableMap(new LinkedHashMap<>(nmtCommittedBytes));
    }

    /**
     * Measures process {@code pid}; with {@code heap}, also this JVM's heap — after a full
     * collection when {@code collect}, so heap used is what is live (what held connections cost).
     */
    public static Footprint measure(long pid, boolean heap, boolean collect) {
        return measure(pid, heap, collect, false);
    }

    /** As {@link #measure(long, boolean, boolean)}; with {@code nmt} (and {@code heap}), also this JVM's NMT summary. */
    public static Footprint measure(long pid, boolean heap, boolean collect, boolean nmt) {
        long used = -1;
        long committed = -1;
        boolean collected = false;
        if (heap) {
            if (collect) {
                long before = collections();
                System.gc();
                collected = collections() > before;
            }
            MemoryUsage h = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
            used = h.getUsed();
            committed = h.getCommitted();
        }
        long rss = -1;
        long threads = -1;
        try {
            List<String> status = Files.readAllLines(Paths.get("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8);
            for (String line : status) {
                if (line.startsWith("VmRSS:")) {
                    rss = kib(line) * 1024;
                } else if (line.startsWith("Threads:")) {
                    threads = kib(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone: figures stay -1
        }
        return new Footprint(rss, threads, used, committed, heap ? HeldRequests.count() : -1,
                heap && nmt ? NativeMemory.committedBytes() : Collections.emptyMap(), collected);
    }

    /** The collections this JVM's collectors have run so far. */
    private static long collections() {
        long n = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    private static long kib(String statusLine) {
        String[] parts = statusLine.trim().split("\\s+");
        return Long.parseLong(parts[1]);
    }

    /** The larger of each figure. */
    public Footprint max(Footprint o) {
        return new Footprint(Math.max(rssBytes, o.rssBytes), Math.max(threads, o.threads),
                Math.max(heapUsedBytes, o.heapUsedBytes), Math.max(heapCommittedBytes, o.heapCommittedBytes),
                Math.max(heldRequests, o.heldRequests));
    }

    public Properties toProperties() {
        Properties p = new Properties();
        p.setProperty("rssBytes", Long.toString(rssBytes));
        p.setProperty("threads", Long.toString(threads));
        p.setProperty("heapUsedBytes", Long.toString(heapUsedBytes));
        p.setProperty("heapCommittedBytes", Long.toString(heapCommittedBytes));
        p.setProperty("heldRequests", Long.toString(heldRequests));
        p.setProperty("afterCollection", Boolean.toString(afterCollection));
        nmtCommittedBytes.forEach((category, bytes) -> p.setProperty(NMT + category, Long.toString(bytes)));
        return p;
    }

    public static Footprint of(Properties p) {
        Map<String, Long> nmt = new LinkedHashMap<>();
        for (String key : new java.util.TreeSet<>(p.stringPropertyNames())) {
            if (key.startsWith(NMT)) {
                nmt.put(key.substring(NMT.length()), Long.parseLong(p.getProperty(key)));
            }
        }
        return new Footprint(get(p, "rssBytes"), get(p, "threads"), get(p, "heapUsedBytes"), get(p, "heapCommittedBytes"),
                get(p, "heldRequests"), nmt, Boolean.parseBoolean(p.getProperty("afterCollection", "false")));
    }

    private static final String NMT = "nmt.";

    private static long get(Properties p, String key) {
        return Long.parseLong(p.getProperty(key, "-1"));
    }
}
