package org.jvmmark.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pins the calling thread to one CPU and reports the CPUs it actually has afterwards.
 *
 * <p>Why not OpenHFT affinity: it needs JNA (and its native library) on the classpath of the JVM
 * under test, which would change the footprint and startup figures jvmmark exists to compare.
 * Instead the thread's kernel id is read from {@code /proc/thread-self} and {@code taskset -p -c}
 * (util-linux) sets its affinity from outside; the result is read back from the thread's own
 * {@code Cpus_allowed_list}, so what is reported is what the kernel says, not what was asked for.
 * Pinning costs a process start, once per thread, before measurement begins. Where {@code /proc}
 * or {@code taskset} is missing the thread stays as it was and the outcome says why.
 *
 * <p>Thread-safe (stateless); each call acts on the calling thread.
 */
public final class CpuAffinity {
    private CpuAffinity() {
    }

    /** The outcome of a pinning request. Immutable. */
    public static final class Pinning {
        private final int requested;
        private final String obtained;
        private final String note;

        Pinning(int requested, String obtained, String note) {
            this.requested = requested;
            this.obtained = obtained;
            this.note = note;
        }

        /** The CPU asked for, or -1 if none was (the thread was left unpinned). */
        public int requested() {
            return requested;
        }

        /** The thread's CPU list as the kernel reports it after the request, e.g. {@code "1"} or {@code "0-1"}. */
        public String obtained() {
            return obtained;
        }

        /** Why the obtained set differs from the request, or {@code null}. */
        public String note() {
            return note;
        }

        public boolean isPinned() {
            return requested >= 0 && String.valueOf(requested).equals(obtained);
        }

        java.util.Map<String, Object> toMap() {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("requested", requested < 0 ? null : requested);
            m.put("obtained", obtained);
            if (note != null) {
                m.put("note", note);
            }
            return m;
        }

        @Override
        public String toString() {
            return "CPUs " + obtained + (requested >= 0 ? " (asked for " + requested + ")" : "") + (note == null ? "" : "; " + note);
        }
    }

    /** The calling thread's allowed CPUs as the kernel lists them ({@code "0-3,6"}), or {@code "unknown"}. */
    public static String currentCpus() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/thread-self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring("Cpus_allowed_list:".length()).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc not mounted
        }
        return "unknown";
    }

    /** Parses a kernel CPU list such as {@code "0-2,5"}; empty for {@code "unknown"}. */
    public static List<Integer> parseList(String list) {
        List<Integer> cpus = new ArrayList<>();
        if (list == null || list.isEmpty() || list.equals("unknown")) {
            return cpus;
        }
        for (String part : list.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            if (dash < 0) {
                cpus.add(Integer.parseInt(p));
            } else {
                for (int c = Integer.parseInt(p.substring(0, dash)); c <= Integer.parseInt(p.substring(dash + 1)); c++) {
                    cpus.add(c);
                }
            }
        }
        return cpus;
    }

    /** Leaves the calling thread as it is and reports its CPUs. */
    public static Pinning unpinned(String why) {
        return new Pinning(-1, currentCpus(), why);
    }

    /** Pins the calling thread to {@code cpu}; never throws for an environment that refuses. */
    public static Pinning pinCurrentThread(int cpu) {
        String note = null;
        try {
            Path self = Files.readSymbolicLink(Paths.get("/proc/thread-self"));
            String tid = self.getFileName().toString();
            Process p = new ProcessBuilder("taskset", "-p", "-c", String.valueOf(cpu), tid)
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                note = "taskset did not finish";
            } else if (p.exitValue() != 0) {
                note = "taskset failed: " + new String(out, StandardCharsets.UTF_8).trim().replace('\n', ' ');
            }
        } catch (IOException e) {
            note = "cannot pin (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            note = "interrupted while pinning";
        }
        String obtained = currentCpus();
        if (note == null && !String.valueOf(cpu).equals(obtained)) {
            note = "kernel reports " + obtained + " after pinning";
        }
        return new Pinning(cpu, obtained, note);
    }

    /**
     * The CPUs the harness gives its threads under {@code affinity(true)}: the benchmark thread
     * gets the highest allowed CPU, the jitter thread the next one down; CPU 0 is never taken (it
     * serves the OS's interrupts and housekeeping), and a thread for which no CPU is left gets -1.
     */
    static int[] plan(List<Integer> allowed, boolean jitter) {
        List<Integer> usable = new ArrayList<>(allowed);
        usable.remove(Integer.valueOf(0));
        int benchmark = usable.isEmpty() ? -1 : usable.remove(usable.size() - 1);
        int jitterCpu = jitter && !usable.isEmpty() ? usable.remove(usable.size() - 1) : -1;
        return new int[] {benchmark, jitterCpu};
    }
}
