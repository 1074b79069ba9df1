package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.UserException;

/** What the machine cannot give is refused with one line before any trial; what it can is said in words. */
class ContainerTest {
    @TempDir
    Path fs;

    private CgroupHost v1() throws IOException {
        return new CgroupHost(new CgroupHost.Controller("cpu", false, Files.createDirectories(fs.resolve("cpu"))),
                new CgroupHost.Controller("memory", false, Files.createDirectories(fs.resolve("memory"))));
    }

    private static String refusal(ContainerLimits limits, CgroupHost host, String online, boolean taskset) {
        String line = assertThrows(UserException.class, () -> Container.prepare(limits, host, online, taskset)).getMessage();
        assertTrue(!line.contains("\n"), "one line: " + line);
        return line;
    }

    @Test
    void shouldRefuseMemoryWithoutAMemoryController() {
        assertEquals("--memory 512 MiB: this machine has no cgroup memory controller (no cgroup v1 memory hierarchy, no memory in"
                + " cgroup v2's cgroup.controllers)", refusal(ContainerLimits.parse(null, "512m", null), new CgroupHost(null, null), "0-1", true));
    }

    @Test
    void shouldRefuseAFractionalQuotaWithoutACpuController() {
        assertEquals("--cpus 1.5: this machine has no cgroup cpu controller for a CPU quota, and a fractional count cannot be a"
                + " cpuset; give a whole number of CPUs", refusal(ContainerLimits.parse("1.5", null, null), new CgroupHost(null, null), "0-1", true));
    }

    @Test
    void shouldPinAWholeCountToTheLastCpusWithoutACpuController() {
        Container c = Container.prepare(ContainerLimits.parse("1", null, null), new CgroupHost(null, null), "0-3", true);
        assertEquals("3", c.cpuset());
        assertEquals("CPUs 3 by taskset (no cgroup cpu controller here for a quota)", c.how());
        assertEquals(List.of("taskset", "-c", "3"), Confinement.pinned(c.cpuset()).prefix());
        assertEquals("--cpus 1 without a cgroup cpu controller pins with taskset (util-linux), which is not installed",
                refusal(ContainerLimits.parse("1", null, null), new CgroupHost(null, null), "0-3", false));
        assertEquals("--cpuset 2 pins with taskset (util-linux), which is not installed",
                refusal(ContainerLimits.parse(null, null, "2"), new CgroupHost(null, null), "0-3", false));
    }

    @Test
    void shouldRefuseMoreCpusThanTheJvmCouldHave() throws IOException {
        assertEquals("--cpus 3: only 2 CPUs (0-1) to give the JVM under test",
                refusal(ContainerLimits.parse("3", null, null), v1(), "0-1", true));
        assertEquals("--cpus 1.5: only 1 CPU (1) to give the JVM under test",
                refusal(ContainerLimits.parse("1.5", null, "1"), v1(), "0-1", true));
        assertEquals("--cpuset 4: CPU 4 is not online; online: 0-1", refusal(ContainerLimits.parse(null, null, "4"), v1(), "0-1", true));
    }

    @Test
    void shouldRefuseWhenTheCgroupCannotBeMade() {
        CgroupHost gone = new CgroupHost(null, new CgroupHost.Controller("memory", false, fs.resolve("absent")));
        String line = refusal(ContainerLimits.parse(null, "256m", null), gone, "0-1", true);
        assertTrue(line.startsWith("--memory 256 MiB: cannot make a cgroup for the JVM under test: cannot make " + fs.resolve("absent")),
                line);
        assertTrue(line.endsWith(": no such directory"), line);
    }

    @Test
    void shouldHandTheControllerOnOnV2OrSayWhyNot() throws IOException {
        Path dir = Files.createDirectories(fs.resolve("unified"));
        Files.writeString(dir.resolve("cgroup.subtree_control"), "pids\n");
        CgroupHost host = new CgroupHost(null, new CgroupHost.Controller("memory", true, dir));
        Container.prepare(ContainerLimits.parse(null, "256m", null), host, "0-1", true);
        assertEquals("+memory", Files.readString(dir.resolve("cgroup.subtree_control")));
        Path locked = Files.createDirectories(fs.resolve("locked"));
        Files.createDirectory(locked.resolve("cgroup.subtree_control")); // a directory: cannot be read or written as a file
        String line = refusal(ContainerLimits.parse(null, "256m", null),
                new CgroupHost(null, new CgroupHost.Controller("memory", true, locked)), "0-1", true);
        assertTrue(line.startsWith("--memory 256 MiB: cgroup v2 at " + locked + " cannot hand memory to a cgroup for the JVM under test"),
                line);
    }

    @Test
    void shouldRemoveTheEmptyCgroupsOfARunnerThatIsGone() throws IOException {
        Path dir = Files.createDirectories(fs.resolve("memory"));
        Path gone = Files.createDirectory(dir.resolve("jvmmark-999999999-3"));
        Path mine = Files.createDirectory(dir.resolve("jvmmark-" + ProcessHandle.current().pid() + "-3"));
        Path other = Files.createDirectory(dir.resolve("jvmmark-runner"));
        Container.removeStale(dir);
        assertTrue(Files.notExists(gone), "its runner is gone");
        assertTrue(Files.isDirectory(mine) && Files.isDirectory(other), "a live runner's, and a name not ours, stay");
    }

    @Test
    void shouldSayHowEachLimitIsApplied() throws IOException {
        Container c = Container.prepare(ContainerLimits.parse("1", "512m", null), v1(), "0-1", true);
        assertEquals("a CPU quota (cgroup v1 cpu.cfs_quota_us), a memory limit (cgroup v1 memory.limit_in_bytes)", c.how());
        assertEquals(null, c.cpuset());
    }
}
