package org.jvmmark.workloads.queuelarge;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The page cache of named files, through libc (JNA, which Chronicle Queue already brings): how much
 * of them is resident ({@code mincore} over a read-only mapping of each file) and dropping them
 * ({@code fdatasync}, then {@code posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)}).
 *
 * <p>Only the named files' pages are touched, never the machine's whole cache: safe on a shared
 * machine, and it needs no root. Two limits of {@code DONTNEED}: dirty pages are not dropped (hence
 * the {@code fdatasync} first), and neither are pages some process still has mapped — close the
 * queue, so that Chronicle unmaps it, before {@link #drop}. On tmpfs the call succeeds and drops
 * nothing (its pages are the only copy): {@link #residency} after the drop tells.
 *
 * <p>Linux on a 64-bit CPU (the constants and {@code off_t} are Linux's LP64 ones). Thread-safe: the
 * instance holds only the library handle and the page size.
 */
final class PageCache {
    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 0x80000;
    private static final int PROT_READ = 1;
    private static final int MAP_SHARED = 1;
    private static final int POSIX_FADV_DONTNEED = 4;
    /** Files are inspected through windows of this size: the residency vector stays small for any file. */
    private static final long WINDOW_BYTES = 1L << 30;

    /** The libc calls used here, bound by JNA. */
    interface LibC extends Library {
        int open(String path, int flags);

        int close(int fd);

        int fdatasync(int fd);

        /** Returns 0 or the error number itself (it does not set {@code errno}). */
        int posix_fadvise(int fd, long offset, long length, int advice);

        Pointer mmap(Pointer address, long length, int protection, int flags, int fd, long offset);

        int munmap(Pointer address, long length);

        int mincore(Pointer address, long length, Pointer vector);

        int getpagesize();

        String strerror(int errno);
    }

    /** How much of some files was in the page cache at one moment. Immutable. */
    static final class Residency {
        final long residentBytes;
        final long bytes;

        Residency(long residentBytes, long bytes) {
            this.residentBytes = residentBytes;
            this.bytes = bytes;
        }

        /** Resident ÷ all, 0 for no bytes at all. */
        double share() {
            return bytes == 0 ? 0 : (double) residentBytes / bytes;
        }
    }

    private final LibC libc;
    private final long pageBytes;

    private PageCache(LibC libc) {
        this.libc = libc;
        this.pageBytes = libc.getpagesize();
    }

    /**
     * Binds libc.
     *
     * @throws IOException why not: not Linux, not a 64-bit JVM, or JNA cannot load its native part here
     */
    static PageCache open() throws IOException {
        return open(System.getProperty("os.name", ""), Native.LONG_SIZE);
    }

    /** {@link #open()} on the named system with a C {@code long} of {@code longBytes}. */
    static PageCache open(String os, int longBytes) throws IOException {
        if (!os.startsWith("Linux")) {
            throw new IOException("page cache control is implemented for Linux only, not " + os);
        }
        if (longBytes != 8) {
            // off_t and size_t are bound as Java longs: right only where a C long has 8 bytes (LP64)
            throw new IOException("page cache control is implemented for 64-bit Linux only, not a JVM whose C long has "
                    + longBytes + " bytes");
        }
        try {
            return new PageCache(Native.load("c", LibC.class));
        } catch (Throwable t) {
            throw new IOException("cannot reach libc through JNA: " + t, t);
        }
    }

    /**
     * Writes back and drops the cached pages of each file: {@code fdatasync} (dirty pages are not
     * dropped) then {@code posix_fadvise(DONTNEED)} over the whole file.
     *
     * @throws IOException the first file that could not be opened, synced or advised, with the error
     */
    void drop(List<Path> files) throws IOException {
        for (Path file : files) {
            int fd = openReadOnly(file);
            try {
                if (libc.fdatasync(fd) != 0) {
                    throw error("fdatasync", file, Native.getLastError());
                }
                int err = libc.posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
                if (err != 0) {
                    throw error("posix_fadvise(DONTNEED)", file, err);
                }
            } finally {
                libc.close(fd);
            }
        }
    }

    /**
     * Counts the files' pages that are in the page cache ({@code mincore} over a read-only shared
     * mapping, window by window); nothing is read or faulted in.
     */
    Residency residency(List<Path> files) throws IOException {
        long resident = 0;
        long bytes = 0;
        for (Path file : files) {
            long size = Files.size(file);
            bytes += size;
            if (size == 0) {
                continue;
            }
            int fd = openReadOnly(file);
            long fileResident = 0;
            try {
                // freed by JNA when unreachable: JNA 5.5's Memory has no close()
                Memory vector = new Memory((Math.min(size, WINDOW_BYTES) + pageBytes - 1) / pageBytes);
                for (long offset = 0; offset < size; offset += WINDOW_BYTES) {
                    long length = Math.min(WINDOW_BYTES, size - offset);
                    fileResident += residentPages(file, fd, offset, length, vector) * pageBytes;
                }
            } finally {
                libc.close(fd);
            }
            // mincore counts the last, partial page whole; a file's resident bytes cannot exceed its size
            resident += Math.min(fileResident, size);
        }
        return new Residency(resident, bytes);
    }

    private long residentPages(Path file, int fd, long offset, long length, Memory vector) throws IOException {
        Pointer map = libc.mmap(null, length, PROT_READ, MAP_SHARED, fd, offset);
        if (map == null || Pointer.nativeValue(map) == -1L) {
            throw error("mmap", file, Native.getLastError());
        }
        try {
            if (libc.mincore(map, length, vector) != 0) {
                throw error("mincore", file, Native.getLastError());
            }
            long pages = (length + pageBytes - 1) / pageBytes;
            long resident = 0;
            for (long i = 0; i < pages; i++) {
                resident += vector.getByte(i) & 1;
            }
            return resident;
        } finally {
            libc.munmap(map, length);
        }
    }

    private int openReadOnly(Path file) throws IOException {
        int fd = libc.open(file.toString(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            throw error("open", file, Native.getLastError());
        }
        return fd;
    }

    private IOException error(String call, Path file, int errno) {
        return new IOException(call + " of " + file + " failed: " + libc.strerror(errno) + " (errno " + errno + ")");
    }
}
