package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.runner.base.Invocation;
import org.jvmmark.runner.base.Privileges;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.plan.CpuList;

/**
 * The user's container ({@link ContainerLimits}) as this machine can give it to the JVM under test: a CPU quota and a
 * memory limit in a child cgroup made for each launch ({@link #confine}), and a cpuset through {@code taskset}. Where
 * there is no cgroup {@code cpu} controller, a whole {@code --cpus N} becomes a cpuset of N CPUs (the JVM then counts N
 * processors, as under a quota of N); a fractional one, or a {@code --memory} without a {@code memory} controller, or a
 * cgroup the runner may not make, is refused by {@link #prepare} with one line that says what is missing, before any
 * trial runs. Immutable apart from the launch counter, and thread-safe.
 */
public final class Container {
    /** No limits. */
    public static final Container NONE = new Container(ContainerLimits.NONE, null, null, null, null, null);
    private static final AtomicInteger LAUNCHES = new AtomicInteger();
    /** The names of the cgroups a runner makes, the pid of the runner in group 1. */
    private static final Pattern STALE = Pattern.compile("jvmmark-(?:runner-)?([0-9]{1,9})(?:-[0-9]+)*");

    private final ContainerLimits limits;
    private final CgroupHost.Controller cpu;
    private final CgroupHost.Controller memory;
    private final String cpuset;
    private final String how;
    /** On a cgroup v2 host whose cgroup cannot hand the controllers on: the systemd scope each launch runs in, else null. */
    private final SystemdScope scope;

    private Container(ContainerLimits limits, CgroupHost.Controller cpu, CgroupHost.Controller memory, String cpuset, String how,
                      SystemdScope scope) {
        this.limits = limits;
        this.cpu = cpu;
        this.memory = memory;
        this.cpuset = cpuset;
        this.how = how;
        this.scope = scope;
    }

    /** Pinning only ({@code --cpuset}, or the pre-quota {@code --cpus LIST}), checked. */
    public static Container pinned(String cpus) {
        return cpus == null ? NONE : prepare(new ContainerLimits(null, null, cpus));
    }

    /**
     * {@code limits} on this machine, checked by making (and removing) one cgroup as the trials will.
     *
     * @throws UserException one line naming what this machine lacks for them
     */
    public static Container prepare(ContainerLimits limits) {
        return limits.none() ? NONE : prepare(limits, CgroupHost.current(), ClientServerTrial.onlineCpus(), tasksetInstalled(),
                () -> SystemdScope.current(isRoot()));
    }

    /** {@link #prepare(ContainerLimits, CgroupHost, String, boolean, Supplier)} where there is no systemd to ask. */
    static Container prepare(ContainerLimits limits, CgroupHost host, String online, boolean taskset) {
        return prepare(limits, host, online, taskset, () -> null);
    }

    /**
     * {@code limits} on a host described by its parts (parameters, so that a fake cgroup tree and a fake systemd can
     * stand in for the machine's).
     *
     * @param scopes the systemd scope to fall back on where a cgroup v2 cgroup cannot hand the controllers on (null: none)
     */
    static Container prepare(ContainerLimits limits, CgroupHost host, String online, boolean taskset, Supplier<SystemdScope> scopes) {
        List<Integer> available = CpuList.parse(online);
        String cpuset = limits.cpuset();
        if (cpuset != null) {
            List<Integer> wanted = CpuList.parse(cpuset);
            List<Integer> missing = wanted.stream().filter(c -> !available.contains(c)).toList();
            if (wanted.isEmpty() || !missing.isEmpty()) {
                throw new UserException("--cpuset " + cpuset + ": CPU " + (wanted.isEmpty() ? "list empty" : missing.get(0)
                        + " is not online") + "; online: " + CpuList.format(available));
            }
            available.retainAll(wanted);
        }
        List<String> how = new ArrayList<>();
        CgroupHost.Controller cpuController = null;
        if (limits.cpus() != null) {
            double n = limits.cpus();
            if (n > available.size()) {
                throw new UserException("--cpus " + TrialContainer.cpus(n) + ": only " + available.size() + " CPU"
                        + (available.size() == 1 ? "" : "s") + " (" + CpuList.format(available) + ") to give the JVM under test");
            }
            if (host.cpu() != null) {
                cpuController = host.cpu();
                how.add("a CPU quota (cgroup " + (cpuController.v2() ? "v2 cpu.max" : "v1 cpu.cfs_quota_us") + ")");
            } else if (n == Math.rint(n)) {
                cpuset = CpuList.format(available.subList(available.size() - (int) n, available.size()));
                how.add("CPUs " + cpuset + " by taskset (no cgroup cpu controller here for a quota)");
            } else {
                throw new UserException("--cpus " + TrialContainer.cpus(n) + ": this machine has no cgroup cpu controller for a"
                        + " CPU quota, and a fractional count cannot be a cpuset; give a whole number of CPUs");
            }
        }
        if (limits.memoryBytes() != null) {
            if (host.memory() == null) {
                throw new UserException("--memory " + TrialContainer.mib(limits.memoryBytes()) + ": this machine has no cgroup"
                        + " memory controller (no cgroup v1 memory hierarchy, no memory in cgroup v2's cgroup.controllers)");
            }
            how.add("a memory limit (cgroup " + (host.memory().v2() ? "v2 memory.max" : "v1 memory.limit_in_bytes") + ")");
        }
        if (limits.cpuset() != null && cpuset.equals(limits.cpuset())) {
            how.add("CPUs " + cpuset + " by taskset");
        }
        if (cpuset != null && !taskset) {
            throw new UserException((limits.cpuset() != null ? "--cpuset " + limits.cpuset() + " pins" : "--cpus "
                    + TrialContainer.cpus(limits.cpus()) + " without a cgroup cpu controller pins") + " with taskset (util-linux),"
                    + " which is not installed");
        }
        CgroupHost.Controller memoryController = limits.memoryBytes() == null ? null : host.memory();
        Container c = new Container(limits, cpuController, memoryController, cpuset, String.join(", ", how), null);
        SystemdScope scope = c.delegateOrScope(scopes);
        if (scope != null) {
            List<String> pinned = how.stream().filter(h -> h.startsWith("CPUs ")).toList();
            c = new Container(limits, null, null, cpuset, String.join(", ", java.util.stream.Stream.concat(
                    java.util.stream.Stream.of(scope.how(limits.cpus(), limits.memoryBytes())), pinned.stream()).toList()), scope);
        }
        c.check();
        for (CgroupHost.Controller k : new CgroupHost.Controller[] {cpuController, memoryController}) {
            if (k != null) {
                removeStale(k.dir());
            }
        }
        return c;
    }

    /**
     * Removes the empty cgroups a runner that was killed outright ({@code kill -9}) left in {@code dir}: named {@code
     * jvmmark-PID-N} (a launch's) or {@code jvmmark-runner-PID} (the leaf a runner moved into, {@link CgroupDelegation})
     * after a process that is gone. Only an empty cgroup can be removed: one with a process or a child in it is left. (Its trials' JVMs ended with it: they watch their parent.)
     */
    static void removeStale(Path dir) {
        try (java.nio.file.DirectoryStream<Path> s = Files.newDirectoryStream(dir, "jvmmark-*")) {
            for (Path p : s) {
                Matcher m = STALE.matcher(p.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        // not empty, or not ours to remove: left
                    }
                }
            }
        } catch (IOException e) {
            // an unreadable directory: nothing removed
        }
    }

    /** Makes and removes one cgroup as a launch will: the machine's refusal becomes one line before any trial. */
    private void check() {
        if (scope != null) {
            return; // asked already, with the very limits
        }
        try (Confinement ignored = confine()) {
            // made and written: the trials' cgroups will be too
        } catch (IOException e) {
            throw new UserException(options() + ": cannot make a cgroup for the JVM under test: " + e.getMessage()
                    + (e.getMessage().contains("permission denied") ? " (run as root, or in a cgroup delegated to you)" : ""));
        }
    }

    /**
     * On cgroup v2, makes the runner's cgroup hand {@code cpu} and {@code memory} to the cgroups made in it
     * ({@link CgroupDelegation}: handed on already, written, or from a leaf the runner moves into); where it cannot, the
     * systemd scope {@code scopes} offers, checked; where there is none either, one line with the exact command that
     * gives jvmmark a cgroup it can delegate from.
     *
     * @return the scope to run each launch in, or null when jvmmark's own cgroups will do
     */
    private SystemdScope delegateOrScope(Supplier<SystemdScope> scopes) {
        List<CgroupHost.Controller> v2 = java.util.stream.Stream.of(cpu, memory).filter(k -> k != null && k.v2()).toList();
        if (v2.isEmpty()) {
            return null;
        }
        Path dir = v2.get(0).dir();
        IOException delegating;
        try {
            CgroupDelegation.of(dir, v2.stream().map(CgroupHost.Controller::name).distinct().toList(), ProcessHandle.current().pid())
                    .hold();
            return null;
        } catch (IOException e) {
            delegating = e;
        }
        SystemdScope scope = scopes.get();
        String scopeFailed = "systemd is not running here (no " + SystemdScope.SYSTEMD_RUNNING + ")";
        if (scope != null) {
            try {
                scope.check(limits.cpus(), limits.memoryBytes());
                return scope;
            } catch (IOException e) {
                scopeFailed = e.getMessage();
            }
        }
        throw new UserException(options() + ": cgroup v2 at " + dir + " cannot hand " + v2.stream().map(CgroupHost.Controller::name)
                .distinct().collect(java.util.stream.Collectors.joining(" and ")) + " to a cgroup for the JVM under test ("
                + delegating.getMessage() + "), and " + scopeFailed + "; run: " + delegatedCommand(dir, isRoot()));
    }

    /**
     * The command that starts this jvmmark command line where it can delegate: as root, in a cgroup of its own just
     * under the hierarchy's root (whose controllers the root hands on); else as root.
     */
    static String delegatedCommand(Path dir, boolean root) {
        String again = jvmmarkCommand();
        if (!root) {
            return "sudo " + again;
        }
        Path top = dir;
        while (top.getParent() != null && Files.exists(top.getParent().resolve("cgroup.controllers"))) {
            top = top.getParent();
        }
        Path own = top.resolve("jvmmark");
        return "echo '+cpu +memory' > " + top.resolve("cgroup.subtree_control") + " && mkdir -p " + own + " && sh -c 'echo $$ > "
                + own.resolve("cgroup.procs") + " && exec " + again.replace("'", "'\\''") + "'";
    }

    /** This jvmmark's command line as the user typed it ({@code ./jvmmark run ...}), from the entry point's arguments. */
    static String jvmmarkCommand() {
        List<String> args = Invocation.args();
        if (args.isEmpty()) {
            return "./jvmmark ...";
        }
        StringBuilder sb = new StringBuilder("./jvmmark");
        for (String a : args) {
            sb.append(' ').append(a.matches("[A-Za-z0-9_./=:,@%+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** Whether the runner is root: its {@code /proc/self} belongs to uid 0 (false where that cannot be read). */
    public static boolean isRoot() {
        return Privileges.isRoot();
    }

    private String options() {
        List<String> o = new ArrayList<>();
        if (limits.cpus() != null) {
            o.add("--cpus " + TrialContainer.cpus(limits.cpus()));
        }
        if (limits.memoryBytes() != null) {
            o.add("--memory " + TrialContainer.mib(limits.memoryBytes()));
        }
        return String.join(" ", o);
    }

    /**
     * A fresh confinement for one launch: its own cgroup (when limits need one), removed when it is closed.
     *
     * @throws IOException when the cgroup cannot be made
     */
    public Confinement confine() throws IOException {
        if (scope != null) {
            return Confinement.scoped(scope.prefix(limits.cpus(), limits.memoryBytes()), cpuset);
        }
        if (cpu == null && memory == null) {
            return Confinement.pinned(cpuset);
        }
        String name = "jvmmark-" + ProcessHandle.current().pid() + "-" + LAUNCHES.incrementAndGet();
        return new Confinement(Cgroup.create(cpu, memory, limits.cpus(), limits.memoryBytes(), name), cpuset);
    }

    /** The limits asked for. */
    public ContainerLimits limits() {
        return limits;
    }

    /** The CPUs the JVM under test is pinned to (asked for, or a whole {@code --cpus} without a quota), or null. */
    public String cpuset() {
        return cpuset;
    }

    /** How the limits are applied here, for the record: "a CPU quota (cgroup v1 cpu.cfs_quota_us), a memory limit (...)". */
    public String how() {
        return how;
    }

    /** The console's line before the trials: "each JVM under test runs inside 1 CPU / 512 MiB: CPU quota of 1 (...), ...". */
    public String line() {
        return "each JVM under test (a client/server workload's server) runs inside " + limits.label() + ": " + how
                + (cpu != null || memory != null ? "; a cgroup of its own per trial, in " + String.join(" and ", java.util.stream.Stream.of(cpu,
                memory).filter(java.util.Objects::nonNull).map(k -> k.dir().toString()).distinct().toList()) : "");
    }

    /** Whether there is anything to record: limits beyond the host's own. */
    public boolean limiting() {
        return !limits.none();
    }

    private static boolean tasksetInstalled() {
        return Files.isExecutable(Path.of("/usr/bin/taskset")) || Files.isExecutable(Path.of("/bin/taskset"));
    }
}
