package org.jvmmark.workloads.queuelarge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On cgroup v2 the runner starts this JVM in a cgroup whose {@code memory.max} is memoryLimit (its own cgroup per trial
 * or a systemd scope, as for {@code --memory}); the workload takes that cgroup as it is, over a fake cgroup v2 directory
 * here. The cgroup the JVM makes for itself (v1) is {@link QueueLargeWorkloadTest}'s, on the real hierarchy.
 */
class MemoryCgroupTest {
    private static final long MIB_384 = 384L << 20;

    @TempDir
    Path scope;

    @Test
    void shouldTakeTheCgroupTheRunnerStartedItInWithTheLimit() throws Exception {
        Files.writeString(scope.resolve("memory.max"), MIB_384 + "\n");
        Files.writeString(scope.resolve("memory.current"), "1048576\n");
        Files.writeString(scope.resolve("memory.stat"), "anon 524288\nfile 8192\n");

        MemoryCgroup given = MemoryCgroup.given(scope, MIB_384);

        assertTrue(given.givenByRunner());
        assertEquals(2, given.version());
        assertEquals(scope, given.path());
        assertEquals(MIB_384, given.limitApplied());
        assertEquals(8192, given.pageCacheBytes());
        assertEquals(1048576, given.usageBytes());
        given.close();
        assertTrue(Files.exists(scope.resolve("memory.max")), "the runner's cgroup is left to the runner");
    }

    @Test
    void shouldTakeASmallerLimitTheRunWasGivenWithMemory() throws Exception {
        Files.writeString(scope.resolve("memory.max"), Long.toString(256L << 20));
        assertEquals(256L << 20, MemoryCgroup.given(scope, MIB_384).limitApplied());
    }

    @Test
    void shouldNotTakeACgroupWithoutTheLimit() throws Exception {
        Files.writeString(scope.resolve("memory.max"), "max\n");
        assertNull(MemoryCgroup.given(scope, MIB_384), "no limit: the JVM makes its own cgroup, or says why not");
        Files.writeString(scope.resolve("memory.max"), Long.toString(1L << 30));
        assertNull(MemoryCgroup.given(scope, MIB_384), "a larger limit is not memoryLimit");
        assertNull(MemoryCgroup.given(scope.resolve("missing"), MIB_384));
    }
}
