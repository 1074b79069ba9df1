package org.jvmmark.runner.output;

import org.jvmmark.runner.fork.TrialExecutor;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.FileSystems;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jvmmark.results.Command;
import org.jvmmark.results.WorkloadQuestion;
import org.jvmmark.api.scratch.SafeTree;
import org.jvmmark.runner.base.UserException;

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
    public static final String WORK = TrialExecutor.SCRATCH;

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
        boolean made = !Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
        try {
            Files.createDirectories(dir);
            if (made) {
                closeToOthers(dir);
            }
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
        checkOwnedAndClosed(dir);
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
        checkOwnedAndClosed(dir);
        if (!Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
            throw new UserException("no " + ResultsFile.NAME + " in " + dir + " to resume");
        }
        checkWritable(dir);
        return new OutputDirectory(dir);
    }

    Path path() {
        return dir;
    }

    /**
     * The results file this directory holds, read (with {@code --resume}: again, under the run's lock, since another
     * run may have added trials after it was first read).
     *
     * @throws UserException when it is missing, unreadable or not a jvmmark results file
     */
    public ResultsFile openResults() {
        return ResultsFile.open(dir);
    }

    /**
     * A new run's results file here, not yet written ({@link ResultsFile#create}).
     *
     * @param command the options the run was given (what {@code --resume} reruns)
     */
    public ResultsFile newResults(String profile, Map<String, Object> host, Command command,
                                  Map<String, List<WorkloadQuestion>> questions) {
        return ResultsFile.create(dir, profile, host, command, questions);
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
                    Files.createDirectory(dir);
                    closeToOthers(dir);
                    return dir;
                } catch (java.nio.file.FileAlreadyExistsException taken) {
                    // another run started in the same second
                }
            }
            throw new UserException("cannot create a new directory in " + parent + ": " + stamp + " to " + stamp + "-999 all exist");
        } catch (IOException e) {
            throw new UserException("cannot create a results directory in " + parent + " (" + reason(e) + ")");
        }
    }

    /**
     * Refuses an existing {@code --out} that another user owns, or that its group or everyone may write (a link as
     * the last name included): whoever can write there can turn {@code error.log} or a trial's log into a link to any
     * file between two of jvmmark's writes, and jvmmark often runs as root. Where the file system has no POSIX
     * owners and modes (Windows), nothing is checked.
     */
    static void checkOwnedAndClosed(Path dir) {
        try {
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)
                    || !Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class)) {
                return;
            }
            UserPrincipal me = me();
            if (me == null) {
                return;
            }
            if (Files.isSymbolicLink(dir)) {
                UserPrincipal linkOwner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
                if (!linkOwner.equals(me)) {
                    throw new UserException("--out " + dir + " is a link owned by " + linkOwner.getName() + ", not by "
                            + me.getName() + "; name a directory of your own");
                }
            }
            PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class);
            if (!a.owner().equals(me)) {
                throw new UserException("--out " + dir + " belongs to " + a.owner().getName() + ", not to " + me.getName()
                        + "; name a directory of your own (jvmmark never writes where another user can)");
            }
            Set<PosixFilePermission> p = a.permissions();
            if (p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new UserException("--out " + dir + " is writable by " + (p.contains(PosixFilePermission.OTHERS_WRITE)
                        ? "everyone" : "its group") + " (" + PosixFilePermissions.toString(p) + "); chmod go-w it or name another");
            }
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot read its owner (" + reason(e) + ")");
        }
    }

    /**
     * The user this process runs as, as the file system names owners: on Linux the owner of {@code /proc/self} (the
     * effective user, also in a container whose user has no name), else the user named by {@code user.name}; null
     * when neither can be told, and then nothing is checked.
     */
    private static UserPrincipal me() {
        try {
            Path self = Path.of("/proc/self");
            return Files.exists(self) ? Files.getOwner(self)
                    : FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** A directory jvmmark made: no write for group or others, whatever the umask (a umask of 002 is common). */
    private static void closeToOthers(Path dir) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
        if (view != null) {
            Set<PosixFilePermission> p = view.readAttributes().permissions();
            p.remove(PosixFilePermission.GROUP_WRITE);
            p.remove(PosixFilePermission.OTHERS_WRITE);
            view.setPermissions(p);
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
