package org.jvmmark.workloads.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherTest {
    @TempDir
    Path tmp;

    private final Path javaHome = Path.of(System.getProperty("java.home"));

    @Test
    void shouldTimeALaunchAndKeepItsOutput() throws Exception {
        Path jar = tmp.resolve("programs.jar");
        ProgramJar.write(jar);
        try (Launcher launcher = new Launcher(javaHome, tmp, 60)) {
            Launch launch = launcher.launch("hello", Program.HELLO.arguments(jar, launcher.reportFile("hello"), 0));
            assertEquals(0, launch.exitCode());
            assertEquals("Hello, world!", launch.stdoutText().strip());
            long main = LaunchReport.read(launch.reportFile()).number("mainNanos");
            assertTrue(launch.forkNanos() < main && main < launch.exitNanos(), "fork < main < exit on one clock");
            assertTrue(launch.spawnMillis() >= 0 && launch.spawnMillis() < launch.wallMillis());
        }
    }

    @Test
    void shouldKillALaunchPastItsTimeLimit() throws Exception {
        Path jar = tmp.resolve("programs.jar");
        ProgramJar.write(jar);
        try (Launcher launcher = new Launcher(javaHome, tmp, 1)) {
            long start = System.nanoTime();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> launcher.launch("idle", Program.HELLO.arguments(jar, launcher.reportFile("idle"), 600_000)));
            assertTrue(e.getMessage().startsWith("launch 'idle' still running after 1 s (launchTimeoutSeconds); killed:"), e.getMessage());
            assertTrue(System.nanoTime() - start < 30_000_000_000L);
            assertTrue(Files.notExists(launcher.reportFile("idle")));
        }
    }
}
