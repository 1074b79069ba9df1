package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A forked JVM whose runner was killed outright must not live on (and skew later measurements). */
class ParentWatchTest {

    public static final class SleepsForever implements Workload {
        @Override
        public void run(TrialContext context) throws InterruptedException {
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
        }
    }

    @TempDir
    Path dir;

    @Test
    void shouldStopWhenTheProcessThatForkedItIsGone() throws Exception {
        Path spec = dir.resolve("spec.properties");
        new TrialSpec("w/1", SleepsForever.class.getName(), "smoke", Map.of(), dir, dir.resolve("control")).write(spec);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The shell plays the runner: it forks the trial JVM, prints its pid, waits until the JVM
        // has surely started (and noted its parent), and dies.
        String script = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' " + ForkMain.class.getName()
                + " '" + spec + "' '" + dir.resolve("result.json") + "' >/dev/null 2>&1 & echo $!; sleep 3";
        Process shell = new ProcessBuilder(List.of("bash", "-c", script)).start();
        long pid = Long.parseLong(new String(shell.getInputStream().readAllBytes()).trim());
        assertTrue(shell.waitFor(10, TimeUnit.SECONDS));
        Optional<ProcessHandle> child = ProcessHandle.of(pid);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (child.isPresent() && child.get().isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertFalse(child.isPresent() && child.get().isAlive(), "trial JVM " + pid + " outlived its parent");
            assertFalse(Files.exists(dir.resolve("result.json")), "an orphaned trial must not report a result");
        } finally {
            child.ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
