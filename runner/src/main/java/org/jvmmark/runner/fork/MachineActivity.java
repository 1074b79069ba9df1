package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jvmmark.results.Disturbance;

/**
 * Measures what else ran on the machine while a fork ran, from the kernel's own counters: the machine's
 * busy CPU time from {@code /proc/stat} (user, nice, system, irq, softirq and steal, summed over every
 * CPU), less the CPU time of the runner and of every process it started and reaped during the window
 * (the runner's own {@code utime + stime + cutime + cstime} in {@code /proc/self/stat}: the kernel adds a
 * child's CPU time, and that of the children it reaped in turn, to its parent's {@code cutime/cstime} when
 * the parent reaps it). So the JVM under test, a client/server trial's driver, and whatever they start and
 * wait for (a user's own server, {@code server=app}) are the trial's own; everything else — another user's
 * build, a CPU burner, a process a killed child left behind — is another process's.
 *
 * <p><b>The threshold.</b> A fork is disturbed when other processes used more than {@value #THRESHOLD_CPUS}
 * CPUs on average over its window. On the 2-CPU Firecracker VM this was written on (2026-11-27), the whole
 * machine was busy 0.002–0.016 CPUs in 5 s windows when nothing ran (the kernel's threads, the VM's agent),
 * and smoke forks of {@code synthetic} read 0.011–0.028 CPUs of others while no one else used the machine
 * (0.17 in one fork during which another user's command briefly ran). One busy loop beside the forks read
 * 1.0–1.5 CPUs of others, a busy loop on each CPU 1.3–1.5 (the trial takes its share back). A quarter of a
 * CPU is then an order of magnitude above the quiet figures (no false alarm from the machine's own
 * background) and a quarter of what one competing thread takes over a whole window (a thread that competes
 * for a quarter of the window is caught). Steal time counts as another process's (the hypervisor ran
 * another guest while this one wanted the CPU); the load average is kept as context only, since it counts
 * the trial's own runnable threads too.
 *
 * <p>Where there is no {@code /proc} (not Linux) nothing is measured: {@link #sample()} returns null.
 * Stateless and thread-safe; a window must not overlap another trial's (the runner runs one at a time).
 */
public final class MachineActivity {
    /** Other processes' average CPUs over a fork's window above which the fork is disturbed. */
    public static final double THRESHOLD_CPUS = 0.25;
    /**
     * The unit of {@code /proc/stat} and {@code /proc/<pid>/stat} times: {@code USER_HZ}, which the kernel fixes
     * at 100 on every architecture Java runs on (it is not the kernel's internal {@code HZ}).
     */
    static final double TICKS_PER_SECOND = 100;

    private static final Path STAT = Path.of("/proc/stat");
    private static final Path SELF = Path.of("/proc/self/stat");
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private MachineActivity() {
    }

    /**
     * The counters at one instant.
     *
     * @param busyTicks the machine's busy time over all CPUs, steal included
     * @param stealTicks the machine's steal time over all CPUs
     * @param ownTicks the runner's CPU time and that of the children it has reaped
     * @param runnerTicks the runner's own CPU time, its children's left out
     */
    public record Sample(long nanos, long busyTicks, long stealTicks, long ownTicks, long runnerTicks) {
        /** A sample without the runner's own time apart (it counts as none). */
        public Sample(long nanos, long busyTicks, long stealTicks, long ownTicks) {
            this(nanos, busyTicks, stealTicks, ownTicks, 0);
        }
    }

    /** The counters now, or null when they cannot be read (no {@code /proc}). */
    public static Sample sample() {
        try {
            String self = Files.readString(SELF);
            long[] cpu = machineTicks(Files.readString(STAT));
            return new Sample(System.nanoTime(), cpu[0], cpu[1], ownTicks(self), runnerTicks(self));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * What other processes did between {@code start} and {@code end}, judged against {@link #THRESHOLD_CPUS} when
     * {@code judge}; null when either sample is missing.
     */
    public static Disturbance between(Sample start, Sample end, boolean judge) {
        if (start == null || end == null) {
            return null;
        }
        return between(start, end, loadAverage(), judge ? THRESHOLD_CPUS : null);
    }

    /** @param thresholdCpus null: measured, not judged */
    static Disturbance between(Sample start, Sample end, Double loadAverage, Double thresholdCpus) {
        double window = (end.nanos() - start.nanos()) / 1e9;
        double busy = (end.busyTicks() - start.busyTicks()) / TICKS_PER_SECOND;
        double own = (end.ownTicks() - start.ownTicks()) / TICKS_PER_SECOND;
        double steal = (end.stealTicks() - start.stealTicks()) / TICKS_PER_SECOND;
        double runner = (end.runnerTicks() - start.runnerTicks()) / TICKS_PER_SECOND;
        return Disturbance.judged(window, busy - own, steal, loadAverage, thresholdCpus, runner);
    }

    /**
     * {@code [busy, steal]} ticks of the {@code cpu} line of {@code /proc/stat}: user nice system idle iowait irq
     * softirq steal (guest time is already inside user).
     */
    static long[] machineTicks(String procStat) {
        for (String line : procStat.split("\n")) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                long user = Long.parseLong(f[1]);
                long nice = Long.parseLong(f[2]);
                long system = Long.parseLong(f[3]);
                long irq = f.length > 6 ? Long.parseLong(f[6]) : 0;
                long softirq = f.length > 7 ? Long.parseLong(f[7]) : 0;
                long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
                return new long[] {user + nice + system + irq + softirq + steal, steal};
            }
        }
        throw new IllegalArgumentException("no cpu line in /proc/stat");
    }

    /**
     * {@code utime + stime + cutime + cstime} of a {@code /proc/<pid>/stat} line (fields 14–17): the process and the
     * children it reaped.
     */
    static long ownTicks(String pidStat) {
        long[] t = times(pidStat);
        return t[0] + t[1] + t[2] + t[3];
    }

    /** {@code utime + stime} of a {@code /proc/<pid>/stat} line (fields 14–15): the process's own threads alone. */
    static long runnerTicks(String pidStat) {
        long[] t = times(pidStat);
        return t[0] + t[1];
    }

    /**
     * Fields 14–17 of a {@code /proc/<pid>/stat} line; the command name in parentheses may itself hold spaces and
     * parentheses, so fields are counted after the last ')'.
     */
    private static long[] times(String pidStat) {
        String[] f = pidStat.substring(pidStat.lastIndexOf(')') + 2).trim().split("\\s+");
        // f[0] is field 3 (state): utime is field 14
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])};
    }

    /** The one-minute load average, or null. */
    static Double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(LOADAVG).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
