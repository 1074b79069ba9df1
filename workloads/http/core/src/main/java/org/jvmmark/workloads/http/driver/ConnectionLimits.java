package org.jvmmark.workloads.http.driver;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

/**
 * Whether this machine can hold a number of connections, checked before any is opened: each
 * connection costs the driver one open file and the server one, and each needs an ephemeral port
 * of its source address. A level that cannot be held gives one line naming the limit and the fix.
 * Stateless and thread-safe.
 */
final class ConnectionLimits {
    /** Files a process needs besides its connections (jars, selectors, logs, pipes). */
    static final int SPARE_FILES = 200;

    private ConnectionLimits() {
    }

    /**
     * @param driverMaxFiles open files this process may hold
     * @param serverMaxFiles open files the server process may hold, or -1 if unknown
     * @param portsPerAddress ephemeral ports per source address
     * @return why {@code connections} cannot be held, or {@code null} when they can
     */
    static String problem(int connections, long driverMaxFiles, long serverMaxFiles, int portsPerAddress, int sourceAddresses) {
        long needed = (long) connections + SPARE_FILES;
        if (needed > driverMaxFiles) {
            return String.format(Locale.ROOT, "cannot hold %,d connections: the driver may open %,d files (open-file limit, ulimit -n)"
                    + " and needs %,d; raise the hard limit (ulimit -Hn, /etc/security/limits.conf) or use fewer connections",
                    connections, driverMaxFiles, needed);
        }
        if (serverMaxFiles >= 0 && needed > serverMaxFiles) {
            return String.format(Locale.ROOT, "cannot hold %,d connections: the server may open %,d files (open-file limit, ulimit -n)"
                    + " and needs %,d; raise the hard limit (ulimit -Hn, /etc/security/limits.conf) or use fewer connections",
                    connections, serverMaxFiles, needed);
        }
        long ports = (long) portsPerAddress * sourceAddresses;
        if (connections > ports) {
            return String.format(Locale.ROOT, "cannot hold %,d connections: %d source addresses × %,d ephemeral ports"
                    + " (net.ipv4.ip_local_port_range) give %,d; widen ip_local_port_range or raise sourceAddresses",
                    connections, sourceAddresses, portsPerAddress, ports);
        }
        return null;
    }

    /** This process's open-file limit (the JVM raises its soft limit to the hard one at start). */
    static long ownMaxFiles() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean) {
            return ((com.sun.management.UnixOperatingSystemMXBean) os).getMaxFileDescriptorCount();
        }
        return Long.MAX_VALUE;
    }

    /** A process's soft open-file limit from {@code /proc/<pid>/limits}, or -1. */
    static long maxFiles(long pid) {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc", Long.toString(pid), "limits"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Max open files")) {
                    String[] f = line.substring("Max open files".length()).trim().split("\\s+");
                    return f[0].equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(f[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux or not ours to read
        }
        return -1;
    }

    /** Ports in {@code net.ipv4.ip_local_port_range}; 28,232 (Linux's default) if unreadable. */
    static int ephemeralPorts() {
        Path range = Paths.get("/proc/sys/net/ipv4/ip_local_port_range");
        try {
            List<String> lines = Files.readAllLines(range, StandardCharsets.UTF_8);
            String[] f = lines.get(0).trim().split("\\s+");
            return Integer.parseInt(f[1]) - Integer.parseInt(f[0]) + 1;
        } catch (IOException | RuntimeException e) {
            return 28_232;
        }
    }
}
