package org.jvmmark.api.scratch;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes a directory tree without ever following a symbolic link, so a tree another user can write
 * into (or swap parts of while it is being removed) cannot turn the removal against files outside it.
 *
 * <p>Every step is relative to a directory already open ({@link SecureDirectoryStream}: {@code
 * openat}, {@code unlinkat}): a subfolder is opened with {@code O_NOFOLLOW}, so one swapped for a
 * link fails to open and is left; a link is unlinked itself, never its target; a name swapped
 * between the look and the unlink fails ({@code EISDIR}, {@code ENOTDIR}) and is left. Where the
 * platform has no secure directory stream, nothing is removed and the tree is reported left.
 *
 * <p>Stateless and thread-safe.
 */
public final class SafeTree {
    private SafeTree() {
    }

    /**
     * Removes {@code dir} and everything under it; a link named {@code dir} is left alone.
     *
     * @return what could not be removed (empty when all is gone or {@code dir} did not exist)
     */
    public static List<Path> delete(Path dir) {
        Path absolute = dir.toAbsolutePath();
        Path parent = absolute.getParent();
        if (parent == null || !Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> left = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
            if (!(stream instanceof SecureDirectoryStream)) {
                return List.of(absolute);
            }
            SecureDirectoryStream<Path> secure = (SecureDirectoryStream<Path>) stream;
            BasicFileAttributes attributes = attributes(secure, absolute.getFileName());
            if (attributes == null) {
                return List.of();
            }
            if (!attributes.isDirectory()) {
                return List.of(absolute);
            }
            removeTree(secure, absolute.getFileName(), absolute, left);
        } catch (IOException e) {
            left.add(absolute);
        }
        return left;
    }

    /**
     * Removes the directory {@code name} of the open {@code parent} and everything under it.
     *
     * @param shown the tree's path, for naming what is left
     * @param left receives what could not be removed
     */
    static void removeTree(SecureDirectoryStream<Path> parent, Path name, Path shown, List<Path> left) {
        try (SecureDirectoryStream<Path> dir = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            emptyOpen(dir, shown, left);
        } catch (IOException e) {
            left.add(shown);
            return;
        }
        try {
            parent.deleteDirectory(name);
        } catch (NoSuchFileException gone) {
            // removed meanwhile
        } catch (IOException e) {
            left.add(shown);
        }
    }

    /** Removes everything inside the open {@code dir}, never following a link. */
    static void emptyOpen(SecureDirectoryStream<Path> dir, Path shown, List<Path> left) {
        List<Path> names = new ArrayList<>();
        for (Path entry : dir) {
            names.add(entry.getFileName());
        }
        for (Path name : names) {
            BasicFileAttributes attributes = attributes(dir, name);
            if (attributes == null) {
                continue;
            }
            if (attributes.isDirectory()) {
                removeTree(dir, name, shown.resolve(name), left);
                continue;
            }
            try {
                dir.deleteFile(name); // a link is unlinked itself
            } catch (NoSuchFileException gone) {
                // removed meanwhile
            } catch (IOException e) {
                left.add(shown.resolve(name));
            }
        }
    }

    /** The entry's own attributes (a link's, not its target's), or null when it is gone. */
    static BasicFileAttributes attributes(SecureDirectoryStream<Path> dir, Path name) {
        try {
            return dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes();
        } catch (IOException e) {
            return null;
        }
    }
}
