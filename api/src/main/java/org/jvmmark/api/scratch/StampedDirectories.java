package org.jvmmark.api.scratch;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Scratch folders named {@code <prefix><pid>-…} that carry their maker's {@link OwnerStamp}, and the
 * sweep that removes those whose maker is provably gone (a JVM killed outright runs no shutdown hook).
 *
 * <p>The sweep removes a folder only when all of these hold, each checked on the open folder, not on
 * a path that could be swapped meanwhile: the name has the prefix; it is a real directory (not a
 * link); this user owns it; it holds a stamp, owned by this user, that proves its maker gone from
 * this machine, boot and pid namespace. Its removal then follows no link ({@link SafeTree}).
 *
 * <p>Stateless and thread-safe.
 */
public final class StampedDirectories {
    private StampedDirectories() {
    }

    /**
     * Creates {@code <parent>/<prefix><pid>-<random>} (mode 0700) and stamps it.
     *
     * @throws IOException when it cannot be made or stamped
     */
    public static Path create(Path parent, String prefix) throws IOException {
        Path dir = Files.createTempDirectory(parent, prefix + ProcessHandle.current().pid() + "-");
        Optional<OwnerStamp> stamp = OwnerStamp.current();
        if (stamp.isPresent()) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
                if (stream instanceof SecureDirectoryStream) {
                    stamp.get().writeInto((SecureDirectoryStream<Path>) stream);
                }
            }
        }
        return dir;
    }

    /**
     * Removes the folders in {@code parent} named {@code <prefix>…} whose maker is provably gone.
     *
     * @return the folders removed
     * @throws IOException when {@code parent} cannot be read
     */
    public static List<Path> removeStale(Path parent, String prefix) throws IOException {
        List<Path> removed = new ArrayList<>();
        Optional<OwnerStamp> here = OwnerStamp.current();
        if (here.isEmpty()) {
            return removed;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
            if (!(stream instanceof SecureDirectoryStream)) {
                return removed;
            }
            SecureDirectoryStream<Path> secure = (SecureDirectoryStream<Path>) stream;
            List<Path> names = new ArrayList<>();
            for (Path entry : secure) {
                if (entry.getFileName().toString().startsWith(prefix)) {
                    names.add(entry.getFileName());
                }
            }
            UserPrincipal me = Files.getOwner(Paths.get("/proc/self"));
            for (Path name : names) {
                if (removeIfStale(secure, name, parent.resolve(name), here.get(), me)) {
                    removed.add(parent.resolve(name));
                }
            }
        }
        return removed;
    }

    /**
     * Removes the one folder {@code dir} when its maker is provably gone (for a registry that names
     * folders elsewhere); its name must start with {@code prefix}.
     *
     * @return true when it was removed
     */
    public static boolean removeIfStale(Path dir, String prefix) throws IOException {
        Path absolute = dir.toAbsolutePath();
        Optional<OwnerStamp> here = OwnerStamp.current();
        if (here.isEmpty() || absolute.getParent() == null || !absolute.getFileName().toString().startsWith(prefix)
                || !Files.isDirectory(absolute.getParent())) {
            return false;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(absolute.getParent())) {
            return stream instanceof SecureDirectoryStream && removeIfStale((SecureDirectoryStream<Path>) stream,
                    absolute.getFileName(), absolute, here.get(), Files.getOwner(Paths.get("/proc/self")));
        }
    }

    private static boolean removeIfStale(SecureDirectoryStream<Path> parent, Path name, Path shown, OwnerStamp here, UserPrincipal me) {
        BasicFileAttributes attributes = SafeTree.attributes(parent, name);
        if (attributes == null || !attributes.isDirectory()) {
            return false;
        }
        try (SecureDirectoryStream<Path> dir = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            // the open folder's own owner (fstat), and its marker's owner: a swap after this cannot matter
            if (!dir.getFileAttributeView(PosixFileAttributeView.class).readAttributes().owner().equals(me)) {
                return false;
            }
            if (!dir.getFileAttributeView(Paths.get(OwnerStamp.MARKER), PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes().owner().equals(me)) {
                return false;
            }
            Optional<OwnerStamp> stamp = OwnerStamp.readFrom(dir);
            if (stamp.isEmpty() || !stamp.get().provesGoneFrom(here)) {
                return false;
            }
            List<Path> left = new ArrayList<>();
            SafeTree.emptyOpen(dir, shown, left);
            if (!left.isEmpty()) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        try {
            parent.deleteDirectory(name);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
