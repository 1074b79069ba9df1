package org.jvmmark.workloads.queuelarge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.Workload;
import org.jvmmark.workloads.chronicle.ChronicleFlags;
import org.jvmmark.workloads.chronicle.ChronicleLog;
import org.jvmmark.workloads.chronicle.ChronicleSetup;
import org.jvmmark.workloads.chronicle.QueueFiles;

/**
 * Chronicle Queue past memory, after Chronicle Queue's own {@code RunLargeQueueMain}: write a burst
 * of {@code burstBytes} in {@code messageBytes} messages, read it back, pause (running Chronicle's
 * pretouch in the pause, untimed), and repeat until {@code totalBytes} are on disk — then drop the
 * queue's pages from the page cache and read the whole queue once more from the start: a cold read,
 * or, where the pages stayed cached, one labelled warm ({@link WholeRead}). Each burst's write and read time, the queue's size
 * and this JVM's memory are kept as a series; the disk's own speed, measured in the same directory
 * first, says how close to the hardware the JVM got.
 *
 * <p>With {@code memoryLimit} the JVM moves itself into a memory cgroup of that size, which bounds
 * its page cache: the data outgrows "memory" after a few gigabytes. Where no cgroup can be had the
 * trial runs against the machine's RAM and says why.
 *
 * <p>One instance runs one trial on one thread; not thread-safe.
 */
@Name("queue-large")
@Summary("Chronicle Queue past memory: 512-byte messages written and read back in 1 GiB bursts until the queue outgrows RAM "
        + "(or a memory cgroup); write/read ms per GiB before and past the limit, the whole queue read back with its pages dropped "
        + "(cold, or labelled warm), and the disk's own speed")
@Parameter(name = "dir", defaultValue = "auto",
        summary = "parent directory of the queue; auto: the trial's scratch directory, on the --out directory's file system (never tmpfs)")
@Parameter(name = "blockSize", defaultValue = "64m", summary = "Chronicle's block size (the original's default: 64 MB)")
@Parameter(name = "rollCycle", defaultValue = "FAST_DAILY", summary = "Chronicle's roll cycle (the builder's default, FAST_DAILY)")
@Parameter(name = "messageBytes", defaultValue = "512", type = ParamType.INTEGER,
        summary = "message size in bytes (a multiple of 8, at least 16: sequence and checksum)")
@Parameter(name = "burstBytes", defaultValue = "1g", summary = "bytes per burst, written then read back")
@Parameter(name = "pretouch", defaultValue = "false", type = ParamType.BOOLEAN,
        summary = "call the appender's pretouch() in each pause (untimed), as the original's -Dpretouch does")
@Parameter(name = "pauseMillis", defaultValue = "8000", type = ParamType.INTEGER,
        summary = "pause after each burst, for the disk to catch up")
@Parameter(name = "totalBytes", defaultValue = "2xram", summary = "bytes written in all (whole bursts); 2xram: twice the physical memory")
@Parameter(name = "memoryLimit", defaultValue = "none",
        summary = "run under a memory cgroup of this size (e.g. 2g), bounding the page cache; none: the machine's RAM")
@Parameter(name = "diskBaselineBytes", defaultValue = "1g",
        summary = "size of the file written and read with O_DIRECT first, for the disk's own sequential speed")
@Profile(name = "smoke", params = {"memoryLimit=512m", "totalBytes=2g", "pauseMillis=500", "diskBaselineBytes=256m"},
        timeoutSeconds = 180, estimatedSeconds = 20)
// estimatedSeconds: a quick fork's measured wall time: 4.7 s (AMD, 13 forks), 6.9 s (Intel with other users' builds
// on the machine, 8) — measured/2026-11-27/durations.md
@Profile(name = "quick", params = {"memoryLimit=384m", "totalBytes=1536m", "pauseMillis=500", "diskBaselineBytes=256m"},
        timeoutSeconds = 600, estimatedSeconds = 6)
@Profile(name = "standard", params = {"memoryLimit=none", "totalBytes=2xram", "pauseMillis=8000"}, timeoutSeconds = 7200,
        estimatedSeconds = 1200)
// The flags Chronicle Queue needs on each JDK (analytics off, --add-exports ...), shared with queue-latency.
@Question(name = "past-memory", text = "Which JVM writes and reads back a queue larger than memory fastest?",
        figures = {"writeMsPerGiBPastLimit", "readMsPerGiBPastLimit", "coldReadGiBPerSecond"})
@ChronicleFlags
public final class QueueLargeWorkload implements Workload {
    /** Test hook: {@code true} leaves the queue's pages cached before the whole-queue read (it is then labelled warm). */
    static final String KEEP_PAGES_PROPERTY = "jvmmark.queueLarge.keepPages";

    @Override
    public void run(TrialContext ctx) throws Exception {
        LargeQueueSettings s = LargeQueueSettings.from(ctx);
        Path parent = s.dir.equals("auto") ? ctx.workDir() : Paths.get(s.dir);
        ChronicleLog log = ChronicleSetup.prepare(ctx);
        MemoryCgroup.removeStale();
        QueueDir dir = QueueDir.create(parent, s.queueDiskBytes() + s.diskBaselineBytes);
        TrialResult result = ctx.result();
        result.info("queueDir", dir.path().toString());
        result.info("chronicleQueueVersion", ChronicleSetup.queueVersion());
        // The report reads this key: the process's RSS is then shown as a fact, never ranked.
        result.info("processRssNotRanked", "includes the queue's memory-mapped pages, not only the JVM's own memory");
        result.info("messagesPerBurst", s.messagesPerBurst());
        result.info("bursts", s.bursts());
        result.info("totalBytes", s.totalBytes);
        result.info("physicalMemoryBytes", s.physicalMemoryBytes);
        MemoryCgroup cgroup = null;
        Throwable failure = null;
        try {
            DiskBaseline disk = DiskBaseline.measure(dir.path(), s.diskBaselineBytes);
            ctx.log(String.format(Locale.ROOT, "disk baseline (%s, %s): write %.2f GiB/s, read %.2f GiB/s",
                    Sizes.format(disk.bytes), disk.method, disk.writeGiBPerSecond(), disk.readGiBPerSecond()));
            cgroup = applyMemoryLimit(ctx, s);
            long limit = cgroup != null ? cgroup.limitApplied() : s.physicalMemoryBytes;
            String label = cgroup != null ? "memory limit " + Sizes.format(limit) + " (cgroup v" + cgroup.version() + ")"
                    : "physical memory " + Sizes.format(limit);
            result.info("limitBytes", limit);
            BurstFigures figures = new BurstFigures(limit, label);
            Path queueDir = Files.createDirectory(dir.path().resolve("queue"));
            long messages;
            try (LargeQueue queue = LargeQueue.open(queueDir, s.blockSizeBytes, s.rollCycle, s.messageBytes, log,
                    LargeQueue.Fault.fromSystemProperty())) {
                boolean pretouch = s.pretouch && pretouchAvailable(ctx, queue, log);
                for (int b = 1; b <= s.bursts(); b++) {
                    dir.checkRoomFor(s.burstBytes + s.burstBytes / s.messageBytes * 4);
                    figures.add(burst(ctx, s, b, queue, dir, cgroup));
                    pause(queue, s.pauseMillis, pretouch);
                }
                messages = queue.written();
            }
            long[] cachedAtStart = {-1};
            MemoryCgroup limited = cgroup;
            WholeRead whole = readWholeQueue(s, queueDir, messages, () -> cachedAtStart[0] = limited == null ? -1 : limited.pageCacheBytes());
            ctx.log(String.format(Locale.ROOT, "%s read of the whole queue (%s): %.2f GiB/s; %s", whole.label(), Sizes.format(whole.bytes),
                    whole.gibPerSecond(), whole.evidence()));
            record(ctx, s, figures, disk, whole, cachedAtStart[0], cgroup, dir);
        } catch (Throwable t) {
            failure = t;
            IOException fullDisk = fullDisk(t, dir);
            if (fullDisk != null) {
                throw fullDisk;
            }
            throw t;
        } finally {
            cleanUp(ctx, cgroup, dir, failure);
        }
    }

    private static Burst burst(TrialContext ctx, LargeQueueSettings s, int number, LargeQueue queue, QueueDir dir, MemoryCgroup cgroup)
            throws Exception {
        long messages = s.messagesPerBurst();
        long before = queue.written() * s.messageBytes;
        long faults = ProcessMemory.now().majorFaults;
        long write = queue.writeBurst(messages);
        long read = queue.readBurst(messages);
        ProcessMemory memory = ProcessMemory.now();
        Burst b = new Burst(number, messages * s.messageBytes, before, write, read, dir.sizeBytes(), memory,
                memory.majorFaults - faults, cgroup == null ? -1 : cgroup.pageCacheBytes());
        ctx.log(String.format(Locale.ROOT, "burst %d/%d: wrote %s in %.3f s (%.0f ms/GiB), read in %.3f s (%.0f ms/GiB); queue %s,"
                        + " RSS %s, virtual %s, page cache %s, %d major faults",
                number, s.bursts(), Sizes.format(b.bytes), write / 1e9, b.writeMsPerGiB(), read / 1e9, b.readMsPerGiB(),
                Sizes.format(b.queueFileBytes), Sizes.format(memory.rssBytes), Sizes.format(memory.virtualBytes),
                b.cgroupPageCacheBytes < 0 ? "n/a" : Sizes.format(b.cgroupPageCacheBytes), b.majorFaults));
        return b;
    }

    /**
     * Reads the whole queue from its start, as cold as this JVM can make it without touching anyone
     * else's cache: the writer's queue is closed (Chronicle unmaps it), each of the queue's files is
     * synced and its pages dropped ({@link PageCache}), then a queue opened again reads it all. The
     * share of the queue cached before the drop and as the read begins, and the major faults and
     * bytes fetched from storage during the read, decide whether it may be called cold
     * ({@link WholeRead}).
     *
     * @param atStart runs as the read begins (the cgroup's page cache is taken there)
     */
    private static WholeRead readWholeQueue(LargeQueueSettings s, Path queueDir, long messages, Runnable atStart) throws Exception {
        LargeQueue.awaitReleased();
        List<Path> files;
        try (Stream<Path> listed = Files.list(queueDir)) {
            files = listed.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
        PageCache cache = null;
        String dropFailure = null;
        try {
            cache = PageCache.open();
        } catch (IOException e) {
            dropFailure = e.getMessage();
        }
        double before = cachedShare(cache, files);
        if (Boolean.getBoolean(KEEP_PAGES_PROPERTY)) {
            dropFailure = "not dropped: -D" + KEEP_PAGES_PROPERTY + "=true";
        } else if (cache != null) {
            try {
                cache.drop(files);
            } catch (IOException e) {
                dropFailure = e.getMessage();
            }
        }
        PageCache probe = cache;
        double[] atStartShare = {Double.NaN};
        long[] faults = {-1};
        long[] fromStorage = {-1};
        long nanos;
        long faultsAfter;
        long fromStorageAfter;
        try (LargeQueue queue = LargeQueue.reopen(queueDir, s.blockSizeBytes, s.rollCycle, s.messageBytes, messages)) {
            nanos = queue.readAllFromStart(() -> {
                atStart.run();
                atStartShare[0] = cachedShare(probe, files);
                faults[0] = ProcessMemory.now().majorFaults;
                fromStorage[0] = ProcessMemory.storageReadBytes();
            });
            faultsAfter = ProcessMemory.now().majorFaults;
            fromStorageAfter = ProcessMemory.storageReadBytes();
        }
        if (dropFailure == null && atStartShare[0] > WholeRead.COLD_RESIDENT_SHARE) {
            dropFailure = String.format(Locale.ROOT, "posix_fadvise(DONTNEED) returned, but %.0f %% of the queue's file bytes were still cached"
                    + " (a file system whose pages cannot be dropped, such as tmpfs, or pages still mapped)", atStartShare[0] * 100);
        }
        return new WholeRead(nanos, messages * s.messageBytes, faults[0] < 0 || faultsAfter < 0 ? -1 : faultsAfter - faults[0],
                fromStorage[0] < 0 || fromStorageAfter < 0 ? -1 : fromStorageAfter - fromStorage[0], before, atStartShare[0], dropFailure);
    }

    /** The share of {@code files} in the page cache; NaN when it cannot be told. */
    private static double cachedShare(PageCache cache, List<Path> files) {
        if (cache == null) {
            return Double.NaN;
        }
        try {
            return cache.residency(files).share();
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    /** The pause after each burst; Chronicle's pretouch, when asked for, runs inside it and is not timed. */
    private static void pause(LargeQueue queue, long pauseMillis, boolean pretouch) throws InterruptedException {
        long end = System.nanoTime() + pauseMillis * 1_000_000L;
        if (pretouch) {
            queue.pretouch();
        }
        long left = end - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000L, (int) (left % 1_000_000L));
        }
    }

    /** Tries Chronicle's pretouch once; where the library does not provide it the trial says so and goes on without. */
    private static boolean pretouchAvailable(TrialContext ctx, LargeQueue queue, ChronicleLog log) {
        String why = queue.pretouch();
        ctx.result().info("pretouch", why == null ? "yes" : "not available: " + why);
        if (why != null) {
            String said = log.lines().isEmpty() ? why : log.lines().get(0).replaceFirst("^chronicle warning: ", "");
            String line = "pretouch=true, but this Chronicle Queue cannot pretouch (" + said + "): the bursts ran without it";
            ctx.result().warning(line);
            ctx.log("warning: " + line);
        }
        return why == null;
    }

    /** Moves this JVM into a memory cgroup of {@code memoryLimit}; records what was obtained, and why not. */
    private static MemoryCgroup applyMemoryLimit(TrialContext ctx, LargeQueueSettings s) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("requestedBytes", s.memoryLimitBytes == 0 ? null : s.memoryLimitBytes);
        MemoryCgroup cgroup = null;
        if (s.memoryLimitBytes == 0) {
            info.put("applied", false);
            info.put("reason", "memoryLimit=none: the trial runs against the machine's RAM");
        } else {
            try {
                cgroup = MemoryCgroup.enter(s.memoryLimitBytes);
                info.put("applied", true);
                info.put("cgroupVersion", cgroup.version());
                info.put("cgroup", cgroup.path().toString());
                info.put("limitBytes", cgroup.limitApplied());
                info.put("appliedBy", cgroup.givenByRunner() ? "the runner, at the JVM's start (cgroup v2)" : "this JVM");
                ctx.log("memory limit " + Sizes.format(cgroup.limitApplied()) + " applied" + (cgroup.givenByRunner() ? " by the runner" : "")
                        + ": this JVM runs in " + cgroup.path());
            } catch (MemoryCgroup.Unavailable e) {
                String line = "memoryLimit=" + Sizes.format(s.memoryLimitBytes) + " could not be applied: " + e.getMessage()
                        + "; the trial runs against the machine's " + Sizes.format(s.physicalMemoryBytes) + " of RAM";
                info.put("applied", false);
                info.put("reason", line);
                ctx.result().warning(line);
                ctx.log("warning: " + line);
            }
        }
        ctx.result().info("memoryLimit", info);
        return cgroup;
    }

    private static void record(TrialContext ctx, LargeQueueSettings s, BurstFigures figures, DiskBaseline disk, WholeRead whole,
                               long cachedAtStart, MemoryCgroup cgroup, QueueDir dir) throws IOException {
        TrialResult r = ctx.result();
        r.series(BurstFigures.SERIES, figures.series());
        figures.recordMedians(r);
        // Every figure of the whole-queue read is named after its label: coldRead... or warmRead...
        String read = whole.label() + "Read";
        r.metric(read + "GiBPerSecond", whole.gibPerSecond(), "GiB/s", Better.HIGHER);
        if (whole.majorFaults >= 0) {
            r.metric(read + "MajorFaults", whole.majorFaults, "faults", Better.NONE);
        }
        if (!Double.isNaN(whole.storageShare())) {
            r.metric(read + "FromStorageShare", whole.storageShare(), "share of the bytes read", Better.NONE);
        }
        if (!Double.isNaN(whole.residentAtStartShare)) {
            r.metric(read + "CachedAtStartShare", whole.residentAtStartShare, "share of the queue's file bytes", Better.NONE);
        }
        r.metric("diskWriteGiBPerSecond", disk.writeGiBPerSecond(), "GiB/s", Better.NONE);
        r.metric("diskReadGiBPerSecond", disk.readGiBPerSecond(), "GiB/s", Better.NONE);
        r.metric("queueWriteToDiskRatio", figures.steadyWriteGiBPerSecond() / disk.writeGiBPerSecond(), "x", Better.HIGHER);
        r.metric(read + "ToDiskRatio", whole.gibPerSecond() / disk.readGiBPerSecond(), "x", Better.HIGHER);
        Burst last = figures.bursts().get(figures.bursts().size() - 1);
        r.metric("queueBytes", last.queueFileBytes, "bytes", Better.NONE);
        r.metric("virtualBytes", figures.bursts().stream().mapToLong(b -> b.memory.virtualBytes).max().orElse(-1), "bytes", Better.NONE);
        r.metric("majorFaults", figures.bursts().stream().mapToLong(b -> b.majorFaults).sum(), "faults", Better.NONE);
        Map<String, Object> diskInfo = new LinkedHashMap<>();
        diskInfo.put("method", disk.method);
        diskInfo.put("bytes", disk.bytes);
        r.info("diskBaseline", diskInfo);
        Map<String, Object> wholeInfo = new LinkedHashMap<>();
        wholeInfo.put("label", whole.label());
        wholeInfo.put("rule", WholeRead.rule());
        wholeInfo.put("pagesDropped", whole.dropFailure == null);
        wholeInfo.put("dropFailure", whole.dropFailure);
        wholeInfo.put("cachedBeforeDropShare", Double.isNaN(whole.residentBeforeDropShare) ? null : whole.residentBeforeDropShare);
        wholeInfo.put("cachedAtStartShare", Double.isNaN(whole.residentAtStartShare) ? null : whole.residentAtStartShare);
        wholeInfo.put("storageReadBytes", whole.storageReadBytes < 0 ? null : whole.storageReadBytes);
        wholeInfo.put("majorFaults", whole.majorFaults < 0 ? null : whole.majorFaults);
        wholeInfo.put("cgroupPageCacheAtStartBytes", cachedAtStart < 0 ? null : cachedAtStart);
        r.info("wholeRead", wholeInfo);
        String warm = whole.whyWarm();
        if (warm != null) {
            r.warning(warm);
            ctx.log("warning: " + warm);
        } else if (whole.dropFailure != null) {
            String line = "the queue's pages could not be dropped before the whole-queue read (" + whole.dropFailure + "); it was cold all the same: "
                    + whole.evidence();
            r.warning(line);
            ctx.log("warning: " + line);
        }
        if (cgroup != null) {
            long peak = cgroup.peakUsageBytes();
            r.info("cgroupPeakUsageBytes", peak < 0 ? null : peak);
        }
        if (!figures.anyPastLimit()) {
            String line = "no burst went past " + (cgroup != null ? "the memory limit" : "this machine's RAM") + " ("
                    + Sizes.format(cgroup != null ? cgroup.limitApplied() : s.physicalMemoryBytes)
                    + "): there are no past-limit figures and queue÷disk uses every burst;"
                    + " raise totalBytes or set memoryLimit";
            r.warning(line);
            ctx.log("warning: " + line);
        }
    }

    /**
     * A memory-mapped write into a full file system is a SIGBUS, which HotSpot turns into an
     * {@link InternalError} in the copying thread; say what it was.
     */
    private static IOException fullDisk(Throwable t, QueueDir dir) {
        if (t instanceof InternalError) {
            try {
                long free = Files.getFileStore(dir.path()).getUsableSpace();
                if (free < QueueDir.margin()) {
                    return new IOException("the file system of " + dir.path().getParent() + " filled up mid-run (" + Sizes.format(free)
                            + " free): " + t.getMessage(), t);
                }
            } catch (IOException e) {
                t.addSuppressed(e);
            }
        }
        return null;
    }

    /**
     * Leaves the cgroup and removes the queue whatever happened. A failure to clean up fails an
     * otherwise good trial; after a failure it is attached to the original error instead.
     */
    private static void cleanUp(TrialContext ctx, MemoryCgroup cgroup, QueueDir dir, Throwable failure) throws IOException {
        if (cgroup != null) {
            try {
                cgroup.close();
            } catch (IOException e) {
                ctx.log("warning: " + e.getMessage() + "; the next trial removes it");
            }
        }
        QueueFiles.closeAfter(dir, failure, ctx::log);
    }
}
