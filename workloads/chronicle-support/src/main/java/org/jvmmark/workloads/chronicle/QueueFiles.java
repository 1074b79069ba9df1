package org.jvmmark.workloads.chronicle;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A trial's queue directory and its removal: when the trial closes it, and through a shutdown hook
 * when the JVM is asked to stop mid-trial (SIGTERM, or the runner gone). Directories are named
 * {@code <prefix><pid>-…}, so those of a JVM killed outright (no hook runs) can be recognised by
 * the next trial ({@link #ownerIsGone}).
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

    /** True for a name {@code <prefix><pid>-…} whose process no longer exists. */
    public static boolean ownerIsGone(String name, String prefix) {
        int dash = name.indexOf('-', prefix.length());
        if (!name.startsWith(prefix) || dash < 0) {
            return false;
        }
        try {
            return !ProcessHandle.of(Long.parseLong(name.substring(prefix.length(), dash))).isPresent();
        } catch (NumberFormatException e) {
            return false;
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

    /** Deletes {@code root} and everything under it; returns what could not be deleted. */
    public static List<Path> deleteTree(Path root) {
        if (!Files.exists(root)) {
            return List.of();
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(root)) {
            all = walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return List.of(root);
        }
        List<Path> left = new ArrayList<>();
        for (Path p : all) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                left.add(p);
            }
        }
        return left;
    }
}
