package org.jvmmark.workloads.queuelarge;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The disk's own sequential write and read speed, measured in the trial's directory, so the queue's
 * figures can be put against the hardware: a file written and read back through a
 * plain {@link FileChannel} with {@code O_DIRECT} in 8 MiB requests, one at a time (what
 * {@code dd bs=8M oflag=direct} does), bypassing
 * the page cache both ways; the write is timed up to {@code fdatasync}. Where the file system
 * refuses {@code O_DIRECT} the file is written through the page cache and synced, then read back
 * — that read may come from memory, and {@link #method} says so.
 *
 * <p>Immutable result; the measurement itself is single-threaded and removes its file.
 */
final class DiskBaseline {
    static final int CHUNK_BYTES = 8 << 20;
    static final String DIRECT = "O_DIRECT write + fdatasync, O_DIRECT read, 8 MiB requests";
    static final String BUFFERED = "buffered write + fdatasync, buffered read (O_DIRECT refused here: the read may come from the page cache)";

    final long bytes;
    final long writeNanos;
    final long readNanos;
    final String method;

    private DiskBaseline(long bytes, long writeNanos, long readNanos, String method) {
        this.bytes = bytes;
        this.writeNanos = writeNanos;
        this.readNanos = readNanos;
        this.method = method;
    }

    double writeGiBPerSecond() {
        return Sizes.gib(bytes) / (writeNanos / 1e9);
    }

    double readGiBPerSecond() {
        return Sizes.gib(bytes) / (readNanos / 1e9);
    }

    /** Writes and reads {@code bytes} (rounded up to 8 MiB) in {@code dir}; the file is removed afterwards. */
    static DiskBaseline measure(Path dir, long bytes) throws IOException {
        long chunks = Math.max(1, (bytes + CHUNK_BYTES - 1) / CHUNK_BYTES);
        Path file = dir.resolve("disk-baseline.bin");
        int align = (int) Math.max(4096, Files.getFileStore(dir).getBlockSize());
        ByteBuffer aligned = ByteBuffer.allocateDirect(CHUNK_BYTES + align).alignedSlice(align);
        aligned.limit(CHUNK_BYTES);
        ByteBuffer buffer = aligned.slice();
        while (buffer.hasRemaining()) {
            buffer.putLong(buffer.position() * 0x9E3779B97F4A7C15L);
        }
        try {
            try {
                long write = write(file, buffer, chunks, true);
                long read = read(file, buffer, chunks, true);
                return new DiskBaseline(chunks * CHUNK_BYTES, write, read, DIRECT);
            } catch (UnsupportedOperationException | IOException direct) {
                Files.deleteIfExists(file);
                long write = write(file, buffer, chunks, false);
                long read = read(file, buffer, chunks, false);
                return new DiskBaseline(chunks * CHUNK_BYTES, write, read, BUFFERED);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static long write(Path file, ByteBuffer buffer, long chunks, boolean direct) throws IOException {
        FileChannel ch = direct
                ? FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)
                : FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try (ch) {
            long start = System.nanoTime();
            for (long i = 0; i < chunks; i++) {
                buffer.clear();
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
            }
            ch.force(false);
            return System.nanoTime() - start;
        }
    }

    private static long read(Path file, ByteBuffer buffer, long chunks, boolean direct) throws IOException {
        FileChannel ch = direct
                ? FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)
                : FileChannel.open(file, StandardOpenOption.READ);
        try (ch) {
            long start = System.nanoTime();
            long total = 0;
            while (total < chunks * CHUNK_BYTES) {
                buffer.clear();
                int n = ch.read(buffer);
                if (n < 0) {
                    throw new IOException("disk baseline: " + file + " ended after " + total + " bytes");
                }
                total += n;
            }
            return System.nanoTime() - start;
        }
    }
}
