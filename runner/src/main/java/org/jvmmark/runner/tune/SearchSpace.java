package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jvmmark.runner.base.UserException;

/**
 * The JVM settings a {@code tune} searches: the workload's declared dimensions ({@link org.jvmmark.api.TuneSpace},
 * else {@link #DEFAULT}), each {@code --space} adding a dimension or replacing the one of the same name. Its points
 * are the grid of the dimensions' values (a toggle on or off) plus the JDK's default configuration. Immutable.
 */
public record SearchSpace(List<Dimension> dimensions) {
    /** What {@code tune} searches for a workload that declares nothing: collectors and heap size. */
    public static final List<String> DEFAULT = List.of("gc=G1,Parallel,Serial,ZGC", "Xmx=256m..1g:log");

    public SearchSpace {
        dimensions = List.copyOf(dimensions);
    }

    /**
     * @param declared the workload's dimensions (empty: {@link #DEFAULT})
     * @param given {@code --space} entries: each adds a dimension or replaces the one of its name
     * @throws UserException for an entry that is not a dimension
     */
    public static SearchSpace of(List<String> declared, List<String> given) {
        Map<String, Dimension> dims = new LinkedHashMap<>();
        for (String s : declared.isEmpty() ? DEFAULT : declared) {
            Dimension d = Dimension.parse(s);
            dims.put(d.name(), d);
        }
        for (String s : given) {
            Dimension d = Dimension.parse(s);
            dims.put(d.name(), d);
        }
        return new SearchSpace(new ArrayList<>(dims.values()));
    }

    /** Every point: the default configuration first, then the grid, the first dimension varying slowest. */
    public List<Point> points() {
        List<Point> grid = new ArrayList<>();
        grid.add(Point.DEFAULT);
        List<List<Point.Setting>> partial = new ArrayList<>();
        partial.add(List.of());
        for (Dimension d : dimensions) {
            List<List<Point.Setting>> next = new ArrayList<>();
            for (List<Point.Setting> p : partial) {
                if (d.kind() == Dimension.Kind.TOGGLE) {
                    next.add(p);
                }
                for (String v : d.values()) {
                    List<Point.Setting> q = new ArrayList<>(p);
                    q.add(new Point.Setting(d, v));
                    next.add(q);
                }
            }
            partial = next;
        }
        partial.stream().filter(p -> !p.isEmpty()).forEach(p -> grid.add(new Point(p)));
        return grid.stream().distinct().toList();
    }

    /**
     * The points of round one out of {@code all} (the default first): all of them when there are at most {@code n}, else
     * the default and {@code n − 1} others chosen by a design, not a draw: each next point is the one that brings the
     * most values not yet in the sample (a toggle's off counts as a value), ties going to the point farthest (fewest
     * values shared) from those chosen, then to the first in the grid's order. So every collector and every flag's on
     * and off are raced in round one whenever {@code n} allows — a categorical value has no neighbours through which a
     * local search could reach it later — and the same space always gives the same sample ({@code --dry-run} shows it).
     */
    public List<Point> sample(List<Point> all, int n) {
        if (all.size() <= n) {
            return all;
        }
        List<Point> rest = new ArrayList<>(all.subList(1, all.size()));
        List<Point> out = new ArrayList<>();
        out.add(Point.DEFAULT);
        java.util.Set<String> covered = new java.util.HashSet<>(values(Point.DEFAULT));
        while (out.size() < n && !rest.isEmpty()) {
            Point best = null;
            long bestNew = -1;
            int bestFar = -1;
            for (Point p : rest) {
                long fresh = values(p).stream().filter(v -> !covered.contains(v)).count();
                int far = out.stream().mapToInt(q -> distance(p, q)).min().orElse(0);
                if (fresh > bestNew || fresh == bestNew && far > bestFar) {
                    best = p;
                    bestNew = fresh;
                    bestFar = far;
                }
            }
            out.add(best);
            rest.remove(best);
            covered.addAll(values(best));
        }
        return out;
    }

    /** A point's values as "dimension=value", a toggle's off as "dimension=off" (other dimensions left to the JDK: none). */
    private List<String> values(Point p) {
        List<String> out = new ArrayList<>();
        for (Dimension d : dimensions) {
            String v = p.valueOf(d);
            if (v != null || d.kind() == Dimension.Kind.TOGGLE) {
                out.add(d.name() + "=" + (v == null ? "off" : v));
            }
        }
        return out;
    }

    /** How many dimensions two points differ on. */
    private int distance(Point a, Point b) {
        int d = 0;
        for (Dimension dim : dimensions) {
            d += java.util.Objects.equals(a.valueOf(dim), b.valueOf(dim)) ? 0 : 1;
        }
        return d;
    }

    /** The points one grid step away from {@code p} on one ordered dimension on which it has a value. */
    public List<Point> neighbours(Point p) {
        List<Point> out = new ArrayList<>();
        for (Dimension d : dimensions) {
            String v = p.valueOf(d);
            if (!d.ordered() || v == null) {
                continue;
            }
            int i = d.values().indexOf(v);
            for (int j : new int[] {i - 1, i + 1}) {
                if (j >= 0 && j < d.values().size()) {
                    out.add(p.with(this, d, d.values().get(j)));
                }
            }
        }
        return out;
    }

    /** One line per dimension, for {@code --dry-run}: "Xmx (size): 256m, 512m, 1g". */
    public List<String> describe() {
        return dimensions.stream().map(d -> d.name() + " (" + d.kind().name().toLowerCase(java.util.Locale.ROOT)
                + (d.ordered() ? ", ordered" : "") + "): " + (d.kind() == Dimension.Kind.TOGGLE ? "on, off"
                : String.join(", ", d.values()))).toList();
    }
}
