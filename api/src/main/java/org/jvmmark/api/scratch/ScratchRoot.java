package org.jvmmark.api.scratch;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * A user's own scratch root inside a shared directory such as {@code /dev/shm} or {@code /tmp}:
 * {@code <shared>/jvmmark-<uid>}, mode 0700, owned by the user. Inside it no other user can plant,
 * rename or swap anything, so what jvmmark later sweeps there can only be its own.
 *
 * <p>An existing root is used only when it is a real directory (not a link) owned by this user; one
 * owned by anyone else is refused with one line, never used or removed.
 *
 * <p>Stateless and thread-safe.
 */
public final class ScratchRoot {
    static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private ScratchRoot() {
    }

    /**
     * This user's root in {@code shared}, created if needed.
     *
     * @throws IOException one line naming the root and why it cannot be used
     */
    public static Path in(Path shared) throws IOException {
        long uid = OwnerStamp.currentUid();
        Path root = shared.resolve("jvmmark-" + uid);
        try {
            Files.createDirectory(root, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException exists) {
            // checked below
        }
        PosixFileAttributes attributes = Files.getFileAttributeView(root, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
        long owner = ((Number) Files.getAttribute(root, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
        if (!attributes.isDirectory() || attributes.isSymbolicLink()) {
            throw new IOException(root + " is not a directory (a link or a file is in the way): jvmmark will not use it; remove it");
        }
        if (owner != uid) {
            throw new IOException(root + " belongs to uid " + owner + ", not to you (uid " + uid
                    + "): jvmmark will not use or remove it; its owner may remove it, or choose another dir");
        }
        if (!attributes.permissions().equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(root, EnumSet.copyOf(OWNER_ONLY));
        }
        return root;
    }
}
