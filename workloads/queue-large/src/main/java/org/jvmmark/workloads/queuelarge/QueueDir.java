package org.jvmmark.workloads.queuelarge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jvmmark.api.scratch.ScratchRoot;
import org.jvmmark.api.scratch.StampedDirectories;
import org.jvmmark.workloads.chronicle.QueueFiles;

/**
 * The directory a trial's queue — gigabytes — lives in, and its removal on every path: at the end
 * of the trial whatever happened, through a shutdown hook when the JVM is asked to stop (SIGTERM,
 * or its runner gone), and, for a JVM killed outright, by the next trial that starts.
 *
 * <p>A JVM killed with SIGKILL runs no hook. So each queue directory is entered in a registry (one
 * small file per directory in {@code <tmp>/jvmmark-<uid>/queue-large/}, the user's own 0700 root,
 * naming the path) before anything is written, and every trial first removes the directories whose
 * maker is provably gone — wherever they were, whichever output directory the old run used. Only
 * this user's directories whose name carries this workload's prefix and whose stamp proves the
 * maker gone are ever removed ({@link StampedDirectories}), and never through a link.
 *
 * <p>Before anything is written, the directory is refused when it is on tmpfs or ramfs (its pages
 * are RAM, which is exactly what the trial must not have), and the free space is checked.
 *
 * <p>Thread-safe.
 */
final class QueueDir implements java.io.Closeable {
    static final String PREFIX = "jvmmark-queue-large-";
    /** Kept free beyond what the trial writes, for everyone else on the file system. */
    static final long MARGIN_BYTES = Sizes.GIB;
    /** Test hook: another margin, so a small file system can be filled up mid-run. */
    static final String MARGIN_PROPERTY = "jvmmark.queueLarge.marginBytes";
    /** Test hook: where the registry lives (default {@code <java.io.tmpdir>/jvmmark-queue-large}). */
    static final String REGISTRY_PROPERTY = "jvmmark.queueLarge.registry";

    private final QueueFiles files;

    private QueueDir(Path path, Path entry) {
        this.files = new QueueFiles(path, () -> {
            try {
                Files.deleteIfExists(entry);
            } catch (IOException e) {
                // a stale entry whose directory is gone is dropped by the next trial
            }
        });
    }

    /**
     * Creates a fresh queue directory in {@code parent}.
     *
     * @param neededBytes what the trial will write (queue and disk baseline); the margin is added here
     * @throws IllegalArgumentException one line, with nothing written, when {@code parent} is on
     *     tmpfs or lacks the space
     */
    static QueueDir create(Path parent, long neededBytes) throws IOException {
        if (!Files.isDirectory(parent)) {
            throw new IllegalArgumentException("queue-large: dir=" + parent + " is not a directory");
        }
        FileStore store = Files.getFileStore(parent);
        refuseRam(parent, store.type());
        removeStale(registry());
        checkSpace(parent, neededBytes, store.getUsableSpace());
        Path registry = Files.createDirectories(registry());
        Path path = StampedDirectories.create(parent, PREFIX);
        Path entry = registry.resolve(path.getFileName().toString());
        Files.write(entry, path.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
        return new QueueDir(path, entry);
    }

    static void refuseRam(Path parent, String fileSystemType) {
        if (fileSystemType.equals("tmpfs") || fileSystemType.equals("ramfs")) {
            throw new IllegalArgumentException("queue-large: dir=" + parent + " is on " + fileSystemType
                    + ", which is RAM: a queue larger than memory needs a disk; choose a dir on a disk file system");
        }
    }

    static long margin() {
        String override = System.getProperty(MARGIN_PROPERTY);
        return override == null ? MARGIN_BYTES : Long.parseLong(override);
    }

    static void checkSpace(Path parent, long neededBytes, long usableBytes) {
        long withMargin;
        try {
            withMargin = Math.addExact(neededBytes, margin());
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException("queue-large: the space needed overflows (too large); lower totalBytes");
        }
        if (usableBytes < withMargin) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "queue-large: not enough free space in %s: the trial writes about %s and keeps %s free, so it needs %s,"
                            + " but only %s is free; lower totalBytes or choose another dir (nothing was written)",
                    parent, Sizes.format(neededBytes), Sizes.format(margin()), Sizes.format(withMargin), Sizes.format(usableBytes)));
        }
    }

    /**
     * Checked before each burst: others may fill the disk while the trial runs, and a memory-mapped
     * write into a full file system is a SIGBUS, not an exception.
     *
     * @throws IOException one line with the numbers when the next burst would not fit
     */
    void checkRoomFor(long nextBytes) throws IOException {
        long usable = Files.getFileStore(path()).getUsableSpace();
        if (usable - margin() / 4 < nextBytes) {
            throw new IOException(String.format(Locale.ROOT, "the disk is filling up: %s free in %s, the next burst needs %s",
                    Sizes.format(usable), path().getParent(), Sizes.format(nextBytes)));
        }
    }

    /** This user's registry: inside the user's own 0700 scratch root, so no one else can plant entries. */
    static Path registry() throws IOException {
        String override = System.getProperty(REGISTRY_PROPERTY);
        return override != null ? Paths.get(override) : ScratchRoot.in(Paths.get(System.getProperty("java.io.tmpdir"))).resolve("queue-large");
    }

    /**
     * Removes the queue directories of processes that are gone, as the registry names them.
     *
     * @return the directories removed
     */
    static List<Path> removeStale(Path registry) throws IOException {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(registry)) {
            return removed;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(registry, PREFIX + "*")) {
            for (Path entry : entries) {
                if (!Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS) || Files.size(entry) > 4096) {
                    continue;
                }
                Path dir = Paths.get(new String(Files.readAllBytes(entry), StandardCharsets.UTF_8).trim());
                boolean named = dir.getFileName() != null && dir.getFileName().toString().equals(entry.getFileName().toString());
                // removed only when it is this user's, stamped, and its maker provably gone
                if (named && StampedDirectories.removeIfStale(dir, PREFIX)) {
                    removed.add(dir);
                }
                if (!named || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(entry);
                }
            }
        }
        return removed;
    }

    Path path() {
        return files.path();
    }

    /** Bytes in the files under the directory (their length, as {@code ls} shows it). */
    long sizeBytes() throws IOException {
        try (Stream<Path> walk = Files.walk(path())) {
            long total = 0;
            for (Path f : walk.filter(Files::isRegularFile).collect(Collectors.toList())) {
                total += Files.size(f);
            }
            return total;
        }
    }

    /**
     * Removes the directory, everything in it, and its registry entry.
     *
     * @throws IOException naming what could not be removed
     */
    @Override
    public void close() throws IOException {
        files.close();
    }
}
