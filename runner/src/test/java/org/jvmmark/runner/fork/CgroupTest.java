package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arithmetic of the limits and the files they go to; a real cgroup is ContainerRunTest's. */
class CgroupTest {
    @TempDir
    Path fs;

    @Test
    void shouldGiveDockersQuotaPerHundredMillisecondPeriod() {
        assertEquals(150_000, Cgroup.quotaMicros(1.5));
        assertEquals(100_000, Cgroup.quotaMicros(1));
        assertEquals(33_300, Cgroup.quotaMicros(0.333));
        assertEquals(1_000, Cgroup.quotaMicros(0.01), "the kernel's smallest quota");
        assertEquals(1_000, Cgroup.quotaMicros(0.001), "never below it");
    }

    @Test
    void shouldWriteV1PeriodBeforeQuotaAndV2AsOneLine() {
        assertEquals(List.of(Map.entry("cpu.cfs_period_us", "100000"), Map.entry("cpu.cfs_quota_us", "150000")),
                List.copyOf(Cgroup.cpuSettings(false, 1.5).entrySet()));
        assertEquals(Map.of("cpu.max", "150000 100000"), Cgroup.cpuSettings(true, 1.5));
        assertEquals(Map.of("memory.limit_in_bytes", "536870912"), Cgroup.memorySettings(false, 512L << 20));
        assertEquals(Map.of("memory.max", "536870912"), Cgroup.memorySettings(true, 512L << 20));
    }

    @Test
    void shouldMakeOneCgroupPerHierarchyAndWriteEachLimitThere() throws IOException {
        CgroupHost.Controller cpu = new CgroupHost.Controller("cpu", false, Files.createDirectories(fs.resolve("cpu")));
        CgroupHost.Controller memory = new CgroupHost.Controller("memory", false, Files.createDirectories(fs.resolve("memory/a")));
        Cgroup c = Cgroup.create(cpu, memory, 1.5, 256L << 20, "jvmmark-1-1");
        assertEquals("150000", Files.readString(fs.resolve("cpu/jvmmark-1-1/cpu.cfs_quota_us")));
        assertEquals("268435456", Files.readString(fs.resolve("memory/a/jvmmark-1-1/memory.limit_in_bytes")));
        assertEquals(List.of(fs.resolve("cpu/jvmmark-1-1/cgroup.procs"), fs.resolve("memory/a/jvmmark-1-1/cgroup.procs")),
                c.procsFiles());
        assertEquals("cpu.cfs_period_us 100000, cpu.cfs_quota_us 150000, memory.limit_in_bytes 268435456", c.settings());
    }

    @Test
    void shouldShareOneDirectoryOnV2() throws IOException {
        Path dir = Files.createDirectories(fs.resolve("unified/x"));
        CgroupHost.Controller cpu = new CgroupHost.Controller("cpu", true, dir);
        CgroupHost.Controller memory = new CgroupHost.Controller("memory", true, dir);
        Cgroup c = Cgroup.create(cpu, memory, 2.0, 1L << 30, "t");
        assertEquals(List.of(dir.resolve("t/cgroup.procs")), c.procsFiles());
        assertEquals("200000 100000", Files.readString(dir.resolve("t/cpu.max")));
        assertEquals("1073741824", Files.readString(dir.resolve("t/memory.max")));
    }

    @Test
    void shouldSayWhatCouldNotBeMadeAndLeaveNothingBehind() {
        CgroupHost.Controller missing = new CgroupHost.Controller("memory", false, fs.resolve("no-such-hierarchy"));
        IOException e = assertThrows(IOException.class, () -> Cgroup.create(null, missing, null, 256L << 20, "t"));
        assertTrue(e.getMessage().contains("no-such-hierarchy"), e.getMessage());
        assertFalse(Files.exists(fs.resolve("no-such-hierarchy/t")));
    }

    @Test
    void shouldLeaveAStaleCgroupOfTheSameNameAloneAndTakeAnother() throws Exception {
        Path memory = Files.createDirectories(fs.resolve("memory"));
        Path stale = Files.createDirectory(memory.resolve("jvmmark-1-1"));
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            Files.writeString(stale.resolve("cgroup.procs"), other.pid() + "\n");
            Cgroup c = Cgroup.create(null, new CgroupHost.Controller("memory", false, memory), null, 256L << 20, "jvmmark-1-1");
            assertEquals(List.of(memory.resolve("jvmmark-1-1-2/cgroup.procs")), c.procsFiles());
            assertTrue(Files.isDirectory(stale) && other.isAlive(), "not made by this runner: not touched");
            assertEquals(other.pid() + "\n", Files.readString(stale.resolve("cgroup.procs")));
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void shouldRemoveTheCgroupsTheJvmMadeInsideItsOwnDepthFirst() throws IOException {
        CgroupHost.Controller memory = CgroupHost.current().memory();
        assumeTrue(memory != null && Files.isWritable(memory.dir()), "needs a memory cgroup the runner may write (root)");
        Cgroup c = Cgroup.create(null, memory, null, 256L << 20, "jvmmark-test-" + ProcessHandle.current().pid());
        Path own = c.procsFiles().get(0).getParent();
        Path deep = Files.createDirectories(own.resolve("a/b")); // what a JVM under test may make for itself
        Files.createDirectories(own.resolve("c"));
        c.close();
        assertFalse(Files.exists(deep) || Files.exists(own), "removed, children first");
    }
}
