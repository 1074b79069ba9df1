package org.jvmmark.runner.jdk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.runner.base.ShortProcess;

/**
 * The machine a result set was measured on, read from {@code /proc} and {@code /sys} (Linux; other
 * systems get what the JVM knows): CPU model and count, which CPUs share an L3 cache and which are SMT siblings
 * ({@link CpuTopology}), memory, kernel, isolated CPUs, scaling governor, transparent huge pages, clock source and
 * virtualisation. A fact that cannot be read is
 * recorded as {@code null}, never guessed. Stateless and thread-safe.
 */
public final class HostInfo {
    private HostInfo() {
    }

    public static Map<String, Object> collect() {
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("hostname", hostname());
        host.put("cpuModel", cpuModel());
        host.put("cpus", Runtime.getRuntime().availableProcessors());
        host.put("onlineCpus", read("/sys/devices/system/cpu/online"));
        host.put("l3Domains", CpuTopology.l3Domains());
        host.put("smtSiblings", CpuTopology.smtSiblings());
        host.put("memoryBytes", memoryBytes());
        host.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        host.put("kernel", System.getProperty("os.version"));
        host.put("distribution", osRelease());
        String isolated = read("/sys/devices/system/cpu/isolated");
        host.put("isolatedCpus", isolated == null ? "" : isolated);
        host.put("governor", read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"));
        host.put("transparentHugePages", bracketed(read("/sys/kernel/mm/transparent_hugepage/enabled")));
        host.put("clockSource", read("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
        host.put("virtualization", virtualization());
        host.put("runnerJava", System.getProperty("java.home"));
        return host;
    }

    private static String hostname() {
        String h = read("/proc/sys/kernel/hostname");
        return h != null ? h : System.getenv("HOSTNAME");
    }

    private static String cpuModel() {
        for (String line : lines("/proc/cpuinfo")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return System.getProperty("os.arch");
    }

    private static Long memoryBytes() {
        for (String line : lines("/proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return null;
    }

    private static String osRelease() {
        for (String line : lines("/etc/os-release")) {
            if (line.startsWith("PRETTY_NAME=")) {
                return line.substring(12).replace("\"", "");
            }
        }
        return null;
    }

    /** {@code always [madvise] never} → {@code madvise}. */
    static String bracketed(String s) {
        if (s == null) {
            return null;
        }
        int a = s.indexOf('[');
        int b = s.indexOf(']');
        return a >= 0 && b > a ? s.substring(a + 1, b) : s;
    }

    /**
     * systemd-detect-virt where present (it knows Firecracker, KVM, containers...), else the
     * hypervisor flag of the CPU and the DMI vendor.
     */
    private static String virtualization() {
        try {
            String out = ShortProcess.run(List.of("systemd-detect-virt"), null, Duration.ofSeconds(5)).output().trim();
            if (!out.isEmpty()) {
                return out;
            }
        } catch (IOException e) {
            // not installed, or no answer in time: fall through to the CPU flags
        }
        boolean hypervisor = lines("/proc/cpuinfo").stream().anyMatch(l -> l.startsWith("flags") && l.contains(" hypervisor"));
        String vendor = read("/sys/class/dmi/id/sys_vendor");
        if (hypervisor) {
            return vendor == null ? "yes (hypervisor flag)" : "yes (" + vendor + ")";
        }
        return Files.exists(Path.of("/proc/cpuinfo")) ? "none detected" : null;
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file)).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
