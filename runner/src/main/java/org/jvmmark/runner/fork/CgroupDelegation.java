package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * How a cgroup v2 cgroup comes to hand controllers to the children jvmmark makes in it. On cgroup v2 a cgroup gives
 * its children {@code cpu} or {@code memory} only when its {@code cgroup.subtree_control} lists them, and the kernel
 * refuses that while the cgroup holds processes itself (the root excepted): the runner's own cgroup, which holds the
 * runner, cannot. So, in order: the controllers are handed on already; writing them to {@code cgroup.subtree_control}
 * works (the root, or an empty cgroup); or the runner moves itself into a leaf of its own cgroup ({@code
 * jvmmark-runner-PID}, made here) and hands them on from the then empty cgroup — possible where the runner owns its
 * cgroup (root, or a cgroup delegated to it) and nothing else lives there. {@link #release} undoes the move when the run
 * ends. The cgroup's directory is a parameter, so a mounted cgroup2 hierarchy or a fake tree can stand for the host's.
 *
 * <p>Thread-safe: immutable; each call acts on the file system only.
 *
 * @param dir the cgroup whose children get the controllers
 * @param leaf the leaf the runner moved into, or null when it did not move
 * @param enabled the controllers written to {@code cgroup.subtree_control} (empty when they were there already)
 */
record CgroupDelegation(Path dir, Path leaf, List<String> enabled) {
    /** The leaf's name before the pid. */
    static final String LEAF_PREFIX = "jvmmark-runner-";
    private static final Set<CgroupDelegation> HELD = ConcurrentHashMap.newKeySet();

    /**
     * Makes {@code dir} hand {@code controllers} to its children, moving process {@code pid} (the runner) into a leaf
     * when that is what it takes.
     *
     * @throws IOException with why not, in words (what holds the cgroup, what the kernel said); nothing is left changed
     */
    static CgroupDelegation of(Path dir, List<String> controllers, long pid) throws IOException {
        Path control = dir.resolve("cgroup.subtree_control");
        List<String> missing = controllers.stream().filter(c -> !words(control).contains(c)).toList();
        if (missing.isEmpty()) {
            return new CgroupDelegation(dir, null, List.of());
        }
        String add = missing.stream().map(c -> "+" + c).collect(Collectors.joining(" "));
        try {
            Files.writeString(control, add);
            return new CgroupDelegation(dir, null, missing);
        } catch (IOException first) {
            if (!words(dir.resolve("cgroup.procs")).contains(Long.toString(pid))) {
                throw new IOException("writing " + add + " to " + control + " failed (" + Cgroup.reason(first) + ")", first);
            }
        }
        Path leaf = freshLeaf(dir, pid);
        try {
            Files.writeString(leaf.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException e) {
            removeQuietly(leaf);
            throw new IOException("cannot move the runner into " + leaf + " (" + Cgroup.reason(e) + ")", e);
        }
        try {
            Files.writeString(control, add);
            return new CgroupDelegation(dir, leaf, missing);
        } catch (IOException e) {
            List<String> others = words(dir.resolve("cgroup.procs"));
            moveBack(dir, pid);
            removeQuietly(leaf);
            throw new IOException("writing " + add + " to " + control + " failed (" + Cgroup.reason(e) + ")"
                    + (others.isEmpty() ? "" : "; other processes live in " + dir + " (" + String.join(", ", others.subList(0,
                    Math.min(5, others.size()))) + (others.size() > 5 ? ", ..." : "") + ")"), e);
        }
    }

    /**
     * Undoes {@link #of}: takes back the controllers it handed on (possible once the children it made are gone), moves
     * {@code pid} back and removes the leaf. What cannot be undone is left as it is; an empty leaf of a runner that is
     * gone is removed by the next run ({@link Container#removeStale}).
     */
    void release(long pid) {
        if (leaf == null) {
            return;
        }
        try {
            Files.writeString(dir.resolve("cgroup.subtree_control"), enabled.stream().map(c -> "-" + c).collect(Collectors.joining(" ")));
        } catch (IOException e) {
            // children of another runner still use them: the runner stays in its leaf until it exits
            return;
        }
        moveBack(dir, pid);
        removeQuietly(leaf);
    }

    /** Keeps this delegation until the runner exits, when {@link #releaseAll} undoes it. */
    void hold() {
        if (leaf != null) {
            HELD.add(this);
        }
    }

    /** Undoes every delegation held, for the runner itself: its cgroups are gone by then ({@link Cgroup}'s hook). */
    static void releaseAll() {
        long pid = ProcessHandle.current().pid();
        HELD.forEach(d -> d.release(pid));
        HELD.clear();
    }

    /** A leaf name that is not taken: jvmmark never touches a cgroup it did not make. */
    private static Path freshLeaf(Path dir, long pid) throws IOException {
        for (int n = 1; n <= Cgroup.MAX_NAME_ATTEMPTS; n++) {
            Path leaf = dir.resolve(LEAF_PREFIX + pid + (n == 1 ? "" : "-" + n));
            try {
                return Files.createDirectory(leaf);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // someone else's: try the next name
            } catch (IOException e) {
                throw new IOException("cannot make a leaf cgroup " + leaf + " for the runner (" + Cgroup.reason(e) + ")", e);
            }
        }
        throw new IOException("cannot make a leaf cgroup for the runner in " + dir + ": every name is taken");
    }

    private static void moveBack(Path dir, long pid) {
        try {
            Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException e) {
            // it stays in the leaf, still under the same limits
        }
    }

    private static void removeQuietly(Path leaf) {
        try {
            Files.deleteIfExists(leaf);
        } catch (IOException e) {
            // a process still in it: left
        }
    }

    /** The whitespace-separated words of a cgroup file; none when it cannot be read. */
    static List<String> words(Path file) {
        try {
            String text = Files.readString(file).trim();
            return text.isEmpty() ? List.of() : List.of(text.split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }
}
