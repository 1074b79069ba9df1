package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.jvmmark.api.scratch.OwnerStamp;
import org.jvmmark.api.scratch.StampedDirectories;
import org.jvmmark.workloads.chronicle.QueueFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Safety before anything is written: tmpfs refused, free space checked, leftovers of dead trials removed. */
class QueueDirTest {
    @TempDir
    Path dir;

    @Test
    void shouldRefuseTmpfs() throws Exception {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QueueDir.create(shm, 1));
            assertEquals("queue-large: dir=/dev/shm is on tmpfs, which is RAM: a queue larger than memory needs a disk;"
                    + " choose a dir on a disk file system", e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> QueueDir.refuseRam(dir, "ramfs"));
        QueueDir.refuseRam(dir, "ext4");
    }

    @Test
    void shouldRefuseWithTheNumbersAndWriteNothingWhenSpaceIsShort() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QueueDir.checkSpace(dir, 8L << 30, 3L << 30));
        assertEquals("queue-large: not enough free space in " + dir + ": the trial writes about 8 GiB and keeps 1 GiB free,"
                + " so it needs 9 GiB, but only 3 GiB is free; lower totalBytes or choose another dir (nothing was written)", e.getMessage());
        long free = Files.getFileStore(dir).getUsableSpace();
        assertThrows(IllegalArgumentException.class, () -> QueueDir.create(dir, free * 2));
        try (var entries = Files.list(dir)) {
            assertEquals(0, entries.count(), "nothing written");
        }
    }

    @Test
    void shouldRemoveOnlyTheQueuesOfProcessesThatAreGone() throws Exception {
        Path registry = Files.createDirectories(dir.resolve("registry"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale = Files.createDirectories(dir.resolve(QueueDir.PREFIX + gone.pid() + "-1"));
        stamp(stale, gone.pid());
        Files.write(stale.resolve("20261123F.cq4"), new byte[4096]);
        Files.write(registry.resolve(stale.getFileName().toString()), stale.toString().getBytes(StandardCharsets.UTF_8));
        Path alive = Files.createDirectories(dir.resolve(QueueDir.PREFIX + ProcessHandle.current().pid() + "-2"));
        Files.write(registry.resolve(alive.getFileName().toString()), alive.toString().getBytes(StandardCharsets.UTF_8));
        // an entry pointing somewhere not named like a queue directory is dropped, never followed
        Path precious = Files.createDirectories(dir.resolve("precious"));
        Files.write(registry.resolve(QueueDir.PREFIX + gone.pid() + "-3"), precious.toString().getBytes(StandardCharsets.UTF_8));

        assertEquals(List.of(stale), QueueDir.removeStale(registry));
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(alive) && Files.exists(precious));
        try (var entries = Files.list(registry)) {
            assertEquals(1, entries.count(), "only the live trial's entry is left");
        }
    }

    @Test
    void shouldKeepTheRegistryInTheUsersOwnPrivateRoot() throws Exception {
        Path registry = QueueDir.registry();
        assertEquals("jvmmark-" + OwnerStamp.currentUid(), registry.getParent().getFileName().toString());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(registry.getParent())));
    }

    @Test
    void shouldNeverRemoveAQueueOwnedByAnotherUserEvenWhenRegistered() throws Exception {
        assumeTrue(OwnerStamp.currentUid() == 0, "only root can plant another user's folder");
        Path registry = Files.createDirectories(dir.resolve("registry"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path planted = Files.createDirectories(dir.resolve(QueueDir.PREFIX + gone.pid() + "-9"));
        stamp(planted, gone.pid());
        Files.write(planted.resolve("precious"), new byte[8]);
        assertEquals(0, new ProcessBuilder("chown", "-R", "nobody", planted.toString()).start().waitFor());
        Files.write(registry.resolve(planted.getFileName().toString()), planted.toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), QueueDir.removeStale(registry));
        assertTrue(Files.exists(planted.resolve("precious")));
    }

    /** Stamps {@code folder} as if {@code pid} (now gone) had made it. */
    private void stamp(Path folder, long pid) throws IOException {
        Path mine = StampedDirectories.create(dir, "probe-");
        Files.writeString(folder.resolve(OwnerStamp.MARKER),
                Files.readString(mine.resolve(OwnerStamp.MARKER)).replaceAll("pid=\\d+", "pid=" + pid));
        QueueFiles.deleteTree(mine);
    }
}
