package org.jvmmark.workloads.queuelarge;

import java.util.Locale;
import net.openhft.chronicle.queue.RollCycles;
import org.jvmmark.api.TrialContext;

/** The workload's parameters, read and checked once, sizes in bytes. Immutable. */
final class LargeQueueSettings {
    final String dir;
    final long blockSizeBytes;
    final RollCycles rollCycle;
    final int messageBytes;
    final long burstBytes;
    final boolean pretouch;
    final long pauseMillis;
    /** Whole bursts only: {@code totalBytes} rounded down to a multiple of {@code burstBytes}. */
    final long totalBytes;
    /** {@code 0}: none (the machine's RAM). */
    final long memoryLimitBytes;
    final long diskBaselineBytes;
    final long physicalMemoryBytes;

    private LargeQueueSettings(TrialContext ctx, long physicalMemoryBytes) {
        this.physicalMemoryBytes = physicalMemoryBytes;
        dir = ctx.param("dir");
        blockSizeBytes = size(ctx, "blockSize");
        rollCycle = rollCycle(ctx.param("rollCycle"));
        messageBytes = ctx.intParam("messageBytes");
        burstBytes = size(ctx, "burstBytes");
        pretouch = ctx.booleanParam("pretouch");
        pauseMillis = ctx.longParam("pauseMillis");
        long total = size(ctx, "totalBytes");
        String limit = ctx.param("memoryLimit").trim();
        memoryLimitBytes = limit.equalsIgnoreCase("none") ? 0 : size(ctx, "memoryLimit");
        diskBaselineBytes = size(ctx, "diskBaselineBytes");
        require(messageBytes >= 16 && messageBytes % 8 == 0,
                "messageBytes must be a multiple of 8 and at least 16 (sequence and checksum), not " + messageBytes);
        require(burstBytes >= messageBytes, "burstBytes (" + burstBytes + ") must hold at least one message of " + messageBytes + " bytes");
        require(total >= burstBytes, "totalBytes (" + Sizes.format(total) + ") must be at least one burst (" + Sizes.format(burstBytes) + ")");
        require(pauseMillis >= 0, "pauseMillis must be 0 or more, not " + pauseMillis);
        require(blockSizeBytes >= Sizes.MIB && blockSizeBytes <= Integer.MAX_VALUE,
                "blockSize must be between 1m and 2047m, not " + Sizes.format(blockSizeBytes));
        require(memoryLimitBytes == 0 || memoryLimitBytes >= 64 * Sizes.MIB,
                "memoryLimit must be none or at least 64m (the JVM itself needs some), not " + Sizes.format(memoryLimitBytes));
        totalBytes = total / burstBytes * burstBytes;
    }

    /** @throws IllegalArgumentException with one line naming the bad parameter */
    static LargeQueueSettings from(TrialContext ctx) {
        return new LargeQueueSettings(ctx, Sizes.physicalMemory());
    }

    private long size(TrialContext ctx, String name) {
        return Sizes.parse(name, ctx.param(name), physicalMemoryBytes);
    }

    private static RollCycles rollCycle(String name) {
        try {
            return RollCycles.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            StringBuilder valid = new StringBuilder();
            for (RollCycles c : RollCycles.values()) {
                valid.append(valid.length() == 0 ? "" : ", ").append(c.name());
            }
            throw new IllegalArgumentException("queue-large: rollCycle=" + name + " is not one of Chronicle's roll cycles: " + valid);
        }
    }

    private static void require(boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException("queue-large: " + problem);
        }
    }

    long messagesPerBurst() {
        return burstBytes / messageBytes;
    }

    /** @throws IllegalArgumentException when there are more bursts than an int counts: too large */
    int bursts() {
        long bursts = totalBytes / burstBytes;
        if (bursts > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("queue-large: totalBytes / burstBytes is too large (" + bursts
                    + " bursts, at most " + Integer.MAX_VALUE + "); raise burstBytes or lower totalBytes");
        }
        return (int) bursts;
    }

    /**
     * Bytes the queue takes on disk (checked arithmetic: an overflow is refused as too large): each message plus Chronicle's 4-byte header, padded to 4
     * bytes, plus the index (8 bytes per 64 messages, rounded up generously) and one block ahead.
     */
    long queueDiskBytes() {
        try {
            long messages = Math.multiplyExact(messagesPerBurst(), (long) bursts());
            return Math.addExact(Math.addExact(Math.multiplyExact(messages, messageBytes + 4L), messages / 8),
                    Math.multiplyExact(2L, blockSizeBytes));
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException("queue-large: the queue's size overflows (too large); lower totalBytes");
        }
    }
}
