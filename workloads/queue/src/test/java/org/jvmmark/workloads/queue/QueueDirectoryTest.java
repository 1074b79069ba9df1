package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jvmmark.api.scratch.OwnerStamp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueueDirectoryTest {
    @TempDir
    Path parent;

    @Test
    void shouldCreateAFreshDirectoryAndRemoveItWithItsFiles() throws IOException {
        QueueDirectory dir = QueueDirectory.create(parent.toString(), 1024);
        Path path = dir.path();
        assertEquals(parent, path.getParent());
        Files.createDirectories(path.resolve("sub"));
        Files.write(path.resolve("sub/20261120F.cq4"), new byte[4096]);
        Files.write(path.resolve("metadata.cq4t"), new byte[128]);
        assertNull(dir.fallbackWarning());
        dir.close();
        assertFalse(Files.exists(path));
        dir.close();
    }

    @Test
    void shouldRefuseADirectoryWithoutEnoughSpaceInOneLine() {
        IOException e = assertThrows(IOException.class,
                () -> QueueDirectory.checkSpace(parent, 3L << 30, 1L << 30));
        assertTrue(e.getMessage().contains("needs about 3.0 GiB but only 1.0 GiB is free"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void shouldRefuseBeforeCreatingAnythingWhenSpaceIsShort() throws IOException {
        assertThrows(IOException.class, () -> QueueDirectory.create(parent.toString(), Long.MAX_VALUE));
        try (var listing = Files.list(parent)) {
            assertEquals(0, listing.count());
        }
    }

    @Test
    void shouldRejectADirParameterThatIsNotADirectory() throws IOException {
        Path file = Files.write(parent.resolve("file"), new byte[1]);
        IOException e = assertThrows(IOException.class, () -> QueueDirectory.create(file.toString(), 1));
        assertEquals("dir=" + file + " is not a directory", e.getMessage());
    }

    @Test
    void shouldRemoveOnlyTheDirectoriesOfProcessesThatAreGone() throws IOException {
        long deadPid = deadPid();
        Path stale = stampedBy(deadPid, "-123");
        Files.write(stale.resolve("20261120F.cq4"), new byte[64]);
        Path live = Files.createDirectories(parent.resolve(QueueDirectory.PREFIX + ProcessHandle.current().pid() + "-456"));
        Path other = Files.createDirectories(parent.resolve("someone-else-" + deadPid + "-1"));
        assertEquals(java.util.List.of(stale), QueueDirectory.removeStale(parent));
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live));
        assertTrue(Files.exists(other));
    }

    @Test
    void shouldKeepAFolderWhoseMakerIsNotProvedGone() throws IOException {
        long deadPid = deadPid();
        // no stamp: maybe another host's (NFS) or another container's; "pid not alive here" proves nothing
        Path unstamped = Files.createDirectories(parent.resolve(QueueDirectory.PREFIX + deadPid + "-1"));
        Files.writeString(unstamped.resolve("data"), "x");
        Path otherNamespace = stampedBy(deadPid, "-2");
        String marker = Files.readString(otherNamespace.resolve(OwnerStamp.MARKER));
        Files.writeString(otherNamespace.resolve(OwnerStamp.MARKER), marker.replaceAll("pidNamespace=.*", "pidNamespace=pid:[1]"));
        assertEquals(java.util.List.of(), QueueDirectory.removeStale(parent));
        assertTrue(Files.exists(unstamped.resolve("data")));
        assertTrue(Files.exists(otherNamespace));
    }

    @Test
    void shouldNeverRemoveAFolderOwnedByAnotherUser() throws Exception {
        assumeTrue(OwnerStamp.currentUid() == 0, "only root can plant another user's folder");
        Path planted = stampedBy(deadPid(), "-planted");
        Files.writeString(Files.createDirectories(planted.resolve("d")).resolve("precious"), "keep");
        assertEquals(0, new ProcessBuilder("chown", "-R", "nobody", planted.toString()).inheritIO().start().waitFor());
        assertEquals(java.util.List.of(), QueueDirectory.removeStale(parent));
        assertTrue(Files.exists(planted.resolve("d/precious")));
    }

    @Test
    void shouldKeepEachUsersScratchApartInAPrivateRoot() throws IOException {
        Path root = org.jvmmark.api.scratch.ScratchRoot.in(parent);
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(root)));
        assertEquals("jvmmark-" + OwnerStamp.currentUid(), root.getFileName().toString());
    }

    @Test
    void shouldRefuseASizeThatOverflowsWithAReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueDirectory.neededBytes(40_000_000L * 1_000_000_000L, 256));
        assertTrue(e.getMessage().contains("too large"), e.getMessage());
    }

    /** A queue folder stamped as if {@code pid} (now dead) had made it. */
    private Path stampedBy(long pid, String suffix) throws IOException {
        Path mine = org.jvmmark.api.scratch.StampedDirectories.create(parent, "probe-");
        String marker = Files.readString(mine.resolve(OwnerStamp.MARKER)).replaceAll("pid=\\d+", "pid=" + pid);
        Path dir = Files.createDirectories(parent.resolve(QueueDirectory.PREFIX + pid + suffix));
        Files.writeString(dir.resolve(OwnerStamp.MARKER), marker);
        org.jvmmark.workloads.chronicle.QueueFiles.deleteTree(mine);
        return dir;
    }

    @Test
    void shouldNameTheDirectoryAfterItsProcess() throws IOException {
        try (QueueDirectory dir = QueueDirectory.create(parent.toString(), 1)) {
            assertTrue(dir.path().getFileName().toString().startsWith(QueueDirectory.PREFIX + ProcessHandle.current().pid() + "-"));
        }
    }

    private static long deadPid() throws IOException {
        try {
            Process p = new ProcessBuilder("true").start();
            p.waitFor();
            return p.pid();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }

    @Test
    void shouldFitTheSmokeProfileInDockersDefaultDevShm() {
        java.util.Map<String, String> smoke = org.jvmmark.api.WorkloadInfo.of(QueueLatencyWorkload.class).resolveParams("smoke", java.util.Map.of());
        long messages = Long.parseLong(smoke.get("warmup")) + Long.parseLong(smoke.get("iterations")) * Long.parseLong(smoke.get("runs"));
        assertTrue(QueueDirectory.neededBytes(messages, Integer.parseInt(smoke.get("messageBytes"))) < 64L << 20);
    }

    @Test
    void shouldEstimateTheSpaceOfTheSeedRun() {
        // 100 s at 100,000 msg/s plus 1M warm-up messages of 256 bytes: under 3 GiB of tmpfs.
        long needed = QueueDirectory.neededBytes(11_000_000, 256);
        assertTrue(needed > 11_000_000L * 256 && needed < 3L << 30, QueueDirectory.size(needed));
    }
}
