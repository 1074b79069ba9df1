package org.jvmmark.runner.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.Cli;
import org.jvmmark.runner.base.ExitStatus;
import org.jvmmark.runner.base.UserException;

/** One process per results directory: a second one is refused in one line naming the holder. */
class OutputLockTest {
    private static final Path MEASURED = Path.of("..", "measured", "2026-11-20", "queue-memory", "results.json");

    @TempDir
    Path tmp;

    @Test
    void shouldRefuseASecondProcessNamingTheHolder() throws Exception {
        Process holder = holdLock(tmp);
        try {
            UserException e = assertThrows(UserException.class, () -> OutputLock.acquire(tmp, "run --resume"));
            assertTrue(e.getMessage().contains("in use by another jvmmark (pid 4242 on lab-3, jvmmark run, since"), e.getMessage());
        } finally {
            holder.destroy();
            holder.waitFor();
        }
        try (OutputLock lock = OutputLock.acquire(tmp, "run")) {
            assertTrue(Files.readString(tmp.resolve(OutputLock.NAME)).startsWith("pid " + ProcessHandle.current().pid() + " on "));
        }
    }

    @Test
    void shouldRefuseASecondHolderInTheSameProcess() {
        try (OutputLock lock = OutputLock.acquire(tmp, "run")) {
            assertThrows(UserException.class, () -> OutputLock.acquire(tmp, "merge"));
        }
    }

    @Test
    void shouldRefuseAMergeIntoADirectoryAnotherRunHolds() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.copy(MEASURED, a.resolve("results.json"));
        Path target = Files.createDirectories(tmp.resolve("merged"));
        Process holder = holdLock(target);
        try {
            Cli.Result r = Cli.run("merge", a.toString(), "--out", target.toString());
            assertEquals(ExitStatus.USAGE, r.status(), r.err());
            assertTrue(r.err().contains("is in use by another jvmmark (pid 4242"), r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertFalse(Files.exists(target.resolve("results.json")));
        } finally {
            holder.destroy();
            holder.waitFor();
        }
    }

    @Test
    void shouldCreateTheDefaultDirectoryAfreshWhenTwoRunsStartInTheSameSecond() {
        Path first = OutputDirectory.createFresh(tmp.resolve("runs"), "20261124-064000");
        Path second = OutputDirectory.createFresh(tmp.resolve("runs"), "20261124-064000");
        assertNotEquals(first, second);
        assertEquals(List.of("20261124-064000", "20261124-064000-2"), List.of(first.getFileName().toString(), second.getFileName().toString()));
    }

    /** Another process (python, fcntl locks as Java's) holds the lock of {@code dir} and says who it is. */
    private static Process holdLock(Path dir) throws IOException, InterruptedException {
        Path file = dir.resolve(OutputLock.NAME);
        Process p = new ProcessBuilder("python3", "-c", "import fcntl,sys,time\n"
                + "f=open(sys.argv[1],'a+')\nfcntl.lockf(f,fcntl.LOCK_EX)\nf.truncate(0)\n"
                + "f.write('pid 4242 on lab-3, jvmmark run, since 2026-11-24T06:40:00Z')\nf.flush()\nprint('locked',flush=True)\ntime.sleep(60)\n",
                file.toString()).start();
        assertEquals("locked", new String(p.getInputStream().readNBytes(6)));
        return p;
    }
}
