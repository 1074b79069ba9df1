package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A cgroup v2 host made of files under a test's directory {@code fs}: a cgroup whose controllers cannot be handed on,
 * and a {@code systemd-run} that records its arguments and runs the command after {@code --}. Shared by the tests of
 * {@code --cpus/--memory} and of a workload's own memory limit on cgroup v2. Not thread-safe: one per test.
 */
final class CgroupV2Fixture {
    private final Path fs;

    CgroupV2Fixture(Path fs) {
        this.fs = fs;
    }

    /** A host whose cpu and memory controllers are both cgroup v2's, in cgroup {@code dir}. */
    static CgroupHost v2(Path dir) {
        return new CgroupHost(new CgroupHost.Controller("cpu", true, dir), new CgroupHost.Controller("memory", true, dir));
    }

    /** A cgroup whose {@code cgroup.subtree_control} cannot be written (a directory stands for the kernel's EBUSY). */
    Path locked() throws IOException {
        Path dir = Files.createDirectories(fs.resolve("sys/fs/cgroup/user.slice/session-1.scope"));
        Files.createDirectory(dir.resolve("cgroup.subtree_control"));
        Files.writeString(fs.resolve("sys/fs/cgroup/cgroup.controllers"), "cpu memory pids\n");
        Files.writeString(fs.resolve("sys/fs/cgroup/user.slice/cgroup.controllers"), "cpu memory pids\n");
        Files.writeString(dir.resolve("cgroup.controllers"), "cpu memory pids\n");
        return dir;
    }

    /** A {@code systemd-run} that writes its arguments to {@link #systemdArgs()} and runs the command after {@code --}. */
    SystemdScope fakeSystemd() {
        try {
            Path running = Files.createDirectories(fs.resolve("run/systemd/system"));
            Path script = fs.resolve("systemd-run");
            Files.writeString(script, "#!/bin/sh\necho \"$@\" >> " + systemdArgs() + "\n"
                    + "while [ \"$1\" != -- ]; do shift; done; shift; exec \"$@\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            return SystemdScope.find(running, List.of(fs.resolve("no-such"), script), true);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Where the fake {@code systemd-run} writes the arguments of each call, a line each. */
    Path systemdArgs() {
        return fs.resolve("systemd-run.args");
    }

    /** The fake {@code systemd-run}. */
    Path systemdRun() {
        return fs.resolve("systemd-run");
    }
}
