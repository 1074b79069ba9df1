package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
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
        return sample(all, n, false);
    }

    /**
     * As {@link #sample(List, int)}; with {@code pairs}, once every value is in, each next point is the one that brings
     * the most pairs of values (two dimensions' values together: a collector with a heap, a flag with a collector) not
     * yet in the sample, so that each collector meets both ends of the heap range and both sides of each flag before
     * any pair repeats.
     */
    public List<Point> sample(List<Point> all, int n, boolean pairs) {
        if (all.size() <= n) {
            return all;
        }
        List<Point> rest = new ArrayList<>(all.subList(1, all.size()));
        List<Point> out = new ArrayList<>();
        out.add(Point.DEFAULT);
        Set<String> covered = new HashSet<>(values(Point.DEFAULT));
        Set<String> coveredPairs = new HashSet<>();
        while (out.size() < n && !rest.isEmpty()) {
            Point best = null;
            long bestNew = -1;
            long bestPairs = -1;
            int bestFar = -1;
            for (Point p : rest) {
                long fresh = values(p).stream().filter(v -> !covered.contains(v)).count();
                long freshPairs = pairs ? pairs(p).stream().filter(v -> !coveredPairs.contains(v)).count() : 0;
                int far = out.stream().mapToInt(q -> distance(p, q)).min().orElse(0);
                if (fresh > bestNew || fresh == bestNew && (freshPairs > bestPairs || freshPairs == bestPairs && far > bestFar)) {
                    best = p;
                    bestNew = fresh;
                    bestPairs = freshPairs;
                    bestFar = far;
                }
            }
            out.add(best);
            rest.remove(best);
            covered.addAll(values(best));
            coveredPairs.addAll(pairs(best));
        }
        return out;
    }

    /** A point's pairs of values, "a|b" for each two of its {@link #values}. */
    private List<String> pairs(Point p) {
        List<String> v = values(p);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            for (int j = i + 1; j < v.size(); j++) {
                out.add(v.get(i) + "|" + v.get(j));
            }
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

    /**
     * The points one categorical step away from {@code p}: another value of a dimension that has no order (another
     * collector, a flag's other values), or a toggle flipped. A categorical value has no neighbour along which the local
     * search could walk to it, so these are how a race reaches a combination round one did not draw (the leader's heap
     * with a flag on, or with another collector). The flags flipped come first (a race adds a few a round, and a flag
     * moves a setting less than a collector does), then the other values. None for the default, which sets nothing.
     */
    public List<Point> alternatives(Point p) {
        List<Point> out = new ArrayList<>();
        if (p.isDefault()) {
            return out;
        }
        for (Dimension d : dimensions) {
            String v = p.valueOf(d);
            Point flipped = d.kind() == Dimension.Kind.TOGGLE ? p.with(this, d, v == null ? d.values().get(0) : null) : null;
            if (flipped != null && !flipped.isDefault()) {
                out.add(flipped);
            }
        }
        for (Dimension d : dimensions) {
            String v = p.valueOf(d);
            if (d.kind() != Dimension.Kind.TOGGLE && !d.ordered() && v != null) {
                d.values().stream().filter(o -> !o.equals(v)).forEach(o -> out.add(p.with(this, d, o)));
            }
        }
        return out;
    }

    /** The points a race may add around {@code p}: its {@link #neighbours}, then with {@code categorical} its {@link #alternatives}. */
    public List<Point> steps(Point p, boolean categorical) {
        List<Point> out = new ArrayList<>(neighbours(p));
        if (categorical) {
            out.addAll(alternatives(p));
        }
        return out;
    }

    /**
     * {@code candidates} ranked by the level an additive model of the measured points predicts for them, best first:
     * each dimension's values as effects of their own, an ordered dimension's position besides as a slope, fitted by
     * ridge least squares on the logs of {@code measured} (the default left out: the JDK's own choice is no combination
     * of values). Pooling every point's forks into each value's effect estimates an untried combination from the values
     * it is made of, so that a race can try the combination its best values make before it tries a neighbour.
     *
     * @param measured each measured point's centre
     * @param higherIsBetter the objective's direction
     */
    public List<Point> predicted(Map<Point, Double> measured, List<Point> candidates, boolean higherIsBetter) {
        Map<Point, Double> level = levels(measured, candidates);
        return level.keySet().stream()
                .sorted(Comparator.comparingDouble(p -> higherIsBetter ? -level.get(p) : level.get(p))).toList();
    }

    /**
     * The centre {@link #predicted}'s additive model gives each of {@code candidates} (the default left out), on the
     * scale of {@code measured}; empty when fewer than 2 points were measured.
     */
    public Map<Point, Double> levels(Map<Point, Double> measured, List<Point> candidates) {
        List<String> features = new ArrayList<>();
        for (Dimension d : dimensions) {
            d.values().forEach(v -> features.add(d.name() + "=" + v));
            if (d.ordered() && d.values().size() > 2) {
                features.add(d.name() + "#slope");
            }
        }
        List<Point> fit = measured.keySet().stream().filter(p -> !p.isDefault() && measured.get(p) > 0).toList();
        int k = features.size();
        if (fit.size() < 2) {
            return Map.of();
        }
        double mean = fit.stream().mapToDouble(p -> Math.log(measured.get(p))).average().orElse(0);
        double[][] a = new double[k][k + 1];
        for (Point p : fit) {
            double[] x = features(p, features);
            double y = Math.log(measured.get(p)) - mean;
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    a[i][j] += x[i] * x[j];
                }
                a[i][k] += x[i] * y;
            }
        }
        for (int i = 0; i < k; i++) {
            a[i][i] += RIDGE;
        }
        double[] beta = solve(a);
        Map<Point, Double> predicted = new LinkedHashMap<>();
        for (Point p : candidates) {
            if (p.isDefault()) {
                continue;
            }
            double[] x = features(p, features);
            double v = mean;
            for (int i = 0; i < k; i++) {
                v += x[i] * beta[i];
            }
            predicted.put(p, Math.exp(v));
        }
        return predicted;
    }

    /** The ridge of {@link #predicted}: a value seen on one point keeps about half its deviation. */
    private static final double RIDGE = 1.0;

    private double[] features(Point p, List<String> features) {
        double[] x = new double[features.size()];
        for (Dimension d : dimensions) {
            String v = p.valueOf(d);
            if (v == null) {
                continue;
            }
            x[features.indexOf(d.name() + "=" + v)] = 1;
            int slope = features.indexOf(d.name() + "#slope");
            if (slope >= 0) {
                x[slope] = d.values().indexOf(v) - (d.values().size() - 1) / 2.0;
            }
        }
        return x;
    }

    /** Gauss–Jordan with partial pivoting on the augmented {@code a} (k × k+1, positive definite). */
    private static double[] solve(double[][] a) {
        int k = a.length;
        for (int c = 0; c < k; c++) {
            int pivot = c;
            for (int r = c + 1; r < k; r++) {
                pivot = Math.abs(a[r][c]) > Math.abs(a[pivot][c]) ? r : pivot;
            }
            double[] t = a[c];
            a[c] = a[pivot];
            a[pivot] = t;
            for (int r = 0; r < k; r++) {
                if (r != c && a[c][c] != 0) {
                    double f = a[r][c] / a[c][c];
                    for (int j = c; j <= k; j++) {
                        a[r][j] -= f * a[c][j];
                    }
                }
            }
        }
        double[] out = new double[k];
        for (int i = 0; i < k; i++) {
            out[i] = a[i][i] == 0 ? 0 : a[i][k] / a[i][i];
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
