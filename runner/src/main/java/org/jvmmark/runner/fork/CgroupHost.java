package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where this machine lets the runner put a child cgroup for the {@code cpu} and {@code memory} controllers: in the
 * runner's own cgroup of each controller's hierarchy (so that whatever limits the runner itself lives under still
 * hold for its trials), found from {@code /proc/self/mountinfo} and {@code /proc/self/cgroup} as the JVM itself finds
 * them. cgroup v1 mounts each controller on a hierarchy of its own ({@code /sys/fs/cgroup/memory}); cgroup v2 has one
 * hierarchy whose controllers a parent hands to its children through {@code cgroup.subtree_control}. A controller
 * found on both (a hybrid machine) is v1's: that is where the kernel lets it work. Immutable, hence thread-safe.
 *
 * @param cpu the {@code cpu} controller's place, or null when this machine has none
 * @param memory the {@code memory} controller's place, or null when this machine has none
 */
public record CgroupHost(Controller cpu, Controller memory) {

    /**
     * One controller's place.
     *
     * @param v2 whether it is on the unified (v2) hierarchy
     * @param dir the runner's own cgroup in that hierarchy: new cgroups are made inside it
     */
    public record Controller(String name, boolean v2, Path dir) {
        /** "cgroup v1 memory at /sys/fs/cgroup/memory/x" — for messages. */
        String where() {
            return "cgroup " + (v2 ? "v2" : "v1 " + name) + " at " + dir;
        }
    }

    /** This machine's, read from {@code /proc/self}; a controller that cannot be found is null. */
    public static CgroupHost current() {
        try {
            return of(Files.readString(Path.of("/proc/self/mountinfo")), Files.readString(Path.of("/proc/self/cgroup")), Path.of("/"));
        } catch (IOException | RuntimeException e) {
            return new CgroupHost(null, null);
        }
    }

    /**
     * The controllers as {@code mountinfo} and {@code procCgroup} describe them.
     *
     * @param root the file system root the mount points are under ({@code /}; a test's directory)
     */
    static CgroupHost of(String mountinfo, String procCgroup, Path root) {
        return new CgroupHost(find("cpu", mountinfo, procCgroup, root), find("memory", mountinfo, procCgroup, root));
    }

    private static Controller find(String name, String mountinfo, String procCgroup, Path root) {
        Controller unified = null;
        for (String line : mountinfo.split("\\R")) {
            int dash = line.indexOf(" - ");
            if (dash < 0) {
                continue;
            }
            String[] before = line.substring(0, dash).split(" ");
            String[] after = line.substring(dash + 3).split(" ");
            if (before.length < 5 || after.length < 1) {
                continue;
            }
            String mountRoot = unescape(before[3]);
            Path mountPoint = root.resolve(unescape(before[4]).substring(1));
            if (after[0].equals("cgroup") && after.length >= 3 && List.of(after[2].split(",")).contains(name)) {
                String own = ownPath(procCgroup, name, false);
                return own == null ? null : new Controller(name, false, inside(mountPoint, mountRoot, own));
            }
            if (after[0].equals("cgroup2") && unified == null && controllers(mountPoint).contains(name)) {
                String own = ownPath(procCgroup, name, true);
                unified = own == null ? null : new Controller(name, true, inside(mountPoint, mountRoot, own));
            }
        }
        return unified;
    }

    /** The controllers the v2 hierarchy mounted at {@code mountPoint} has ({@code cgroup.controllers}). */
    private static List<String> controllers(Path mountPoint) {
        try {
            return List.of(Files.readString(mountPoint.resolve("cgroup.controllers")).trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The runner's cgroup path for {@code name} in {@code /proc/self/cgroup}: "4:memory:/a/b" (v1) or "0::/a/b" (v2). */
    static String ownPath(String procCgroup, String name, boolean v2) {
        for (String line : procCgroup.split("\\R")) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && (v2 ? f[0].equals("0") && f[1].isEmpty() : List.of(f[1].split(",")).contains(name))) {
                return f[2];
            }
        }
        return null;
    }

    /** The directory of cgroup {@code path} in a hierarchy mounted at {@code mountPoint} from its {@code mountRoot}. */
    static Path inside(Path mountPoint, String mountRoot, String path) {
        String rest = mountRoot.equals("/") ? path : path.startsWith(mountRoot + "/") ? path.substring(mountRoot.length())
                : path.equals(mountRoot) ? "/" : path; // a cgroup namespace shows paths from its own root already
        String relative = rest.replaceFirst("^/+", "");
        return relative.isEmpty() ? mountPoint : mountPoint.resolve(relative);
    }

    /** mountinfo escapes space, tab, newline and backslash as octal ({@code \040}). */
    private static String unescape(String s) {
        return s.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
    }
}
