package org.jvmmark.runner.fork;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jvmmark.results.Command;
import org.jvmmark.results.TrialContainer;
import org.jvmmark.runner.base.UserException;

/**
 * The container the user deploys into, as {@code run} and {@code tune} were asked for it: {@code --cpus N} (Docker's
 * meaning: a CPU quota of N CPUs' worth of time, fractional allowed), {@code --memory SIZE} (a memory limit) and
 * {@code --cpuset LIST} (the CPUs the JVM under test may run on). What the machine makes of them is {@link Container}'s
 * business; this is only the request, parsed and recorded. Immutable, hence thread-safe.
 *
 * @param cpus the CPU quota in CPUs ({@code --cpus}), or null for none
 * @param memoryBytes the memory limit ({@code --memory}), or null for none
 * @param cpuset the CPUs to pin to ({@code --cpuset}, {@code taskset -c} syntax), or null for none
 */
public record ContainerLimits(Double cpus, Long memoryBytes, String cpuset) {
    /** No limits: the JVM under test sees the whole host. */
    public static final ContainerLimits NONE = new ContainerLimits(null, null, null);
    /** Docker's smallest {@code --memory}; a JVM needs more than this anyway. */
    static final long MIN_MEMORY_BYTES = 6L << 20;
    /** Docker's smallest {@code --cpus}: 1 ms of CPU time per 100 ms period, the kernel's smallest quota. */
    static final double MIN_CPUS = 0.01;
    /** The largest {@code --memory}: 1 PiB, past any host; a larger number is a typo, or would wrap a long. */
    static final long MAX_MEMORY_BYTES = 1L << 50;
    /** The most {@code --cpus}: past any host; a quota of more would overflow the kernel's microseconds. */
    static final double MAX_CPUS = 65_536;
    private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([bkmgt]?)(?:i?b)?");

    /**
     * The limits as given on a command line, each option checked into a one-line error.
     *
     * @param cpus {@code --cpus}, or null
     * @param memory {@code --memory}, or null
     * @param cpuset {@code --cpuset}, or null
     */
    public static ContainerLimits parse(String cpus, String memory, String cpuset) {
        return new ContainerLimits(cpus == null ? null : cpus(cpus), memory == null ? null : memoryBytes(memory),
                cpuset == null || cpuset.isBlank() ? null : cpuset.trim());
    }

    /**
     * {@code --cpus N}: a positive number of CPUs, at least {@value #MIN_CPUS}. A CPU list ({@code 0-1}, {@code 1,3})
     * is what {@code --cpus} took before it meant a quota: the error names {@code --cpuset}.
     */
    static double cpus(String text) {
        String t = text.trim();
        if (t.matches("[0-9]+(\\s*[-,]\\s*[0-9]+)+.*")) {
            throw new UserException("--cpus takes a number of CPUs (e.g. 1 or 1.5, a CPU quota); to pin to the CPUs " + t
                    + " use --cpuset " + t);
        }
        double n;
        try {
            n = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new UserException("--cpus '" + t + "' is not a number of CPUs (e.g. 1 or 1.5)");
        }
        if (!(n >= MIN_CPUS) || Double.isInfinite(n)) {
            throw new UserException("--cpus " + t + ": give at least " + MIN_CPUS + " CPUs (e.g. 1 or 1.5)");
        }
        if (n > MAX_CPUS) {
            throw new UserException("--cpus " + t + ": give at most " + (long) MAX_CPUS + " CPUs");
        }
        return n;
    }

    /** {@code --memory SIZE}: bytes, or with b, k, m, g or t (KiB, MiB, GiB, TiB; Docker's spelling), at least 6m. */
    static long memoryBytes(String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UserException("--memory '" + text.trim() + "' is not a size (e.g. 512m, 2g)");
        }
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        BigDecimal exact = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(1L << shift));
        if (exact.compareTo(BigDecimal.valueOf(MAX_MEMORY_BYTES)) > 0) {
            // longValue() would wrap: 16777217t is 2^64 + 1 TiB and came out as 1 TiB
            throw new UserException("--memory " + text.trim() + ": the largest limit is 1024t (1 PiB)");
        }
        long bytes = exact.longValue();
        if (bytes < MIN_MEMORY_BYTES) {
            throw new UserException("--memory " + text.trim() + ": the smallest limit is 6m");
        }
        return bytes;
    }

    /** Whether nothing was asked for. */
    public boolean none() {
        return cpus == null && memoryBytes == null && cpuset == null;
    }

    /** "1 CPU / 512 MiB": what a reader is told the trials ran inside. */
    public String label() {
        return new TrialContainer(cpus, memoryBytes, cpuset, null, null, null).label();
    }

    /** These limits as a results file's command records them ({@code cpus} a number, {@code memoryBytes}, {@code cpuset}). */
    public Command.Container recorded() {
        return new Command.Container(cpus, memoryBytes, cpuset);
    }

    /** The limits a results file's command recorded (an older file's CPU list, {@code cpus} as text, is the cpuset). */
    public static ContainerLimits of(Command.Container recorded) {
        return new ContainerLimits(recorded.cpus(), recorded.memoryBytes(), recorded.cpuset());
    }
}
