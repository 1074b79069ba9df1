package org.jvmmark.runner.jdk;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM whose {@code -version} leaves a process holding its output open does not hang the collector probe. */
class GcProbeHangTest {
    @TempDir
    Path home;

    @Test
    void shouldAnswerWhileAChildOfTheJvmHoldsItsOutputOpen() throws Exception {
        Path java = home.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"17\"' >&2\nsleep 25 &\necho $! > " + home.resolve("pid") + "\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Jdk jdk = new Jdk(home, "Fake", "17", 17, "Fake VM", "fake-17");
        long start = System.nanoTime();
        assertNull(new GcProbe().refusal(jdk, List.of("-XX:+UseSerialGC")));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "answered without waiting for the holder");
        ProcessHandle.of(Long.parseLong(Files.readString(home.resolve("pid")).trim())).ifPresent(ProcessHandle::destroyForcibly);
    }
}
