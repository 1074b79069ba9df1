package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jvmmark.runner.base.Invocation;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.UserException;

/**
 * {@code --cpus/--memory} on a cgroup v2 host, over a fake cgroup tree and a fake {@code systemd-run}: the files a
 * trial's cgroup gets, the systemd scope where the runner's cgroup cannot hand the controllers on, and the one line with
 * the command to run where neither works. The kernel's side (the runner moving into a leaf) is {@link
 * CgroupDelegationTest}'s, on a real cgroup2 hierarchy.
 */
class ContainerV2Test {
    @TempDir
    Path fs;

    private CgroupV2Fixture host() {
        return new CgroupV2Fixture(fs);
    }

    private CgroupHost v2(Path dir) {
        return CgroupV2Fixture.v2(dir);
    }

    private Path locked() throws IOException {
        return host().locked();
    }

    @Test
    void shouldHandBothControllersOnAndWriteEachTrialsLimits() throws IOException {
        Path dir = Files.createDirectories(fs.resolve("unified"));
        Files.writeString(dir.resolve("cgroup.subtree_control"), "");
        Container c = Container.prepare(ContainerLimits.parse("1.5", "256m", null), v2(dir), "0-1", true);
        assertEquals("+cpu +memory", Files.readString(dir.resolve("cgroup.subtree_control")));
        assertEquals("a CPU quota (cgroup v2 cpu.max), a memory limit (cgroup v2 memory.max)", c.how());
        Confinement inside = c.confine();
        Path trial = Path.of(inside.prefix().get(4)).getParent();
        assertEquals(dir, trial.getParent());
        assertEquals("150000 100000", Files.readString(trial.resolve("cpu.max")));
        assertEquals("268435456", Files.readString(trial.resolve("memory.max")));
        assertEquals(List.of("sh", "-c"), inside.prefix().subList(0, 2));
        assertEquals(List.of(trial.resolve("cgroup.procs").toString(), "--"), inside.prefix().subList(4, 6));
    }

    @Test
    void shouldRunEachTrialInASystemdScopeWhereTheCgroupCannotHandTheControllersOn() throws IOException {
        Path dir = locked();
        Container c = Container.prepare(ContainerLimits.parse("1.5", "256m", "0-1"), v2(dir), "0-1", true, host()::fakeSystemd);
        String script = fs.resolve("systemd-run").toString();
        assertEquals(List.of(script, "--scope", "--quiet", "--collect", "-p", "CPUQuota=150%", "-p", "MemoryMax=268435456", "--",
                "taskset", "-c", "0-1"), c.confine().prefix());
        assertEquals("--scope --quiet --collect -p CPUQuota=150% -p MemoryMax=268435456 -- true",
                Files.readString(fs.resolve("systemd-run.args")).strip(), "systemd was asked once, before any trial");
        assertEquals("a transient systemd scope per trial (systemd-run --scope -p CPUQuota=150% -p MemoryMax=268435456),"
                + " CPUs 0-1 by taskset", c.how());
        assertEquals(List.of(), Cgroup.childCgroups(dir).stream().filter(p -> p.getFileName().toString().startsWith("jvmmark"))
                .toList(), "no cgroup of jvmmark's own");
    }

    @Test
    void shouldAskTheUsersSystemdWhenNotRootAndWriteAFractionalQuota() {
        SystemdScope user = new SystemdScope(Path.of("/usr/bin/systemd-run"), true);
        assertEquals(List.of("/usr/bin/systemd-run", "--user", "--scope", "--quiet", "--collect", "-p", "CPUQuota=25.5%", "--"),
                user.prefix(0.255, null));
        assertEquals(null, SystemdScope.find(fs.resolve("not-running"), List.of(Path.of("/usr/bin/systemd-run")), true),
                "no systemd without its /run/systemd/system");
    }

    @Test
    void shouldSayInOneLineTheCommandToRunWhereNeitherWorks() throws IOException {
        Invocation.remember(new String[] {"run", "queue-large", "--memory", "256m"});
        Path dir = locked();
        String line = assertThrows(UserException.class, () -> Container.prepare(ContainerLimits.parse(null, "256m", null), v2(dir),
                "0-1", true)).getMessage();
        assertTrue(!line.contains("\n"), line);
        assertTrue(line.startsWith("--memory 256 MiB: cgroup v2 at " + dir + " cannot hand memory to a cgroup for the JVM under"
                + " test (writing +memory to " + dir.resolve("cgroup.subtree_control") + " failed ("), line);
        assertTrue(line.contains("and systemd is not running here (no /run/systemd/system); run: "), line);
        Path top = fs.resolve("sys/fs/cgroup");
        assertEquals("echo '+cpu +memory' > " + top.resolve("cgroup.subtree_control") + " && mkdir -p " + top.resolve("jvmmark")
                + " && sh -c 'echo $$ > " + top.resolve("jvmmark/cgroup.procs") + " && exec ./jvmmark run queue-large --memory 256m'",
                Container.delegatedCommand(dir, true));
        assertEquals("sudo ./jvmmark run queue-large --memory 256m", Container.delegatedCommand(dir, false),
                "the exact command this jvmmark was started with");
    }
}
