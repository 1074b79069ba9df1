package org.jvmmark.workloads.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Path stale = Files.createDirectories(parent.resolve(QueueDirectory.PREFIX + deadPid + "-123"));
        Files.write(stale.resolve("20261120F.cq4"), new byte[64]);
        Path live = Files.createDirectories(parent.resolve(QueueDirectory.PREFIX + ProcessHandle.current().pid() + "-456"));
        Path other = Files.createDirectories(parent.resolve("someone-else-" + deadPid + "-1"));
        assertEquals(java.util.List.of(stale), QueueDirectory.removeStale(parent));
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live));
        assertTrue(Files.exists(other));
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
