package org.jvmmark.runner.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe of a JDK that never answers: bounded in time, one line, nothing left running. */
class JdkProbeTest {
    @TempDir
    Path tmp;

    private Path fakeJdk(String script) throws IOException {
        Path java = Files.createDirectories(tmp.resolve("fake-jdk/bin")).resolve("java");
        Files.writeString(java, script);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return tmp.resolve("fake-jdk");
    }

    @Test
    void shouldKillAJavaThatNeverExitsWithEverythingItStartedAndSayWhichInOneLine() throws Exception {
        // sleep holds the output open as well: a probe that reads to the end before its time limit waits forever
        Path home = fakeJdk("#!/bin/sh\necho $$ > \"$0.pid\"\nsleep infinity\n");
        long start = System.nanoTime();
        CompletableFuture<Jdk> probe = CompletableFuture.supplyAsync(() -> {
            try {
                return JdkProbe.probe(home, Duration.ofSeconds(2));
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        });
        List<ProcessHandle> started = startedBy(home.resolve("bin/java.pid"));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> probe.get(10, TimeUnit.SECONDS));
        double seconds = (System.nanoTime() - start) / 1e9;
        String message = failed.getCause().getMessage();
        assertTrue(failed.getCause() instanceof IOException, failed.getCause().toString());
        assertEquals(home.resolve("bin/java") + " did not finish -version within 2 s; killed", message);
        assertFalse(message.contains("\n"), message);
        assertTrue(seconds < 8, "bounded: " + seconds + " s");
        assertFalse(started.isEmpty(), "the script's sleep was seen");
        for (ProcessHandle h : started) {
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                h.destroyForcibly();
                throw new AssertionError("left running: " + h.pid() + " " + h.info().commandLine().orElse(""));
            }
        }
    }

    @Test
    void shouldStillDescribeAJavaThatAnswersAtOnce() throws Exception {
        Path home = fakeJdk("#!/bin/sh\ncat >&2 <<'EOF'\nProperty settings:\n    java.specification.version = 99\n"
                + "    java.vendor = V\n    java.version = 99.0.1\n    java.vm.name = Fake VM\nEOF\n");
        Jdk jdk = JdkProbe.probe(home, Duration.ofSeconds(10));
        assertEquals(99, jdk.feature());
        assertEquals("Fake VM", jdk.vmName());
        assertEquals("99.0.1", jdk.version());
    }

    /** The shell that wrote {@code pidFile} and what it started, once it has started something. */
    private static List<ProcessHandle> startedBy(Path pidFile) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(pidFile) && !Files.readString(pidFile).isBlank()) {
                ProcessHandle shell = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).orElse(null);
                List<ProcessHandle> children = shell == null ? List.of() : shell.descendants().collect(Collectors.toList());
                if (!children.isEmpty()) {
                    return children;
                }
            }
            Thread.sleep(20);
        }
        return List.of();
    }
}
