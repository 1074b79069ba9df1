package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On a real cgroup v2 hierarchy: a cgroup that holds the runner cannot hand a controller to its children (the kernel
 * says EBUSY), so the runner moves into a leaf of its own and hands it on from the emptied cgroup; with another process
 * left there, nothing is changed and the line names it. This machine's cgroup v2 hierarchy
 * ({@code /sys/fs/cgroup/unified}, hybrid) has no cpu or memory controller (they are bound to v1), so the test hands on
 * {@code hugetlb}, a domain controller under the same kernel rule. Needs root and that hierarchy; skipped elsewhere.
 */
class CgroupDelegationTest {
    private static final Path UNIFIED = Path.of("/sys/fs/cgroup/unified");
    private Path cgroup;
    private boolean rootHadHugetlb;
    private Process runner;
    private Process other;

    @BeforeEach
    void makeACgroupHoldingAStandInRunner() throws IOException {
        assumeTrue(Container.isRoot() && Files.isDirectory(UNIFIED) && fsType(UNIFIED).startsWith("cgroup2")
                && CgroupDelegation.words(UNIFIED.resolve("cgroup.controllers")).contains("hugetlb"),
                "needs root and a cgroup2 hierarchy with hugetlb at " + UNIFIED);
        rootHadHugetlb = CgroupDelegation.words(UNIFIED.resolve("cgroup.subtree_control")).contains("hugetlb");
        if (!rootHadHugetlb) {
            Files.writeString(UNIFIED.resolve("cgroup.subtree_control"), "+hugetlb");
        }
        cgroup = Files.createDirectory(UNIFIED.resolve("jvmmark-test-" + ProcessHandle.current().pid()));
        runner = new ProcessBuilder("sleep", "60").start();
        Files.writeString(cgroup.resolve("cgroup.procs"), Long.toString(runner.pid()));
    }

    @AfterEach
    void removeIt() throws Exception {
        if (cgroup == null) {
            return;
        }
        for (Process p : new Process[] {runner, other}) {
            if (p != null) {
                p.destroyForcibly().waitFor();
            }
        }
        Files.writeString(cgroup.resolve("cgroup.subtree_control"), "-hugetlb");
        for (Path child : Cgroup.childCgroups(cgroup)) {
            Files.delete(child);
        }
        Files.delete(cgroup);
        if (!rootHadHugetlb) {
            Files.writeString(UNIFIED.resolve("cgroup.subtree_control"), "-hugetlb");
        }
    }

    @Test
    void shouldMoveTheRunnerIntoALeafAndHandTheControllerOnFromThere() throws IOException {
        assertThrows(IOException.class, () -> Files.writeString(cgroup.resolve("cgroup.subtree_control"), "+hugetlb"),
                "the kernel's rule: no controller for children while the cgroup holds a process");

        CgroupDelegation d = CgroupDelegation.of(cgroup, List.of("hugetlb"), runner.pid());

        assertNotNull(d.leaf());
        assertEquals(cgroup.resolve("jvmmark-runner-" + runner.pid()), d.leaf());
        assertEquals("0::/" + cgroup.getFileName() + "/jvmmark-runner-" + runner.pid(), ownV2Line(runner.pid()));
        assertEquals(List.of("hugetlb"), CgroupDelegation.words(cgroup.resolve("cgroup.subtree_control")));
        Path trial = Files.createDirectory(cgroup.resolve("jvmmark-1-1"));
        assertEquals(List.of("hugetlb"), CgroupDelegation.words(trial.resolve("cgroup.controllers")), "a trial's cgroup gets it");
        Files.delete(trial);

        d.release(runner.pid());
        assertEquals("0::/" + cgroup.getFileName(), ownV2Line(runner.pid()), "moved back");
        assertFalse(Files.exists(d.leaf()), "the leaf removed");
        assertEquals(List.of(), CgroupDelegation.words(cgroup.resolve("cgroup.subtree_control")));
    }

    @Test
    void shouldChangeNothingAndNameTheOthersWhenAnotherProcessLivesThere() throws IOException {
        other = new ProcessBuilder("sleep", "60").start();
        Files.writeString(cgroup.resolve("cgroup.procs"), Long.toString(other.pid()));

        IOException e = assertThrows(IOException.class, () -> CgroupDelegation.of(cgroup, List.of("hugetlb"), runner.pid()));

        assertTrue(e.getMessage().contains("other processes live in " + cgroup + " (" + other.pid() + ")"), e.getMessage());
        assertEquals("0::/" + cgroup.getFileName(), ownV2Line(runner.pid()), "moved back");
        assertEquals(List.of(), Cgroup.childCgroups(cgroup), "no leaf left");
    }

    private static String ownV2Line(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup")).stream().filter(l -> l.startsWith("0::"))
                .findFirst().orElse("");
    }

    private static String fsType(Path p) {
        try {
            return Files.getFileStore(p).type();
        } catch (IOException e) {
            return "";
        }
    }
}
