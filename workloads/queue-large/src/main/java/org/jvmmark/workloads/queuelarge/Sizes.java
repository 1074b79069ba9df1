package org.jvmmark.workloads.queuelarge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Byte sizes as people write them ({@code 512m}, {@code 2g}, {@code 2xram}) and as they read
 * them ({@code 1.5 GiB}). Binary units: {@code k} = 1024. Stateless; thread-safe.
 */
final class Sizes {
    static final long GIB = 1L << 30;
    static final long MIB = 1L << 20;

    private Sizes() {
    }

    /**
     * Parses {@code 123}, {@code 64k}, {@code 512m}, {@code 2g}, {@code 1t} (an optional {@code b},
     * {@code ib} or {@code iB} after the letter is accepted) or {@code Nxram}, N times physical memory.
     *
     * @throws IllegalArgumentException naming the parameter and the accepted forms
     */
    static long parse(String param, String value, long physicalMemoryBytes) {
        String v = value.trim().toLowerCase(Locale.ROOT).replace("_", "");
        try {
            if (v.endsWith("xram")) {
                double times = Double.parseDouble(v.substring(0, v.length() - 4));
                return positive(param, value, times * physicalMemoryBytes);
            }
            v = v.replaceAll("i?b$", "");
            long unit = 1;
            char last = v.isEmpty() ? ' ' : v.charAt(v.length() - 1);
            int shift = "kmgt".indexOf(last);
            if (shift >= 0) {
                unit = 1L << (10 * (shift + 1));
                v = v.substring(0, v.length() - 1);
            }
            return positive(param, value, Double.parseDouble(v) * unit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("queue-large: " + param + "=" + value
                    + " is not a size; write e.g. 512m, 2g, 1t or 2xram (twice the physical memory)");
        }
    }

    /** Sizes at or above 2^62 bytes (4 EiB) are refused: sums and products of them would overflow. */
    static final double TOO_LARGE_BYTES = 0x1p62;

    private static long positive(String param, String value, double exact) {
        if (Double.isNaN(exact) || exact >= TOO_LARGE_BYTES) {
            throw new IllegalArgumentException("queue-large: " + param + "=" + value + " is too large (4 EiB or more)");
        }
        long bytes = (long) exact;
        if (bytes <= 0) {
            throw new IllegalArgumentException("queue-large: " + param + "=" + value + " must be more than 0 bytes");
        }
        return bytes;
    }

    /** {@code 1.5 GiB}, {@code 512 MiB}. */
    static String format(long bytes) {
        if (bytes >= GIB) {
            return trim(bytes / (double) GIB) + " GiB";
        }
        return trim(bytes / (double) MIB) + " MiB";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.1f", v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    static double gib(long bytes) {
        return bytes / (double) GIB;
    }

    /** MemTotal from {@code /proc/meminfo}, or the JVM's own idea of physical memory. */
    static long physicalMemory() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/meminfo"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux
        }
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize();
        }
        throw new IllegalStateException("cannot tell this machine's physical memory");
    }
}
