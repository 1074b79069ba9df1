package org.jvmmark.workloads.queuelarge;

import java.util.Locale;

/**
 * The read of the whole queue from its start after the last burst, and what decides whether it may
 * be called <em>cold</em> (its data came from storage) or must be called <em>warm</em> (it came, in
 * large part, from the page cache).
 *
 * <p>The rule: the read is cold when at least {@link #COLD_STORAGE_SHARE} of the bytes it read were
 * fetched from storage during it ({@code read_bytes} of {@code /proc/self/io}); where the kernel
 * keeps no such count, when at most {@link #COLD_RESIDENT_SHARE} of the queue's pages were in the
 * page cache as it began ({@code mincore}); with neither, it is warm (nothing shows it was cold). A
 * count of 0 while at most {@link #COLD_RESIDENT_SHARE} of the queue was cached is taken as no count:
 * file systems that do not count reads (NFS, FUSE, 9p, virtiofs) leave {@code read_bytes} at 0 rather
 * than absent, and a read of an uncached queue that fetched nothing from storage is not possible.
 * Major page faults are reported but do not decide: a sequential read through a mapping faults
 * once and is then served by the kernel's readahead — a 64 MiB file read through a mapping right
 * after its pages were dropped took one major fault for 16,384 pages, all 64 MiB from the disk.
 *
 * <p>Immutable.
 */
final class WholeRead {
    /** Cold: at least this share of the bytes read came from storage during the read. */
    static final double COLD_STORAGE_SHARE = 0.9;
    /** Cold, where storage reads are not counted: at most this share of the queue's pages was cached at the start. */
    static final double COLD_RESIDENT_SHARE = 0.1;

    final long nanos;
    final long bytes;
    final long majorFaults;
    final long storageReadBytes;
    final double residentBeforeDropShare;
    final double residentAtStartShare;
    final String dropFailure;

    /**
     * @param nanos how long the read took
     * @param bytes message bytes read
     * @param majorFaults major page faults of this JVM during the read; -1 unknown
     * @param storageReadBytes bytes this JVM fetched from storage during the read; -1 unknown
     * @param residentBeforeDropShare share of the queue's file bytes in the page cache before the drop; NaN unknown
     * @param residentAtStartShare the same as the read began; NaN unknown
     * @param dropFailure why the queue's pages could not be dropped, or {@code null} when they were
     */
    WholeRead(long nanos, long bytes, long majorFaults, long storageReadBytes, double residentBeforeDropShare, double residentAtStartShare,
              String dropFailure) {
        this.nanos = nanos;
        this.bytes = bytes;
        this.majorFaults = majorFaults;
        this.storageReadBytes = storageReadBytes;
        this.residentBeforeDropShare = residentBeforeDropShare;
        this.residentAtStartShare = residentAtStartShare;
        this.dropFailure = dropFailure;
    }

    /**
     * Bytes fetched from storage ÷ bytes read (may pass 1: headers, index, readahead); NaN unknown, and NaN for
     * a count of 0 when the queue was not cached at the start (a file system that does not count reads).
     */
    double storageShare() {
        boolean uncounted = storageReadBytes == 0 && residentAtStartShare <= COLD_RESIDENT_SHARE;
        return storageReadBytes < 0 || uncounted || bytes == 0 ? Double.NaN : (double) storageReadBytes / bytes;
    }

    boolean cold() {
        double fromStorage = storageShare();
        if (!Double.isNaN(fromStorage)) {
            return fromStorage >= COLD_STORAGE_SHARE;
        }
        return !Double.isNaN(residentAtStartShare) && residentAtStartShare <= COLD_RESIDENT_SHARE;
    }

    /** {@code "cold"} or {@code "warm"}: the prefix of every figure of this read. */
    String label() {
        return cold() ? "cold" : "warm";
    }

    double gibPerSecond() {
        return Sizes.gib(bytes) / (nanos / 1e9);
    }

    /** The rule, as the result records it. */
    static String rule() {
        return String.format(Locale.ROOT, "cold when at least %.0f %% of the bytes read came from storage during the read (/proc/self/io read_bytes);"
                + " without that count (or with a count of 0 that an uncached queue cannot have), when at most %.0f %% of the queue's pages were cached at its start (mincore); otherwise warm",
                COLD_STORAGE_SHARE * 100, COLD_RESIDENT_SHARE * 100);
    }

    /** One line on the evidence, e.g. {@code 99 % from storage, 0 % cached at the start, 3 major faults}. */
    String evidence() {
        return String.format(Locale.ROOT, "%s from storage, %s of the queue cached at the start, %s major faults",
                percent(storageShare()), percent(residentAtStartShare), majorFaults < 0 ? "?" : Long.toString(majorFaults));
    }

    /** Why a warm read is warm, one line for the result's warnings; {@code null} for a cold read. */
    String whyWarm() {
        if (cold()) {
            return null;
        }
        String dropped = dropFailure == null ? "the queue's pages were dropped (posix_fadvise DONTNEED) before it"
                : "the queue's pages could not be dropped (" + dropFailure + ")";
        String cause = !Double.isNaN(storageShare()) || !Double.isNaN(residentAtStartShare) ? evidence()
                : "neither /proc/self/io nor mincore could tell how much of it came from storage";
        return "the whole-queue read is labelled warm, not cold: " + cause + "; " + dropped + " (rule: " + rule() + ")";
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "?" : String.format(Locale.ROOT, "%.0f %%", share * 100);
    }
}
