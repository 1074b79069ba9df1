package org.jvmmark.runner.tune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jvmmark.report.judge.RowForks;
import org.jvmmark.report.judge.Stats;

/**
 * The forks a race ranks its points on, less those far worse than their round's best fork of the same point: a fork
 * another process slowed without the probe seeing it, or a heavy tail of the fork noise, moves the centre of the 2
 * forks a point gets in a round by half its excess, enough to leave the best point behind or to lead with a lucky one.
 * A fork is left out when it is worse than its cell's best (the point's forks of one round on one machine level) by more than {@code k}
 * spreads of the difference of two forks, the spread estimated robustly from every cell's forks (the median absolute
 * difference from the cell's median, which the outliers do not inflate). Ranking only: drops and the answer stay the
 * judge's, on every fork. Stateless, hence thread-safe.
 */
final class SlowForks {
    /** Probe readings within this factor of each other are one level (the judge's levels are at least 1.3× apart). */
    static final double SAME_LEVEL = 1.3;

    private SlowForks() {
    }

    /** {@code rows} with their far-worse forks left out ({@code k} ≤ 0: as given). */
    static List<RowForks> trimmed(List<RowForks> rows, double k, boolean higherIsBetter) {
        if (k <= 0 || rows.stream().anyMatch(r -> Arrays.stream(r.forks()).anyMatch(v -> !(v > 0)))) {
            return rows;
        }
        List<Double> deviations = new ArrayList<>();
        for (RowForks r : rows) {
            double[] logs = Stats.logs(r.forks());
            cells(r).values().forEach(idx -> {
                if (idx.size() >= 2) {
                    double m = Stats.median(idx.stream().mapToDouble(i -> logs[i]).toArray());
                    idx.forEach(i -> deviations.add(Math.abs(logs[i] - m)));
                }
            });
        }
        if (deviations.size() < 4) {
            return rows;
        }
        // for two forks |x - median| is half their difference: the median of |N(0, 2σ²)| / 2 is 0.477 σ
        double sigma = Stats.median(deviations.stream().mapToDouble(Double::doubleValue).toArray()) / 0.477;
        double bound = k * Math.sqrt(2) * sigma;
        double sign = higherIsBetter ? -1 : 1;
        List<RowForks> out = new ArrayList<>();
        for (RowForks r : rows) {
            double[] logs = Stats.logs(r.forks());
            boolean[] keep = new boolean[logs.length];
            for (List<Integer> idx : cells(r).values()) {
                double best = idx.stream().mapToDouble(i -> sign * logs[i]).min().orElse(0);
                idx.forEach(i -> keep[i] = sign * logs[i] - best <= bound);
            }
            out.add(r.only(i -> keep[i]));
        }
        return out;
    }

    /**
     * The row's forks by cell: one round's forks on one machine level, as the probe saw it (readings within
     * {@value #SAME_LEVEL}× of the cell's lowest; a fork during which the level changed is a cell of its own): a fork
     * on the upper level is slower by the level, which the judge takes out, not by a disturbance.
     */
    private static Map<String, List<Integer>> cells(RowForks r) {
        int[] batches = r.batches();
        boolean[] changed = r.machineChanged();
        double[] m = r.machine();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < batches.length; i++) {
            order.add(i);
        }
        order.sort((x, y) -> Double.compare(Double.isNaN(m[x]) ? 0 : m[x], Double.isNaN(m[y]) ? 0 : m[y]));
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        Map<Integer, Double> lowest = new LinkedHashMap<>();
        Map<Integer, Integer> level = new LinkedHashMap<>();
        for (int i : order) {
            int b = batches[i];
            double reading = Double.isNaN(m[i]) ? 0 : m[i];
            if (changed[i]) {
                out.put(b + ":changed:" + i, new ArrayList<>(List.of(i)));
                continue;
            }
            if (!lowest.containsKey(b) || reading > lowest.get(b) * SAME_LEVEL) {
                lowest.put(b, reading);
                level.merge(b, 1, Integer::sum);
            }
            out.computeIfAbsent(b + ":" + level.get(b), k -> new ArrayList<>()).add(i);
        }
        return out;
    }
}
