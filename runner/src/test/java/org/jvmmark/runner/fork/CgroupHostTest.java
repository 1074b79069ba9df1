package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupHostTest {
    /** This VM's (2026-11-28): cgroup v1 controllers each on its own hierarchy, an empty v2 hierarchy beside them. */
    static final String HYBRID = """
            30 25 0:26 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
            31 30 0:27 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
            33 30 0:29 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
            40 30 0:36 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
            """;
    static final String IN_HYBRID = """
            4:memory:/process_api/77dd
            1:cpu:/
            0::/
            """;

    @TempDir
    Path root;

    @Test
    void shouldFindEachV1ControllerInTheRunnersOwnCgroup() {
        CgroupHost host = CgroupHost.of(HYBRID, IN_HYBRID, root);
        assertEquals(new CgroupHost.Controller("cpu", false, root.resolve("sys/fs/cgroup/cpu")), host.cpu());
        assertEquals(new CgroupHost.Controller("memory", false, root.resolve("sys/fs/cgroup/memory/process_api/77dd")), host.memory());
    }

    @Test
    void shouldFindV2ControllersOnlyWhereTheHierarchyHasThem() throws IOException {
        String mounts = "40 30 0:36 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw\n";
        Files.createDirectories(root.resolve("sys/fs/cgroup"));
        Files.writeString(root.resolve("sys/fs/cgroup/cgroup.controllers"), "cpuset cpu io memory pids\n");
        CgroupHost host = CgroupHost.of(mounts, "0::/user.slice/jvmmark.scope\n", root);
        assertTrue(host.cpu().v2());
        assertEquals(root.resolve("sys/fs/cgroup/user.slice/jvmmark.scope"), host.memory().dir());
        Files.writeString(root.resolve("sys/fs/cgroup/cgroup.controllers"), "pids\n");
        assertNull(CgroupHost.of(mounts, "0::/\n", root).memory(), "a v2 hierarchy without the memory controller");
    }

    @Test
    void shouldFindNothingWithoutCgroups() {
        CgroupHost host = CgroupHost.of("30 25 0:26 / /proc rw - proc proc rw\n", "", root);
        assertNull(host.cpu());
        assertNull(host.memory());
    }

    @Test
    void shouldSeePathsFromACgroupNamespacesRoot() {
        // inside a container the hierarchy is mounted from the container's cgroup, and /proc/self/cgroup says "/"
        assertEquals(Path.of("/sys/fs/cgroup/memory"), CgroupHost.inside(Path.of("/sys/fs/cgroup/memory"), "/docker/abc", "/"));
        assertEquals(Path.of("/sys/fs/cgroup/memory/x"),
                CgroupHost.inside(Path.of("/sys/fs/cgroup/memory"), "/docker/abc", "/docker/abc/x"));
        assertFalse(CgroupHost.of(HYBRID, "4:memory:/a\n", root).memory().v2());
    }
}
