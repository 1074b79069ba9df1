package org.jvmmark.runner.jdk;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jvmmark.runner.base.UserException;

/**
 * The collectors {@code --gc} knows, by the names people use, and the flags that select each.
 * Whether a given JVM has one is never assumed: {@link GcProbe} asks the JVM. Immutable.
 */
public enum GarbageCollector {
    G1("-XX:+UseG1GC"),
    PARALLEL("-XX:+UseParallelGC"),
    SERIAL("-XX:+UseSerialGC"),
    ZGC("-XX:+UseZGC"),
    GENZGC("-XX:+UseZGC", "-XX:+ZGenerational"),
    SHENANDOAH("-XX:+UseShenandoahGC"),
    EPSILON("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");

    private final List<String> flags;

    GarbageCollector(String... flags) {
        this.flags = List.of(flags);
    }

    public List<String> flags() {
        return flags;
    }

    /** The spelling used in variant names and results: {@code G1}, {@code Parallel}, {@code ZGC}... */
    public String label() {
        switch (this) {
            case G1: return "G1";
            case ZGC: return "ZGC";
            case GENZGC: return "GenZGC";
            default: return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @throws UserException naming the valid collectors
     */
    public static GarbageCollector parse(String name) {
        String n = name.trim().toUpperCase(Locale.ROOT).replace("-", "");
        if (n.endsWith("GC") && !n.equals("ZGC") && !n.equals("GENZGC")) {
            n = n.substring(0, n.length() - 2);
        }
        for (GarbageCollector gc : values()) {
            if (gc.name().equals(n)) {
                return gc;
            }
        }
        throw new UserException("unknown collector '" + name + "'; valid: "
                + Arrays.stream(values()).map(GarbageCollector::label).collect(Collectors.joining(", ")));
    }
}
