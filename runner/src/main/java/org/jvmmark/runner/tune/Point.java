package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.List;
import org.jvmmark.runner.jdk.GarbageCollector;

/**
 * One point of a {@link SearchSpace}: a value on some of its dimensions, i.e. a set of JVM flags — one row of
 * trials. A dimension without a value (a toggle off, or the default point's every dimension) is left to the JDK.
 * The point without settings is the JDK's default configuration, the baseline of every race. Immutable.
 *
 * @param settings one per dimension given a value, in the space's order
 */
public record Point(List<Setting> settings) {
    /** The JDK's default configuration: no flags. */
    public static final Point DEFAULT = new Point(List.of());

    /** A value on one dimension. */
    public record Setting(Dimension dimension, String value) {
        public List<String> flags() {
            return dimension.flags(value);
        }
    }

    public Point {
        settings = List.copyOf(settings);
    }

    /**
     * The user's own settings ({@code --baseline "-XX:+UseG1GC -Xmx2g"}) as a point outside the space: it races beside
     * the default, and the answer's gain is stated against it too.
     */
    public static Point baseline(String flags) {
        return new Point(List.of(new Setting(new Dimension("baseline", Dimension.Kind.FLAGS, List.of(flags.trim())), flags.trim())));
    }

    /** Whether this is a {@link #baseline}. */
    public boolean isBaseline() {
        return settings.size() == 1 && settings.get(0).dimension().kind() == Dimension.Kind.FLAGS;
    }

    /** Whether {@code other} gives the JVM the same flags, in any order (a grid point can be the baseline). */
    public boolean sameFlags(Point other) {
        return new java.util.HashSet<>(flags()).equals(new java.util.HashSet<>(other.flags()));
    }

    public boolean isDefault() {
        return settings.isEmpty();
    }

    /** The collector chosen, or null (the JDK's own). */
    public GarbageCollector gc() {
        return settings.stream().filter(s -> s.dimension().kind() == Dimension.Kind.COLLECTOR).findFirst()
                .map(s -> GarbageCollector.parse(s.value())).orElse(null);
    }

    /** The flags of every setting but the collector's, in order. */
    public List<String> otherFlags() {
        List<String> out = new ArrayList<>();
        settings.stream().filter(s -> s.dimension().kind() != Dimension.Kind.COLLECTOR).forEach(s -> out.addAll(s.flags()));
        return out;
    }

    /** Every flag of the point: the collector's first. */
    public List<String> flags() {
        List<String> out = new ArrayList<>(gc() == null ? List.of() : gc().flags());
        out.addAll(otherFlags());
        return out;
    }

    /** The value on {@code dimension}, or null when it has none. */
    public String valueOf(Dimension dimension) {
        return settings.stream().filter(s -> s.dimension().name().equals(dimension.name())).findFirst()
                .map(Setting::value).orElse(null);
    }

    /** How people read it: "default", its flags ("-XX:+UseParallelGC -Xmx512m"), or "baseline " and its flags. */
    public String label() {
        return isDefault() ? "default" : isBaseline() ? "baseline " + String.join(" ", flags()) : String.join(" ", flags());
    }

    /** This point with {@code dimension} set to {@code value} (null: left to the JDK), in the space's order. */
    Point with(SearchSpace space, Dimension dimension, String value) {
        List<Setting> out = new ArrayList<>();
        for (Dimension d : space.dimensions()) {
            String v = d.name().equals(dimension.name()) ? value : valueOf(d);
            if (v != null) {
                out.add(new Setting(d, v));
            }
        }
        return new Point(out);
    }
}
