package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.base.Invocation;

/**
 * queue-large's own {@code memoryLimit} on a cgroup v2 host, over a fake cgroup tree and a fake {@code systemd-run}
 * ({@link CgroupV2Fixture}): the runner gives it through {@code --memory}'s path, a cgroup of its own per trial whose
 * {@code memory.max} is the limit where the runner's cgroup can hand memory on, a {@code systemd-run --scope -p
 * MemoryMax=} where it cannot; a trial told in one line with the command to run where neither works; nothing on a
 * cgroup v1 host, where the workload makes its own cgroup. Each launch is run for real through its prefix.
 */
class WorkloadMemoryLimitTest {
    private static final Map<String, String> QUICK = Map.of("memoryLimit", "384m", "totalBytes", "1536m");
    private static final long MIB_384 = 384L << 20;

    @TempDir
    Path fs;

    /** Runs {@code sh -c 'echo $$'} the way a trial's JVM is launched; its pid. */
    private static long launch(Confinement inside) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(inside.prefix());
        command.addAll(List.of("sh", "-c", "echo $$"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor(), out);
        return Long.parseLong(out);
    }

    @Test
    void shouldStartTheJvmInACgroupOfItsOwnWithTheWorkloadsLimitWhereTheCgroupHandsMemoryOn() throws Exception {
        Path dir = Files.createDirectories(fs.resolve("unified"));
        Files.writeString(dir.resolve("cgroup.subtree_control"), "");
        WorkloadMemoryLimit limits = new WorkloadMemoryLimit(Container.NONE, true,
                l -> Container.prepare(l, CgroupV2Fixture.v2(dir), "0-1", true));

        WorkloadMemoryLimit.ForTrial trial = limits.of(QUICK);

        assertNull(trial.refused());
        assertEquals("+memory", Files.readString(dir.resolve("cgroup.subtree_control")));
        assertEquals(MIB_384, trial.container().limits().memoryBytes());
        try (Confinement inside = trial.container().confine()) {
            Path procs = Path.of(inside.prefix().get(4));
            assertEquals(Long.toString(MIB_384), Files.readString(procs.resolveSibling("memory.max")));
            long pid = launch(inside);
            assertEquals(Long.toString(pid), Files.readString(procs).strip(), "the JVM's process entered it before it started");
        }
        assertSame(trial.container(), limits.of(QUICK).container(), "prepared once for every fork");
    }

    @Test
    void shouldRunTheJvmInASystemdScopeWithMemoryMaxWhereTheCgroupCannotHandMemoryOn() throws Exception {
        CgroupV2Fixture host = new CgroupV2Fixture(fs);
        Path dir = host.locked();
        WorkloadMemoryLimit limits = new WorkloadMemoryLimit(Container.NONE, true,
                l -> Container.prepare(l, CgroupV2Fixture.v2(dir), "0-1", true, host::fakeSystemd));

        WorkloadMemoryLimit.ForTrial trial = limits.of(QUICK);

        assertNull(trial.refused());
        try (Confinement inside = trial.container().confine()) {
            assertEquals(List.of(host.systemdRun().toString(), "--scope", "--quiet", "--collect", "-p", "MemoryMax=" + MIB_384, "--"),
                    inside.prefix());
            launch(inside);
        }
        assertEquals(List.of("--scope --quiet --collect -p MemoryMax=402653184 -- true",
                "--scope --quiet --collect -p MemoryMax=402653184 -- sh -c echo $$"), Files.readAllLines(host.systemdArgs()),
                "systemd checked once, then the trial's JVM in its scope");
    }

    @Test
    void shouldKeepTheSmallerOfMemoryAndTheWorkloadsLimit() throws IOException {
        CgroupV2Fixture host = new CgroupV2Fixture(fs);
        Path dir = host.locked();
        Container run = Container.prepare(ContainerLimits.parse(null, "256m", null), CgroupV2Fixture.v2(dir), "0-1", true,
                host::fakeSystemd);
        WorkloadMemoryLimit limits = new WorkloadMemoryLimit(run, true,
                l -> Container.prepare(l, CgroupV2Fixture.v2(dir), "0-1", true, host::fakeSystemd));

        assertEquals(256L << 20, limits.of(QUICK).container().limits().memoryBytes());
        assertEquals(256L << 20, limits.of(Map.of("memoryLimit", "1g")).container().limits().memoryBytes());
    }

    @Test
    void shouldTellTheTrialInOneLineWithTheCommandToRunWhereNeitherWorks() throws IOException {
        Invocation.remember(new String[] {"run", "queue-large", "--profile", "quick"});
        Path dir = new CgroupV2Fixture(fs).locked();
        WorkloadMemoryLimit limits = new WorkloadMemoryLimit(Container.NONE, true,
                l -> Container.prepare(l, CgroupV2Fixture.v2(dir), "0-1", true));

        WorkloadMemoryLimit.ForTrial trial = limits.of(QUICK);

        assertSame(Container.NONE, trial.container(), "the trial runs; the workload says what it could not do");
        String line = trial.refused();
        assertTrue(line.startsWith("memoryLimit=384 MiB is not applied by the runner: cgroup v2 at " + dir + " cannot hand memory"),
                line);
        assertTrue(!line.contains("\n") && line.endsWith("exec ./jvmmark run queue-large --profile quick'"), line);
    }

    @Test
    void shouldLeaveTheLimitToTheWorkloadOnCgroupV1AndWithoutOne() {
        WorkloadMemoryLimit v1 = new WorkloadMemoryLimit(Container.NONE, false, l -> {
            throw new AssertionError("nothing prepared on cgroup v1");
        });
        assertSame(Container.NONE, v1.of(QUICK).container());
        WorkloadMemoryLimit v2 = new WorkloadMemoryLimit(Container.NONE, true, l -> {
            throw new AssertionError("nothing prepared without a limit");
        });
        assertSame(Container.NONE, v2.of(Map.of("memoryLimit", "none")).container());
        assertSame(Container.NONE, v2.of(Map.of("threads", "4")).container());
        assertNull(WorkloadMemoryLimit.bytes("2xram"), "a size only the workload reads is left to it");
    }
}
