package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.jdk.GarbageCollector;

/**
 * One axis of a {@link SearchSpace}, parsed from one {@code --space} entry:
 * <ul>
 *   <li>{@code gc=G1,ZGC,Parallel} — collectors (categorical);</li>
 *   <li>{@code Xmx=64m..4g:log} or {@code Xmx=256m,1g} — a size of an {@code -X} option ({@code Xmx}, {@code Xms},
 *       {@code Xmn}, {@code Xss}), ordered; a range gives a few grid points (at most {@value #GRID_POINTS}),
 *       log-spaced and rounded to powers of two with {@code :log}, evenly spaced without;</li>
 *   <li>{@code -XX:+UseCompactObjectHeaders} — a flag given or not (not given: the JDK's own setting);</li>
 *   <li>{@code -XX:TieredStopAtLevel=1,4} — a flag's values, ordered when they are all numbers.</li>
 * </ul>
 * Immutable, hence thread-safe.
 *
 * @param name how points and {@code --space} name it: {@code gc}, {@code Xmx}, the flag as written, the
 *     {@code -XX:} option's name
 * @param values the values a point may take, in order (ordered dimensions ascending); a toggle's are {@code on}
 */
public record Dimension(String name, Kind kind, List<String> values) {
    /** Most grid points a range gives. */
    public static final int GRID_POINTS = 5;

    /** What kind of axis. */
    public enum Kind {
        /** Collectors, by the names {@code --gc} knows. */
        COLLECTOR,
        /** A size given to an {@code -X} option. */
        SIZE,
        /** A flag given or not. */
        TOGGLE,
        /** A {@code -XX:Name=value} option's values. */
        CHOICE,
        /** Flags as given, one value: the user's baseline ({@code --baseline}). */
        FLAGS
    }

    public Dimension {
        values = List.copyOf(values);
    }

    /** The JVM flags of {@code value} on this axis. */
    public List<String> flags(String value) {
        return switch (kind) {
            case COLLECTOR -> GarbageCollector.parse(value).flags();
            case SIZE -> List.of("-" + name + value);
            case TOGGLE -> List.of(name);
            case CHOICE -> List.of("-XX:" + name + "=" + value);
            case FLAGS -> List.of(value.trim().split("\\s+"));
        };
    }

    /**
     * Why {@code value} cannot run inside a container of {@code memoryBytes}, or null: a heap size ({@code -Xmx},
     * {@code -Xms}, {@code -Xmn}) above {@value #HEAP_SHARE_PERCENT} % of the memory limit. The JVM needs memory beside its
     * heap (metaspace, code cache, thread stacks, the collector's own structures, direct buffers: often 100–200 MiB), so a
     * heap that grows near the limit gets the JVM killed by the kernel, possibly only later, in production, rather than
     * the collector working harder. Such a point is refused before the race, not raced to a failure it may not show in a
     * short trial.
     */
    public String pastMemoryLimit(String value, long memoryBytes) {
        if (kind != Kind.SIZE || !(name.equals("Xmx") || name.equals("Xms") || name.equals("Xmn"))) {
            return null;
        }
        long b = bytes(value, name + "=" + value);
        if (b >= memoryBytes) {
            return "-" + name + value + " is not below the container's memory limit (" + size(memoryBytes)
                    + "): the heap alone could fill it, and the kernel would kill the JVM";
        }
        return b * 100 <= memoryBytes * HEAP_SHARE_PERCENT ? null : "-" + name + value + " is more than "
                + HEAP_SHARE_PERCENT + " % of the container's memory limit (" + size(memoryBytes) + "): the JVM's memory"
                + " beside its heap would not fit, and the kernel could kill it once the heap grows";
    }

    /** The most of a container's memory limit a heap size may take ({@link #pastMemoryLimit}). */
    public static final int HEAP_SHARE_PERCENT = 75;

    /** Whether its values have an order a local search can step along. */
    public boolean ordered() {
        return kind == Kind.SIZE || kind == Kind.CHOICE && values.stream().allMatch(v -> v.matches("-?[0-9]+(\\.[0-9]+)?"));
    }

    /**
     * Parses one {@code --space} entry.
     *
     * @throws UserException in one line, with an example of each form
     */
    public static Dimension parse(String spec) {
        String s = spec.trim();
        if (s.startsWith("-XX:+") || s.startsWith("-XX:-")) {
            if (s.contains("=") || s.length() == 5) {
                throw bad(spec);
            }
            return new Dimension(s, Kind.TOGGLE, List.of("on"));
        }
        if (s.startsWith("-XX:") && s.indexOf('=') > 4) {
            int eq = s.indexOf('=');
            List<String> values = list(s.substring(eq + 1), spec);
            if (values.stream().allMatch(v -> v.matches("-?[0-9]+(\\.[0-9]+)?"))) {
                values = new ArrayList<>(values);
                values.sort((a, b) -> Double.compare(Double.parseDouble(a), Double.parseDouble(b)));
            }
            return new Dimension(s.substring(4, eq), Kind.CHOICE, values);
        }
        int eq = s.indexOf('=');
        if (eq <= 0) {
            throw bad(spec);
        }
        String key = s.substring(0, eq).trim();
        String rest = s.substring(eq + 1).trim();
        if (key.equalsIgnoreCase("gc")) {
            List<String> labels = list(rest, spec).stream().map(v -> GarbageCollector.parse(v).label()).distinct().toList();
            return new Dimension("gc", Kind.COLLECTOR, labels);
        }
        String option = key.startsWith("-") ? key.substring(1) : key;
        if (option.matches("X(mx|ms|mn|ss)")) {
            return new Dimension(option, Kind.SIZE, sizes(rest, spec));
        }
        throw bad(spec);
    }

    private static List<String> sizes(String rest, String spec) {
        int range = rest.indexOf("..");
        List<Long> bytes = new ArrayList<>();
        if (range < 0) {
            list(rest, spec).forEach(v -> bytes.add(bytes(v, spec)));
        } else {
            boolean log = rest.endsWith(":log");
            String body = log ? rest.substring(0, rest.length() - 4) : rest;
            long lo = bytes(body.substring(0, range), spec);
            long hi = bytes(body.substring(range + 2), spec);
            if (hi <= lo) {
                throw new UserException("--space " + spec + ": the range must go up, e.g. Xmx=64m..4g:log");
            }
            int n = GRID_POINTS;
            for (int i = 0; i < n; i++) {
                double f = (double) i / (n - 1);
                double v = log ? lo * Math.pow((double) hi / lo, f) : lo + f * (hi - lo);
                bytes.add(log ? powerOfTwo(v) : Math.round(v / MIB) * MIB);
            }
        }
        return bytes.stream().distinct().sorted().map(Dimension::size).toList();
    }

    private static final long MIB = 1L << 20;

    private static long powerOfTwo(double v) {
        return Math.max(MIB, Long.highestOneBit(Math.round(v * Math.sqrt(2))));
    }

    /** A size in the JVM's own spelling: {@code 512m}, {@code 4g}. */
    static String size(long bytes) {
        if (bytes % (1L << 30) == 0) {
            return bytes / (1L << 30) + "g";
        }
        if (bytes % MIB == 0) {
            return bytes / MIB + "m";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + "k" : String.valueOf(bytes);
    }

    private static long bytes(String v, String spec) {
        String t = v.trim().toLowerCase(Locale.ROOT);
        long unit = switch (t.isEmpty() ? ' ' : t.charAt(t.length() - 1)) {
            case 'k' -> 1024L;
            case 'm' -> MIB;
            case 'g' -> 1L << 30;
            default -> 1L;
        };
        try {
            long n = Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1));
            if (n <= 0) {
                throw new NumberFormatException();
            }
            return n * unit;
        } catch (NumberFormatException e) {
            throw new UserException("--space " + spec + ": '" + v.trim() + "' is not a size (e.g. 512m, 4g)");
        }
    }

    private static List<String> list(String csv, String spec) {
        List<String> out = new ArrayList<>();
        for (String v : csv.split(",")) {
            if (!v.isBlank() && !out.contains(v.trim())) {
                out.add(v.trim());
            }
        }
        if (out.isEmpty()) {
            throw bad(spec);
        }
        return out;
    }

    private static UserException bad(String spec) {
        return new UserException("--space '" + spec + "' is not a dimension; e.g. gc=G1,Parallel,ZGC, Xmx=64m..4g:log,"
                + " Xmx=256m,1g, -XX:+UseCompactObjectHeaders, -XX:TieredStopAtLevel=1,4");
    }
}
