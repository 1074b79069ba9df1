package org.jvmmark.workloads.queuelarge;

/**
 * What one burst measured: its write and read times, the data written so far, and this JVM's
 * memory right after the read. Immutable.
 */
final class Burst {
    final int number;
    final long bytes;
    /** Message bytes written before this burst started. */
    final long writtenBeforeBytes;
    final long writeNanos;
    final long readNanos;
    /** Length of the queue's files after the burst. */
    final long queueFileBytes;
    final ProcessMemory memory;
    /** Major faults during the burst's write and read. */
    final long majorFaults;
    /** Page cache charged to the trial's memory cgroup, or -1 without one. */
    final long cgroupPageCacheBytes;

    Burst(int number, long bytes, long writtenBeforeBytes, long writeNanos, long readNanos, long queueFileBytes,
          ProcessMemory memory, long majorFaults, long cgroupPageCacheBytes) {
        this.number = number;
        this.bytes = bytes;
        this.writtenBeforeBytes = writtenBeforeBytes;
        this.writeNanos = writeNanos;
        this.readNanos = readNanos;
        this.queueFileBytes = queueFileBytes;
        this.memory = memory;
        this.majorFaults = majorFaults;
        this.cgroupPageCacheBytes = cgroupPageCacheBytes;
    }

    long writtenAfterBytes() {
        return writtenBeforeBytes + bytes;
    }

    double writeMsPerGiB() {
        return writeNanos / 1e6 / Sizes.gib(bytes);
    }

    double readMsPerGiB() {
        return readNanos / 1e6 / Sizes.gib(bytes);
    }

    /** True when the burst started with the data already at or past {@code limitBytes}. */
    boolean pastLimit(long limitBytes) {
        return writtenBeforeBytes >= limitBytes;
    }
}
