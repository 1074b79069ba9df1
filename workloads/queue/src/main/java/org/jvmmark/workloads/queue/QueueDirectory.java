package org.jvmmark.workloads.queue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import org.jvmmark.api.scratch.ScratchRoot;
import org.jvmmark.api.scratch.StampedDirectories;
import org.jvmmark.workloads.chronicle.QueueFiles;

/**
 * The fresh directory a trial's queue files live in, and their removal afterwards — on success, on
 * failure, and (through a shutdown hook) when the JVM is asked to terminate mid-trial.
 *
 * <p>A JVM killed outright (the runner's timeout sends SIGKILL) runs no shutdown hook, so the
 * directory's name carries the process id and a stamp inside says who made it, and every trial
 * first removes the directories whose maker is provably gone — only this user's, in this user's
 * own 0700 root ({@code /dev/shm/jvmmark-<uid>}) unless {@code dir} names another parent.
 *
 * <p>{@code /dev/shm} is the default because a memory-mapped queue there never waits for a disk,
 * which is how low-latency users run Chronicle Queue. tmpfs pages are RAM, so the space a trial will
 * need is checked up front: a queue that fills {@code /dev/shm} would otherwise die of a bus error
 * in the middle of a memory copy, not with a readable message.
 *
 * <p>Thread-safe.
 */
final class QueueDirectory implements java.io.Closeable {
    /**
     * Fixed costs of a queue beside its messages: metadata file and index arrays, about 0.3 MiB
     * (measured: tmpfs holds only the pages touched, though the cycle file is 80 MiB long).
     */
    static final long OVERHEAD_BYTES = 8L << 20;
    /** Per message: Chronicle's 4-byte header and its share of the index (measured: 260 B per 256 B message). */
    static final long PER_MESSAGE_OVERHEAD = 8;

    private static final Path SHM = Paths.get("/dev/shm");
    static final String PREFIX = "jvmmark-queue-";

    private final QueueFiles files;
    private final String fallbackWarning;

    private QueueDirectory(Path path, String fallbackWarning) {
        this.files = new QueueFiles(path, () -> { });
        this.fallbackWarning = fallbackWarning;
    }

    /**
     * Creates a fresh directory.
     *
     * @param dir {@code auto} for {@code /dev/shm} (the temp dir, with a warning, where it is
     *     missing or not writable), otherwise the parent directory to create it in
     * @param neededBytes the space the queue will take; checked against what is free
     * @throws IOException with one readable line when the directory cannot be made or is too small
     */
    static QueueDirectory create(String dir, long neededBytes) throws IOException {
        Path parent;
        String warning = null;
        if ("auto".equals(dir)) {
            if (Files.isDirectory(SHM) && Files.isWritable(SHM)) {
                parent = ScratchRoot.in(SHM);
            } else {
                parent = ScratchRoot.in(Paths.get(System.getProperty("java.io.tmpdir")));
                warning = "/dev/shm is missing or not writable: the queue lives in " + parent
                        + ", where page-cache write-back may add latency";
            }
        } else {
            parent = Paths.get(dir);
            if (!Files.isDirectory(parent)) {
                throw new IOException("dir=" + dir + " is not a directory");
            }
        }
        removeStale(parent);
        checkSpace(parent, neededBytes, Files.getFileStore(parent).getUsableSpace());
        Path path = StampedDirectories.create(parent, PREFIX);
        return new QueueDirectory(path, warning);
    }

    /**
     * Removes the queue directories in {@code parent} left by processes that are provably gone
     * (this user's, stamped, same machine, boot and pid namespace); nothing else is touched.
     *
     * @return the directories removed
     */
    static List<Path> removeStale(Path parent) throws IOException {
        return StampedDirectories.removeStale(parent, PREFIX);
    }

    /**
     * The space {@code messages} messages of {@code messageBytes} take in a queue.
     *
     * @throws IllegalArgumentException when the product does not fit in a long (8 EiB): too large
     */
    static long neededBytes(long messages, int messageBytes) {
        try {
            return Math.addExact(OVERHEAD_BYTES, Math.multiplyExact(messages, messageBytes + PER_MESSAGE_OVERHEAD));
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "queue-latency: %,d messages of %d bytes are too large a queue (more than 8 EiB, the size overflows); "
                            + "lower 'seconds', 'rate' or 'iterations'", messages, messageBytes));
        }
    }

    static void checkSpace(Path parent, long neededBytes, long usableBytes) throws IOException {
        if (usableBytes < neededBytes) {
            throw new IOException(String.format(Locale.ROOT,
                    "not enough space in %s for the queue: it needs about %s but only %s is free; "
                            + "free some space, lower 'seconds' or 'rate', or choose another 'dir'",
                    parent, size(neededBytes), size(usableBytes)));
        }
    }

    static String size(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }

    Path path() {
        return files.path();
    }

    /** Why the queue is not in {@code /dev/shm}, or {@code null}. */
    String fallbackWarning() {
        return fallbackWarning;
    }

    /**
     * Removes the directory and everything in it.
     *
     * @throws IOException naming what could not be removed
     */
    @Override
    public void close() throws IOException {
        files.close();
    }
}
