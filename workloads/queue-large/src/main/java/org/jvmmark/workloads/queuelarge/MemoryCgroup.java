package org.jvmmark.workloads.queuelarge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * A memory cgroup of a given size that this JVM moves itself into, so that everything it touches
 * afterwards — above all the page cache of the files it writes and reads — is bounded by the
 * limit: "larger than memory" at a few gigabytes of disk. On close the JVM moves back and the
 * cgroup is removed.
 *
 * <p>The cgroup is created <em>inside</em> the cgroup this JVM already belongs to (as a delegated
 * child), never elsewhere in the hierarchy: whatever limits the machine's owner set still apply.
 * cgroup v1 (the {@code memory} controller, {@code memory.limit_in_bytes}) is preferred where the
 * memory controller is bound there; cgroup v2 ({@code memory.max}) otherwise. Its name carries the
 * pid; a shutdown hook leaves and removes it when the JVM is asked to stop (SIGTERM), and a cgroup
 * left by a JVM killed outright is removed by the next trial ({@link #removeStale()}).
 *
 * <p>On cgroup v2 this JVM cannot make that child: its own cgroup holds it, and v2 gives no controller to the children
 * of a cgroup with processes. There the runner gives the limit instead, as it gives {@code --memory}: the JVM starts in
 * a cgroup of the runner's or a systemd scope whose {@code memory.max} is the limit (or smaller: the run's own {@code
 * --memory}). {@link #enter} then takes that cgroup as it is ({@link #given}): nothing is made, moved or removed.
 *
 * <p>What cannot be obtained is said, never pretended: {@link #enter} throws
 * {@link Unavailable} with the reason (not root, no memory controller, cgroup v2's rule that a
 * cgroup with processes cannot give its children controllers, ...).
 *
 * <p>Thread-safe.
 */
final class MemoryCgroup implements AutoCloseable {
    static final String PREFIX = "jvmmark-queue-large-";

    /** Why no memory cgroup could be used; the message is one line for the trial's result. */
    static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable(String reason) {
            super(reason);
        }
    }

    private final int version;
    private final Path dir;
    private final Path home;
    private final long limitBytes;
    private final Thread leaveOnExit;
    private boolean closed;

    private MemoryCgroup(int version, Path dir, Path home, long limitBytes) {
        this.version = version;
        this.dir = dir;
        this.home = home;
        this.limitBytes = limitBytes;
        this.leaveOnExit = home == null ? null : new Thread(this::closeQuietly, "jvmmark-cgroup-cleanup");
        if (leaveOnExit != null) {
            Runtime.getRuntime().addShutdownHook(leaveOnExit);
        }
    }

    /** Where this JVM's memory cgroup is: the version, and the directory of its own cgroup. */
    private static final class Location {
        final int version;
        final Path own;

        Location(int version, Path own) {
            this.version = version;
            this.own = own;
        }
    }

    /**
     * Creates a cgroup limited to {@code limitBytes} inside this JVM's own memory cgroup and moves
     * the whole JVM (every thread) into it.
     *
     * @throws Unavailable when no memory cgroup can be used here, with the reason
     */
    static MemoryCgroup enter(long limitBytes) throws Unavailable {
        Location at = locate();
        MemoryCgroup given = at.version == 2 ? given(at.own, limitBytes) : null;
        if (given != null) {
            return given;
        }
        Path dir = at.own.resolve(PREFIX + ProcessHandle.current().pid());
        try {
            if (at.version == 2) {
                enableMemoryForChildren(at.own);
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new Unavailable("cannot create the memory cgroup " + dir + " (" + reason(e) + ")"
                    + (isRoot() ? "" : "; creating cgroups needs root or a cgroup delegated to this user"));
        }
        try {
            write(dir.resolve(at.version == 1 ? "memory.limit_in_bytes" : "memory.max"), Long.toString(limitBytes));
            if (at.version == 2 && Files.exists(dir.resolve("memory.swap.max"))) {
                write(dir.resolve("memory.swap.max"), "0");
            }
            write(dir.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
        } catch (IOException e) {
            removeQuietly(dir);
            throw new Unavailable("cannot limit or join the memory cgroup " + dir + " (" + reason(e) + ")");
        }
        MemoryCgroup cgroup = new MemoryCgroup(at.version, dir, at.own, limitBytes);
        long applied = cgroup.limitApplied();
        if (applied <= 0 || applied > limitBytes + (1 << 20)) {
            try {
                cgroup.close();
            } catch (IOException e) {
                // the next trial removes it
            }
            throw new Unavailable("the memory cgroup " + dir + " did not take the limit " + limitBytes + " (it reads " + applied + ")");
        }
        return cgroup;
    }

    /**
     * The cgroup v2 cgroup {@code own} this JVM started in, when its {@code memory.max} is {@code limitBytes} or less
     * (the runner put the JVM there with the limit: a cgroup of its own, a systemd scope); null when it sets no such
     * limit. Taken as it is: closing it leaves it to whoever made it.
     */
    static MemoryCgroup given(Path own, long limitBytes) {
        String max;
        try {
            max = new String(Files.readAllBytes(own.resolve("memory.max")), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return null;
        }
        if (!max.matches("[0-9]+") || Long.parseLong(max) <= 0 || Long.parseLong(max) > limitBytes + (1 << 20)) {
            return null;
        }
        return new MemoryCgroup(2, own, null, limitBytes);
    }

    /** Whether the runner gave this cgroup with its limit ({@link #given}), rather than this JVM making it. */
    boolean givenByRunner() {
        return home == null;
    }

    private static Location locate() throws Unavailable {
        List<String> cgroups;
        List<String> mounts;
        try {
            cgroups = Files.readAllLines(Paths.get("/proc/self/cgroup"), StandardCharsets.UTF_8);
            mounts = Files.readAllLines(Paths.get("/proc/self/mountinfo"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Unavailable("no cgroups on this system (" + reason(e) + ")");
        }
        String v1Path = null;
        String v2Path = null;
        for (String line : cgroups) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && f[0].equals("0") && f[1].isEmpty()) {
                v2Path = f[2];
            } else if (f.length == 3 && List.of(f[1].split(",")).contains("memory")) {
                v1Path = f[2];
            }
        }
        for (String line : mounts) {
            // id parent major:minor root mountPoint options [optional...] - fstype source superOptions
            String[] f = line.split(" ");
            int dash = List.of(f).indexOf("-");
            if (dash < 0 || f.length < dash + 4) {
                continue;
            }
            String type = f[dash + 1];
            String root = f[3];
            Path mountPoint = Paths.get(f[4]);
            if (v1Path != null && type.equals("cgroup") && List.of(f[dash + 3].split(",")).contains("memory")) {
                return new Location(1, mountPoint.resolve(relative(root, v1Path)));
            }
        }
        for (String line : mounts) {
            String[] f = line.split(" ");
            int dash = List.of(f).indexOf("-");
            if (v2Path != null && dash > 0 && f.length > dash + 1 && f[dash + 1].equals("cgroup2")) {
                Path own = Paths.get(f[4]).resolve(relative(f[3], v2Path));
                if (controllers(own).contains("memory")) {
                    return new Location(2, own);
                }
                throw new Unavailable("cgroup v2 is mounted at " + f[4] + " but its memory controller is not available to " + own
                        + (v1Path == null ? "" : " (it is bound to cgroup v1, which is not mounted)"));
            }
        }
        throw new Unavailable("no memory cgroup controller is mounted (neither cgroup v1 'memory' nor cgroup v2 with 'memory')");
    }

    /** The cgroup path relative to the mount's root, without a leading slash. */
    private static String relative(String mountRoot, String cgroupPath) {
        String p = cgroupPath;
        if (!mountRoot.equals("/") && p.startsWith(mountRoot)) {
            p = p.substring(mountRoot.length());
        }
        return p.replaceFirst("^/+", "");
    }

    private static List<String> controllers(Path dir) {
        try {
            return List.of(new String(Files.readAllBytes(dir.resolve("cgroup.controllers")), StandardCharsets.US_ASCII).trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * cgroup v2 gives a child a controller only when the parent's {@code cgroup.subtree_control}
     * lists it, and refuses that while the parent holds processes itself (except at the root).
     */
    private static void enableMemoryForChildren(Path own) throws IOException {
        Path control = own.resolve("cgroup.subtree_control");
        String enabled = new String(Files.readAllBytes(control), StandardCharsets.US_ASCII);
        if (!List.of(enabled.trim().split("\\s+")).contains("memory")) {
            try {
                write(control, "+memory");
            } catch (IOException e) {
                // This JVM cannot leave its cgroup for a leaf: the runner's pid may live there too, and the
                // cgroup is the runner's to arrange (CgroupDelegation, SystemdScope in the runner).
                throw new IOException(reason(e) + ": cgroup v2 cannot give memory to a child of " + own
                        + " while processes live in it; on cgroup v2 the runner gives memoryLimit (a cgroup or systemd scope"
                        + " per trial, as for --memory), and it did not here (its warning says why)", e);
            }
        }
    }

    /** Removes the cgroups of this workload whose process is gone (they hold no process). */
    static List<Path> removeStale() {
        List<Path> removed = new ArrayList<>();
        Location at;
        try {
            at = locate();
        } catch (Unavailable e) {
            return removed;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(at.own, PREFIX + "*")) {
            for (Path dir : s) {
                String pid = dir.getFileName().toString().substring(PREFIX.length());
                if (pid.matches("[0-9]+") && !ProcessHandle.of(Long.parseLong(pid)).isPresent() && removeQuietly(dir)) {
                    removed.add(dir);
                }
            }
        } catch (IOException e) {
            // nothing to sweep
        }
        return removed;
    }

    int version() {
        return version;
    }

    Path path() {
        return dir;
    }

    long limitRequested() {
        return limitBytes;
    }

    /** The limit as the kernel holds it (rounded to pages). */
    long limitApplied() {
        String v = read(version == 1 ? "memory.limit_in_bytes" : "memory.max");
        return v == null || v.equals("max") ? -1 : Long.parseLong(v);
    }

    /** Page cache charged to the cgroup now ({@code cache} in v1, {@code file} in v2), or -1. */
    long pageCacheBytes() {
        return stat(version == 1 ? "cache" : "file");
    }

    /** Memory charged now (page cache included), or -1. */
    long usageBytes() {
        String v = read(version == 1 ? "memory.usage_in_bytes" : "memory.current");
        return v == null ? -1 : Long.parseLong(v);
    }

    /** The most ever charged, or -1 where the kernel does not say ({@code memory.peak} is 5.19+). */
    long peakUsageBytes() {
        String v = read(version == 1 ? "memory.max_usage_in_bytes" : "memory.peak");
        return v == null ? -1 : Long.parseLong(v);
    }

    private long stat(String key) {
        String all = read("memory.stat");
        if (all == null) {
            return -1;
        }
        for (String line : all.split("\n")) {
            String[] kv = line.trim().split(" ");
            if (kv.length == 2 && kv[0].equals(key)) {
                return Long.parseLong(kv[1]);
            }
        }
        return -1;
    }

    private synchronized String read(String file) {
        if (closed) {
            return null;
        }
        try {
            return new String(Files.readAllBytes(dir.resolve(file)), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Moves this JVM back to the cgroup it came from and removes this one. Under cgroup v2 the
     * parent may refuse processes (its children have controllers); the cgroup then stays until
     * this JVM exits and the next trial removes it.
     *
     * @throws IOException when it cannot be removed
     */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (leaveOnExit == null) {
            return; // the runner's: it removes it after this JVM
        }
        try {
            Runtime.getRuntime().removeShutdownHook(leaveOnExit);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook runs (or ran) anyway
        }
        write(home.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
        if (!removeQuietly(dir)) {
            throw new IOException("could not remove the memory cgroup " + dir);
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException e) {
            // the next trial removes it
        }
    }

    private static boolean removeQuietly(Path dir) {
        try {
            Files.deleteIfExists(dir);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void write(Path file, String value) throws IOException {
        Files.write(file, value.getBytes(StandardCharsets.US_ASCII));
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static String reason(IOException e) {
        String name = e.getClass().getSimpleName();
        String message = e.getMessage();
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException && ((java.nio.file.FileSystemException) e).getReason() != null) {
            return ((java.nio.file.FileSystemException) e).getReason();
        }
        return message == null ? name : message;
    }
}
