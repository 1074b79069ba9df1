package org.jvmmark.runner.output;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jvmmark.api.scratch.SafeTree;
import org.jvmmark.runner.UserException;

/**
 * A run's results directory ({@code --out}) and the promise jvmmark makes about it: nothing of the
 * user's is ever deleted or overwritten. A new run writes only into a directory that does not exist
 * yet (it is created) or is empty; {@code --resume} only into one holding a jvmmark
 * {@code results.json}. Any other directory is refused before anything runs, so {@code --out ~}
 * cannot touch the home directory. Scratch space lives under {@value #WORK}, a name only jvmmark
 * uses, and is the only thing jvmmark ever removes here (besides a trial's own logs when it is run
 * again). A path that is a file, or a place that cannot be written, is refused with one line.
 *
 * <p>Immutable and thread-safe; the directory itself is of course shared with the file system.
 */
public final class OutputDirectory {
    /** The trials' scratch directories: created by the run, removed when it ends. */
    public static final String WORK = ".jvmmark-work";

    private final Path dir;

    private OutputDirectory(Path dir) {
        this.dir = dir;
    }

    /**
     * For a new run: creates {@code dir}, or accepts an existing empty one.
     *
     * @throws UserException when {@code dir} is a file, holds a results file (use {@code --resume}),
     *     holds anything else, or cannot be created or written
     */
    public static OutputDirectory forNewRun(Path dir) {
        checkNewRun(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot create the directory (" + reason(e) + ")");
        }
        checkWritable(dir);
        return new OutputDirectory(dir);
    }

    /**
     * What {@link #forNewRun} refuses, checked without creating anything ({@code --dry-run}).
     *
     * @throws UserException when {@code dir} is a file, holds a results file, or holds anything else
     */
    public static void checkNewRun(Path dir) {
        refuseFile(dir);
        if (Files.exists(dir.resolve(ResultsFile.NAME))) {
            throw new UserException(dir.resolve(ResultsFile.NAME) + " exists; add --resume to continue it, or choose another --out");
        }
        if (Files.isDirectory(dir) && !isEmpty(dir)) {
            throw new UserException("--out " + dir + " is not empty and holds no jvmmark results; "
                    + "name a new or empty directory (jvmmark never writes among files it did not make)");
        }
    }

    /**
     * For {@code --resume}: the directory must hold a results file (read by {@link ResultsFile#open}).
     *
     * @throws UserException when {@code dir} is a file, holds no results file, or cannot be written
     */
    public static OutputDirectory forResume(Path dir) {
        refuseFile(dir);
        if (!Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
            throw new UserException("no " + ResultsFile.NAME + " in " + dir + " to resume");
        }
        checkWritable(dir);
        return new OutputDirectory(dir);
    }

    Path path() {
        return dir;
    }

    /** Removes the scratch directory {@value #WORK}, and nothing else; no link in it is followed. */
    public void removeWork() {
        SafeTree.delete(dir.resolve(WORK));
    }

    /**
     * The results directory of a run or a tune: {@code --out DIR} as given (absolute), else a fresh
     * {@code runs/<date-time>} ({@link #createFresh}).
     */
    public static Path givenOrFresh(Path out) {
        return out != null ? out.toAbsolutePath().normalize()
                : createFresh(Path.of("runs").toAbsolutePath().normalize(),
                        java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    /**
     * Creates a fresh default directory {@code <parent>/<stamp>} atomically: when another run took
     * that name in the same second, {@code <stamp>-2}, {@code <stamp>-3}, … instead.
     *
     * @throws UserException when none can be created
     */
    public static Path createFresh(Path parent, String stamp) {
        try {
            Files.createDirectories(parent);
            for (int n = 1; n < 1000; n++) {
                Path dir = parent.resolve(n == 1 ? stamp : stamp + "-" + n);
                try {
                    return Files.createDirectory(dir);
                } catch (java.nio.file.FileAlreadyExistsException taken) {
                    // another run started in the same second
                }
            }
            throw new UserException("cannot create a new directory in " + parent + ": " + stamp + " to " + stamp + "-999 all exist");
        } catch (IOException e) {
            throw new UserException("cannot create a results directory in " + parent + " (" + reason(e) + ")");
        }
    }

    private static void refuseFile(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserException("--out " + dir + " is a file, not a directory");
        }
    }

    /** Empty but for a lock file: another run's lock is reported by {@link OutputLock}, not here. */
    private static boolean isEmpty(Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, p -> !p.getFileName().toString().equals(OutputLock.NAME))) {
            return !s.iterator().hasNext();
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot read the directory (" + reason(e) + ")");
        }
    }

    /** Creates and removes a probe file: permissions, a read-only mount and a full quota all show here. */
    private static void checkWritable(Path dir) {
        try {
            Files.delete(Files.createTempFile(dir, ".jvmmark-probe-", ""));
        } catch (IOException e) {
            throw new UserException("--out " + dir + " is not writable (" + reason(e) + ")");
        }
    }

    /** The operating system's reason ({@code Permission denied}), not Java's exception name. */
    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException || e instanceof java.nio.file.NotDirectoryException) {
            return "a file is in the way: " + ((FileSystemException) e).getFile();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
