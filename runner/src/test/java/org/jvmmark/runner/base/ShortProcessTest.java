package org.jvmmark.runner.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.jvmmark.runner.fork.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short child that hangs, or leaves a process holding its output open, cannot hang the runner: it is read on its own
 * thread, waited for with a time limit, and killed with its descendants on time-out and on Ctrl-C.
 */
class ShortProcessTest {
    @TempDir
    Path tmp;

    /** A script at {@code tmp/name}; it writes the pid of its background child to {@code tmp/name.pid}. */
    static Path script(Path dir, String name, String body) throws IOException {
        Path s = dir.resolve(name);
        Files.writeString(s, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    private static long pidIn(Path file) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!Files.exists(file) || Files.readString(file).isBlank()) {
            assertTrue(System.nanoTime() < deadline, "the script wrote its child's pid");
            Thread.sleep(20);
        }
        return Long.parseLong(Files.readString(file).trim());
    }

    private static void assertGone(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            assertTrue(System.nanoTime() < deadline, "descendant " + pid + " was killed");
            Thread.sleep(20);
        }
    }

    @Test
    void shouldKillAChildThatHangsWithItsDescendants() throws Exception {
        Path hang = script(tmp, "java", "sleep 60 & echo $! > " + tmp.resolve("java.pid") + "\nwait");
        long start = System.nanoTime();
        assertThrows(ShortProcess.TimedOut.class, () -> ShortProcess.run(List.of(hang.toString(), "-version"), null,
                Duration.ofMillis(500)));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "ends near its limit");
        assertGone(pidIn(tmp.resolve("java.pid")));
    }

    @Test
    void shouldNotWaitForAProcessThatHoldsTheOutputOpen() throws Exception {
        Path holder = script(tmp, "java", "echo 'openjdk version \"17\"'\nsleep 30 &\necho $! > " + tmp.resolve("java.pid") + "\nexit 0");
        long start = System.nanoTime();
        ShortProcess.Result r = ShortProcess.run(List.of(holder.toString(), "-version"), null, Duration.ofSeconds(20));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "did not wait for the holder");
        assertEquals(0, r.exitCode());
        assertTrue(r.output().startsWith("openjdk version"), r.output());
        ProcessHandle.of(pidIn(tmp.resolve("java.pid"))).ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void shouldKillRunningShortChildrenOnCtrlC() throws Exception {
        Path hang = script(tmp, "java", "sleep 60 & echo $! > " + tmp.resolve("java.pid") + "\nwait");
        CompletableFuture<ShortProcess.Result> running = CompletableFuture.supplyAsync(() -> {
            try {
                return ShortProcess.run(List.of(hang.toString()), null, Duration.ofSeconds(60));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        long child = pidIn(tmp.resolve("java.pid"));
        ChildProcess.killAll(); // what the Ctrl-C hook calls
        ShortProcess.Result r = running.get(10, TimeUnit.SECONDS);
        assertFalse(r.ok());
        assertGone(child);
    }
}
