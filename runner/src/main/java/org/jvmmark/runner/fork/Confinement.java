package org.jvmmark.runner.fork;

import java.util.ArrayList;
import java.util.List;

/**
 * What one launched process runs inside, and the words that put it there: the front of its command line. A {@link
 * Cgroup} is entered by a small {@code sh} that writes its own pid into the cgroup's {@code cgroup.procs} files and
 * then execs the rest, so the JVM starts inside its limits (its ergonomics read them at start, as in a container); a
 * cpuset is {@code taskset -c}; a systemd scope ({@link SystemdScope}) is {@code systemd-run --scope}. All exec in place: the process's pid stays the JVM's. The only place a launch is
 * limited; {@link ForkedJvm} and the ergonomics probe ({@link Ergonomics}) both take one. Closing removes the cgroup.
 * Thread-safe.
 */
public final class Confinement implements AutoCloseable {
    /** Nothing: the whole host. */
    public static final Confinement NONE = new Confinement(null, null);
    /** The exit status of the entering shell when it cannot enter the cgroup. */
    static final int CANNOT_ENTER = 125;
    private static final String ENTER = "p=$$; while [ \"$1\" != -- ]; do (echo $p > \"$1\") 2>/dev/null"
            + " || { echo \"jvmmark: cannot enter cgroup $1\" >&2; exit " + CANNOT_ENTER + "; }; shift; done; shift; exec \"$@\"";

    private final Cgroup cgroup;
    private final String cpuset;
    /** Words that put the process in a place jvmmark does not own (a systemd scope), before any cpuset; empty when none. */
    private final List<String> launcher;

    Confinement(Cgroup cgroup, String cpuset) {
        this(cgroup, cpuset, List.of());
    }

    private Confinement(Cgroup cgroup, String cpuset, List<String> launcher) {
        this.cgroup = cgroup;
        this.cpuset = cpuset;
        this.launcher = List.copyOf(launcher);
    }

    /** In the place {@code launcher} puts it ({@code systemd-run --scope ... --}), pinned to {@code cpuset} when not null. */
    static Confinement scoped(List<String> launcher, String cpuset) {
        return new Confinement(null, cpuset, launcher);
    }

    /** Pinned to {@code cpus} ({@code taskset -c} syntax) and nothing else; {@link #NONE} when null. */
    public static Confinement pinned(String cpus) {
        return cpus == null ? NONE : new Confinement(null, cpus);
    }

    /** The words to put before the {@code java} of the command line (empty for {@link #NONE}). */
    public List<String> prefix() {
        List<String> words = new ArrayList<>(launcher);
        if (cgroup != null) {
            words.addAll(List.of("sh", "-c", ENTER, "jvmmark-cgroup"));
            cgroup.procsFiles().forEach(f -> words.add(f.toString()));
            words.add("--");
        }
        if (cpuset != null) {
            words.addAll(List.of("taskset", "-c", cpuset));
        }
        return words;
    }

    /** The CPUs the process is pinned to, or null when it is not. */
    public String cpuset() {
        return cpuset;
    }

    /**
     * Why the process died, when the kernel's OOM killer killed it at the memory limit: "killed by the kernel's OOM
     * killer at the container's memory limit (1 process)"; null when it did not (or the kernel does not say).
     */
    public String oomKilled() {
        int kills = cgroup == null ? 0 : cgroup.oomKills();
        return kills == 0 ? null : "killed by the kernel's OOM killer at the container's memory limit (" + kills + " process"
                + (kills == 1 ? "" : "es") + ")";
    }

    /** Removes the cgroup (when there is one); the process must have ended. */
    @Override
    public void close() {
        if (cgroup != null) {
            cgroup.close();
        }
    }
}
