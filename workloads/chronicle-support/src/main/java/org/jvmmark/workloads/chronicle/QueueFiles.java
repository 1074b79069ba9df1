package org.jvmmark.workloads.chronicle;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jvmmark.api.scratch.SafeTree;

/**
 * A trial's queue directory and its removal: when the trial closes it, and through a shutdown hook
 * when the JVM is asked to stop mid-trial (SIGTERM, or the runner gone). Directories are made by
 * {@link org.jvmmark.api.scratch.StampedDirectories}, so those of a JVM killed outright (no hook
 * runs) are recognised, and only those, by the next trial's sweep. Removal never follows a link.
 *
 * <p>Thread-safe.
 */
public final class QueueFiles implements AutoCloseable {
    private final Path path;
    private final Runnable afterRemoval;
    private final Thread removeOnExit;
    private boolean removed;

    /**
     * Takes charge of {@code path}, which must exist.
     *
     * @param afterRemoval runs once the directory is gone (e.g. drops a registry entry); may not throw
     */
    public QueueFiles(Path path, Runnable afterRemoval) {
        this.path = path;
        this.afterRemoval = afterRemoval;
        this.removeOnExit = new Thread(this::remove, "jvmmark-queue-cleanup");
        Runtime.getRuntime().addShutdownHook(removeOnExit);
    }

    public Path path() {
        return path;
    }

    /**
     * Closes a trial's queue directory whatever happened ({@code dir} null: nothing to close). A
     * failure to close fails an otherwise good trial; after a {@code failure} it is attached to that
     * failure and logged instead, so it never hides the original error.
     */
    public static void closeAfter(Closeable dir, Throwable failure, Consumer<String> log) throws IOException {
        if (dir == null) {
            return;
        }
        try {
            dir.close();
        } catch (IOException problem) {
            if (failure == null) {
                throw problem;
            }
            failure.addSuppressed(problem);
            log.accept("warning: " + problem.getMessage());
        }
    }

    /**
     * Removes the directory and everything in it.
     *
     * @throws IOException naming what could not be removed
     */
    @Override
    public void close() throws IOException {
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnExit);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook runs (or ran) anyway
        }
        List<Path> left = remove();
        if (!left.isEmpty()) {
            throw new IOException("could not remove queue files: " + left.stream().map(Path::toString).collect(Collectors.joining(", ")));
        }
    }

    private synchronized List<Path> remove() {
        if (removed) {
            return List.of();
        }
        List<Path> left = deleteTree(path);
        removed = left.isEmpty();
        if (removed) {
            afterRemoval.run();
        }
        return left;
    }

    /**
     * Deletes {@code root} and everything under it without following a link ({@link SafeTree});
     * returns what could not be deleted.
     */
    public static List<Path> deleteTree(Path root) {
        return SafeTree.delete(root);
    }
}
