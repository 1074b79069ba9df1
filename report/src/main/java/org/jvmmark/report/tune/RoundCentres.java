package org.jvmmark.report.tune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;
import org.jvmmark.report.judge.Evidence;
import org.jvmmark.report.judge.Judge;
import org.jvmmark.report.judge.RowForks;

/**
 * Points' centres over all their forks with each round's effect taken out: how a race ranks its points, the same in
 * the runner's race ({@code EliteRace}) and in the answer the report judges from {@code results.json} ({@link
 * TuneAnswer}).
 *
 * <p>Each round of a race is a batch (DESIGN.md of the judge, §4): its forks share the round's run effect ρ, which
 * moves every point of the round alike by 1–2.5 % on this VM. A point raced in rounds 1 and 2 and a point raced in
 * round 3 alone would otherwise be compared across batches, the run effect counting as their difference. Here the
 * log of each (point, round) cell's level-adjusted centre ({@link Judge#centres}, levels observed by the probe as §3
 * says) is fitted by an additive model, point + round, by least squares weighted by the cell's forks; the rounds are
 * tied together by the points that race in several of them (the default and the leader race in every round). A
 * point's centre is its fitted level, on the scale of the first round. The model is the judge's own (§1) with ρ as a
 * fixed effect of the round; nothing is assumed beyond it.
 *
 * <p>Stateless, hence thread-safe.
 */
public final class RoundCentres {
    private static final int SWEEPS = 50;

    private RoundCentres() {
    }

    /**
     * @param rows one row per point, its forks' batches the rounds they ran in (rows without forks are left out)
     * @return each point's centre with the rounds' effects taken out, in the figure's unit; a point none of whose
     *     forks could be used (each saw the machine change level) is absent
     */
    public static Map<String, Double> of(List<RowForks> rows, boolean higherIsBetter) {
        List<RowForks> cells = new ArrayList<>();
        List<String> point = new ArrayList<>();
        List<Integer> round = new ArrayList<>();
        List<RowForks> measured = rows.stream().filter(x -> x.n() > 0).toList();
        for (RowForks r : measured) {
            for (int b : new TreeSet<>(Arrays.stream(r.batches()).boxed().toList())) {
                cells.add(cell(r, b, cells.size()));
                point.add(r.id());
                round.add(b);
            }
        }
        if (cells.isEmpty()) {
            return Map.of();
        }
        Map<String, Double> byCell = Judge.centres(new Evidence("objective", "", higherIsBetter, cells));
        double[] y = new double[cells.size()];
        double[] w = new double[cells.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.log(byCell.get(cells.get(i).id()));
            w[i] = cells.get(i).n();
        }
        boolean ratio = measured.stream().allMatch(r -> Arrays.stream(r.forks()).allMatch(v -> v > 0));
        if (!ratio || Arrays.stream(y).noneMatch(Double::isFinite)) {
            // nothing to fit, or values not on a ratio scale: the judge's own centres
            return Judge.centres(new Evidence("objective", "", higherIsBetter, measured));
        }
        Map<String, Double> level = new LinkedHashMap<>();
        Map<Integer, Double> effect = new TreeMap<>();
        round.forEach(b -> effect.put(b, 0.0));
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            level = fit(point, y, w, i -> effect.get(round.get(i)));
            Map<String, Double> lv = level;
            Map<Integer, Double> next = fit(round, y, w, i -> lv.get(point.get(i)));
            double first = next.get(Collections.min(next.keySet()));
            next.replaceAll((b, e) -> e - first);
            effect.putAll(next);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        level.forEach((p, l) -> out.put(p, Math.exp(l)));
        return out;
    }

    /** Each key's weighted mean of its cells, less the other effect (one sweep of the additive fit). */
    private static <K> Map<K, Double> fit(List<K> key, double[] y, double[] w, IntToDoubleFunction other) {
        Map<K, double[]> sum = new LinkedHashMap<>();
        for (int i = 0; i < y.length; i++) {
            if (Double.isFinite(y[i])) {
                double[] s = sum.computeIfAbsent(key.get(i), k -> new double[2]);
                s[0] += w[i] * (y[i] - other.applyAsDouble(i));
                s[1] += w[i];
            }
        }
        Map<K, Double> out = new LinkedHashMap<>();
        sum.forEach((k, s) -> out.put(k, s[0] / s[1]));
        return out;
    }

    /** Row {@code r}'s forks of round {@code b}, as a row of its own. */
    private static RowForks cell(RowForks r, int b, int index) {
        int[] batches = r.batches();
        RowForks k = r.only(i -> batches[i] == b);
        return new RowForks(index + ":" + r.id(), k.forks(), 0, k.batches(), k.machine(), k.machineChanged());
    }
}
