package org.jvmmark.runner.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jvmmark.api.WorkloadInfo;

/**
 * How long a trial will take: measured, where this machine has run the same kind of trial before,
 * else the workload's declared estimate scaled by the parameters that set a trial's length.
 *
 * <p>Measured durations are kept in a small cache file ({@code ~/.cache/jvmmark/durations.json}, or
 * under {@code $XDG_CACHE_HOME}) keyed by machine, workload, workload variant, profile and the
 * values of the length-setting parameters ({@link #LENGTH_PARAMS}: {@code seconds}, {@code runs},
 * {@code launches} …), the last {@value #KEEP} wall times each; a trial's estimate is their median.
 * Without a measurement, the {@code @Profile}'s {@code estimatedSeconds} is scaled by the ratio of
 * each numeric length parameter to the profile's own value ({@link #lengthFactor}), which is crude —
 * and replaced by the measurement after the first run. The cache is written whole to a temporary file and renamed over
 * the old one, so a reader never sees half a file; concurrent runs may lose each other's latest
 * figures, never corrupt them. A missing or unreadable cache is an empty one (it is only a cache).
 *
 * <p>Not thread-safe: the run loop owns one instance.
 */
public final class DurationEstimates {
    /** Parameters whose values set how long one trial runs (names as the workloads declare them). */
    public static final Set<String> LENGTH_PARAMS = Set.of("seconds", "runs", "launches", "idleLaunches", "iterations", "warmup",
            "warmupSeconds", "count", "totalBytes", "burstBytes", "pauseMillis", "idleMillis", "sleepMillis", "rooms", "users",
            "connections", "holdSettleSeconds");
    /**
     * The length parameters a trial's time is roughly proportional to: measured seconds, runs,
     * launches, iterations, messages, bytes. The others (warm-ups, pauses, connection levels) only key the cache.
     */
    public static final Set<String> SCALING_PARAMS = Set.of("seconds", "runs", "launches", "iterations", "count", "totalBytes");
    /** The share of a declared estimate taken as JVM start and set-up, which no length parameter scales. */
    static final double FIXED_SHARE = 0.2;
    /** Wall times kept per key. */
    static final int KEEP = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final String machine;
    private final Map<String, List<Double>> measured;

    private DurationEstimates(Path file, String machine, Map<String, List<Double>> measured) {
        this.file = file;
        this.machine = machine;
        this.measured = measured;
    }

    /**
     * The user's cache: {@code $JVMMARK_DURATIONS} (or {@code -Djvmmark.durations}) when set, else
     * {@code $XDG_CACHE_HOME/jvmmark/durations.json} or {@code ~/.cache/jvmmark/durations.json}.
     */
    public static Path defaultFile() {
        String override = System.getProperty("jvmmark.durations", System.getenv("JVMMARK_DURATIONS"));
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("jvmmark").resolve("durations.json");
    }

    /**
     * @param file the cache (need not exist)
     * @param machine identifies this machine (host name, CPUs, memory): durations of another machine are never used
     */
    public static DurationEstimates load(Path file, String machine) {
        Map<String, List<Double>> measured = new TreeMap<>();
        try {
            if (Files.isRegularFile(file)) {
                JsonNode entries = JSON.readTree(file.toFile()).path("entries");
                entries.properties().forEach(e -> {
                    List<Double> values = new ArrayList<>();
                    e.getValue().forEach(v -> {
                        if (v.isNumber() && v.asDouble() > 0) {
                            values.add(v.asDouble());
                        }
                    });
                    if (!values.isEmpty()) {
                        measured.put(e.getKey(), values);
                    }
                });
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable cache is an empty one; the next write replaces it
        }
        return new DurationEstimates(file, machine, measured);
    }

    /** This machine as the cache knows it, from the host facts a results file records. */
    public static String machineOf(Map<String, Object> host) {
        return host.get("hostname") + "|" + host.get("cpus") + " cpus|" + host.get("memoryBytes") + " B";
    }

    /** The plan with every runnable trial's estimate from the cache or the scaled annotation. */
    public List<PlannedTrial> apply(List<PlannedTrial> plan) {
        List<PlannedTrial> out = new ArrayList<>(plan.size());
        for (PlannedTrial t : plan) {
            out.add(t.runnable() ? t.withEstimatedSeconds(estimate(t)) : t);
        }
        return out;
    }

    /** Estimated wall seconds of one trial (at least 1). */
    public int estimate(PlannedTrial t) {
        Double m = measuredSeconds(t);
        if (m != null) {
            return (int) Math.max(1, Math.round(m));
        }
        return (int) Math.max(1, Math.round(t.workload().info().estimatedSeconds(t.profile()) * lengthFactor(t)));
    }

    /** The median measured wall time of trials like {@code t} on this machine, or null when none was measured. */
    public Double measuredSeconds(PlannedTrial t) {
        List<Double> values = measured.get(key(t));
        if (values == null || values.isEmpty()) {
            return null;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Remembers one finished trial's wall time (kept in memory; {@link #save} writes the file). */
    public void record(PlannedTrial t, double wallSeconds) {
        if (!(wallSeconds > 0) || !t.runnable()) {
            return;
        }
        List<Double> values = measured.computeIfAbsent(key(t), k -> new ArrayList<>());
        values.add(wallSeconds);
        while (values.size() > KEEP) {
            values.remove(0);
        }
    }

    /** Writes the cache atomically (temporary file, then rename). A failure is returned as a message, never thrown. */
    public String save() {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            ObjectNode root = JSON.createObjectNode();
            root.put("schema", "jvmmark/durations/1");
            ObjectNode entries = root.putObject("entries");
            measured.forEach((k, v) -> {
                ArrayNode a = entries.putArray(k);
                v.forEach(x -> a.add(Math.round(x * 1000) / 1000.0));
            });
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".durations", ".tmp");
            try {
                JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "durations cache " + file + " not written: " + e.getMessage();
        }
    }

    /** {@code machine|workload|variant|profile|seconds=5,runs=3}: what makes two trials last alike. */
    String key(PlannedTrial t) {
        Map<String, String> lengths = new TreeMap<>();
        t.params().forEach((k, v) -> {
            if (LENGTH_PARAMS.contains(k)) {
                lengths.put(k, String.valueOf(v));
            }
        });
        StringBuilder b = new StringBuilder(machine).append('|').append(t.workload().name()).append('|')
                .append(t.workloadVariant() == null ? "-" : t.workloadVariant()).append('|').append(t.profile()).append('|');
        lengths.forEach((k, v) -> b.append(k).append('=').append(v).append(','));
        return b.toString();
    }

    /**
     * How much longer (or shorter) than the profile's declared estimate this trial's length
     * parameters make it: with {@code f} the product of {@code actual / profile value} over the numeric
     * {@link #SCALING_PARAMS}, {@code 0.2 + 0.8 f} — a fifth of a trial (the JVM's start, set-up and
     * warm-up) is taken not to scale. Crude by design; the first measurement replaces it.
     */
    static double lengthFactor(PlannedTrial t) {
        return lengthFactor(t.workload().info(), t.profile(), t.params());
    }

    /** The same for a trial of {@code info} under {@code profile} with the resolved {@code params}. */
    static double lengthFactor(WorkloadInfo info, String profile, Map<String, String> params) {
        Map<String, String> base;
        try {
            base = info.resolveParams(profile, Map.of());
        } catch (IllegalArgumentException e) {
            return 1;
        }
        double factor = 1;
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!SCALING_PARAMS.contains(e.getKey()) || !base.containsKey(e.getKey())) {
                continue;
            }
            double now = size(String.valueOf(e.getValue()));
            double was = size(firstOf(base.get(e.getKey())));
            if (now > 0 && was > 0) {
                factor *= now / was;
            }
        }
        return factor == 1 ? 1 : FIXED_SHARE + (1 - FIXED_SHARE) * factor;
    }

    /** The first of a profile's swept list ({@code 100,1000} → {@code 100}). */
    private static String firstOf(String value) {
        return value.split(",")[0].trim();
    }

    /** A number, with an optional k/m/g suffix (bytes); NaN when it is none ({@code 2xram}, {@code auto}). */
    static double size(String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        double unit = 1;
        if (v.endsWith("k") || v.endsWith("m") || v.endsWith("g")) {
            unit = Map.of('k', 1024.0, 'm', 1024.0 * 1024, 'g', 1024.0 * 1024 * 1024).get(v.charAt(v.length() - 1));
            v = v.substring(0, v.length() - 1);
        }
        try {
            return Double.parseDouble(v) * unit;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** For tests and messages: every key the cache holds. */
    List<String> keys() {
        return List.copyOf(measured.keySet());
    }
}
