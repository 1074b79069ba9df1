package org.jvmmark.runner.jdk;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which CPUs share what, from {@code /sys/devices/system/cpu}: the L3 domains (the CPUs sharing each L3 cache,
 * {@code cache/index3/shared_cpu_list}) and the SMT siblings (the hardware threads of each core, {@code
 * topology/thread_siblings_list}). Each is a list of CPU lists in the kernel's syntax, one per domain or core, in
 * the order of their lowest CPU: {@code ["0-1"]} is one L3 for both CPUs, {@code ["0", "1"]} two. A hand-off
 * between CPUs of two L3 domains costs several times one inside a domain, which is why a report names them.
 * Stateless and thread-safe.
 */
public final class CpuTopology {
    private static final Path CPUS = Path.of("/sys/devices/system/cpu");

    private CpuTopology() {
    }

    /** The L3 domains of this machine, or null when the system does not say (no L3, not Linux). */
    public static List<String> l3Domains() {
        return groups(CPUS, "cache/index3/shared_cpu_list");
    }

    /** The SMT siblings of this machine, one list per core, or null when the system does not say. */
    public static List<String> smtSiblings() {
        return groups(CPUS, "topology/thread_siblings_list");
    }

    /**
     * The distinct contents of {@code cpuN/<file>} under {@code root} over every CPU directory, ordered by CPU
     * number; null when no CPU has the file.
     */
    static List<String> groups(Path root, String file) {
        TreeMap<Integer, String> byCpu = new TreeMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, "cpu[0-9]*")) {
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                Path f = dir.resolve(file);
                if (name.substring(3).chars().allMatch(Character::isDigit) && Files.isReadable(f)) {
                    byCpu.put(Integer.parseInt(name.substring(3)), Files.readString(f).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (byCpu.isEmpty()) {
            return null;
        }
        Set<String> distinct = new LinkedHashSet<>(byCpu.values());
        return List.copyOf(new ArrayList<>(distinct));
    }
}
