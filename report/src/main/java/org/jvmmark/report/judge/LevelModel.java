package org.jvmmark.report.judge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.FDistribution;
import org.apache.commons.statistics.inference.FisherExactTest;

/**
 * What every row of one figure says together: the machine's two launch levels as a blocking factor, and the
 * fork-to-fork noise pooled over the rows whose spreads agree.
 *
 * <p><b>The model.</b> On log fork values, y<sub>ij</sub> = μ<sub>i</sub> + δ·L<sub>ij</sub> + ε<sub>ij</sub>:
 * row i's own level μ<sub>i</sub>, the machine's gap δ for a fork on the upper level (L = 1; a fork whose runs
 * sit on both levels shows that the levels are the machine's, but its value is a blend of both and is left out), and
 * noise ε with the variance of the row's
 * noise group. Fitted by weighted least squares in closed form: δ̂ is the within-row regression of y on L
 * (Σ w<sub>i</sub>S<sub>Ly,i</sub> ÷ Σ w<sub>i</sub>S<sub>LL,i</sub>, only rows with forks on both levels inform it),
 * μ̂<sub>i</sub> = ȳ<sub>i</sub> − δ̂·L̄<sub>i</sub>, and since within-row deviations are orthogonal to row means,
 * Var(μ̂<sub>c</sub> − μ̂<sub>r</sub>) = σ²<sub>c</sub>/n<sub>c</sub> + σ²<sub>r</sub>/n<sub>r</sub> + (L̄<sub>c</sub> −
 * L̄<sub>r</sub>)²·Var(δ̂) exactly. On a machine with one level (no row's forks on both, see {@link TwoLevels}) L
 * is 0 and this is one-way ANOVA. Values that are not all positive are modelled raw, without levels.
 *
 * <p><b>Whose levels?</b> Launches that land on a level by chance do so with one share for every row measured at the
 * same time. The levels are taken as the machine's only when at least two rows show both (forks on both, or a fork
 * whose runs sit on both: the level changed while one JVM ran) and, within each
 * batch (one run: {@link RowForks#batch()}), the rows' shares on the upper level agree (a permutation test of the rows
 * × level table, stratified by batch, p ≥ {@value #HOMOGENEITY_ALPHA}); otherwise they are a behaviour of the rows (an
 * HTTP server that is sometimes fast, a change that makes some launches slow) and the figure is judged without levels,
 * each row on its spread. Between batches the shares may differ: the machine's state changes between runs, and a
 * {@code compare} of two identical runs would otherwise read that change as the rows'. A change that makes one row's
 * launches slow still differs from its batch's other rows; one that makes every row of a run land high alike cannot
 * be told from the machine.
 *
 * <p><b>The noise.</b> The residuals' variance is pooled over the rows (df = Σ(n<sub>i</sub> − 1) − 1 for δ̂),
 * except for a row whose own residual variance is larger than the rest's beyond chance (F-test, p &lt; {@value
 * #OUTLIER_ALPHA}, the worst row first, repeated): such a row keeps its own variance and degrees of freedom, so
 * one noisy row neither switches the pooling off for every row nor hides behind the others' quiet; the
 * degrees of freedom of a contrast that mixes the two are Welch–Satterthwaite's.
 *
 * <p>Immutable, hence thread-safe; fits are remembered per evidence ({@link #of}).
 */
final class LevelModel {
    /** A row whose residual variance is above the rest's beyond this p-value keeps its own variance. */
    static final double OUTLIER_ALPHA = 0.01;
    /** Below this posterior (and above 1 − it) a fork's level is taken as known. */
    static final double LEVEL_SURE = 0.05;
    /** Below this p-value the rows' shares on the upper level differ: the levels are the rows', not the machine's. */
    static final double HOMOGENEITY_ALPHA = 0.05;
    /** Permutations of the homogeneity test. */
    static final int PERMUTATIONS = 2000;

    private final boolean logs;
    private final TwoLevels levels;
    /** The two-level mixture of every fork, whether or not {@link #levels} took it as the machine's. */
    private final TwoLevels mixture;
    private final int[] n;
    private final double[] mean;
    private final double[] meanLevel;
    private final int[] upper;
    private final double[] levelSpread;
    private final boolean[] ambiguous;
    private final boolean[] own;
    private final double[] variance;
    private final double[] df;
    private final double delta;
    private final double varDelta;
    private final double pooledDf;
    private final int[] batch;
    private final boolean shareMoved;
    private final boolean runsApart;

    /** An effect on the model's scale (log ratio, or raw difference when not {@code logs}). */
    record Estimate(double diff, double se, double df, boolean withinLevels, boolean ownSpread, boolean logs,
                    double referenceMean, double noise) {
    }

    private LevelModel(boolean logs, TwoLevels levels, TwoLevels mixture, double[][] y, double[][] lv, boolean[] ambiguous,
                       int[] batch, boolean shareMoved, boolean runsApart) {
        this.logs = logs;
        this.mixture = mixture;
        this.runsApart = runsApart;
        this.batch = batch;
        this.shareMoved = shareMoved;
        this.levels = levels;
        this.ambiguous = ambiguous;
        int rows = y.length;
        n = new int[rows];
        mean = new double[rows];
        meanLevel = new double[rows];
        upper = new int[rows];
        double[] sLL = new double[rows];
        levelSpread = sLL;
        double[] sLy = new double[rows];
        for (int i = 0; i < rows; i++) {
            n[i] = y[i].length;
            mean[i] = n[i] == 0 ? Double.NaN : Stats.mean(y[i]);
            meanLevel[i] = n[i] == 0 ? 0 : Stats.mean(lv[i]);
            for (int j = 0; j < n[i]; j++) {
                sLL[i] += (lv[i][j] - meanLevel[i]) * (lv[i][j] - meanLevel[i]);
                sLy[i] += (lv[i][j] - meanLevel[i]) * (y[i][j] - mean[i]);
                upper[i] += lv[i][j] >= 0.5 ? 1 : 0;
            }
        }
        boolean levelled = Arrays.stream(sLL).sum() > 0;
        own = new boolean[rows];
        variance = new double[rows];
        df = new double[rows];
        double d = levelled ? slope(sLy, sLL, null) : Double.NaN;
        double[] ss = residuals(y, lv, d);
        findOutliers(ss);
        double pooled = pooledVariance(ss, levelled);
        double[] weights = null;
        if (levelled && anyOwn()) {
            // Weighted least squares: a noisy row informs δ less. One reweighting; the noise groups stay as found.
            weights = new double[rows];
            for (int i = 0; i < rows; i++) {
                double v = own[i] ? ss[i] / Math.max(1, n[i] - 1) : pooled;
                weights[i] = v > 0 ? 1 / v : 1;
            }
            d = slope(sLy, sLL, weights);
            ss = residuals(y, lv, d);
            pooled = pooledVariance(ss, levelled);
        }
        double pdf = 0;
        for (int i = 0; i < rows; i++) {
            if (!own[i]) {
                pdf += Math.max(0, n[i] - 1);
            }
        }
        pooledDf = Math.max(0, pdf - (levelled ? 1 : 0));
        for (int i = 0; i < rows; i++) {
            variance[i] = own[i] ? ss[i] / (n[i] - 1) : pooled;
            df[i] = own[i] ? n[i] - 1 : pooledDf;
        }
        delta = d;
        double info = 0;
        for (int i = 0; i < rows; i++) {
            info += sLL[i] == 0 ? 0 : variance[i] > 0 ? sLL[i] / variance[i] : Double.POSITIVE_INFINITY;
        }
        varDelta = !levelled ? Double.NaN : 1 / info;
    }

    /**
     * Fits already made, by evidence: every surface asks several questions of one figure's evidence (its ranking, its
     * contrasts, whether a row is repeatable), and a fit with its permutation test is made once per evidence, not once
     * per question. Weak keys: a fit lives as long as its evidence.
     */
    private static final java.util.Map<Evidence, LevelModel> FITS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** The model of every row of {@code e}, fitted once per evidence. */
    static LevelModel of(Evidence e) {
        LevelModel m = FITS.get(e);
        if (m == null) {
            m = fit(e);
            FITS.put(e, m);
        }
        return m;
    }

    private static LevelModel fit(Evidence e) {
        List<RowForks> rows = e.rows();
        boolean logs = rows.stream().allMatch(r -> Stats.allPositive(r.forks()));
        TwoLevels mixture = logs ? TwoLevels.mixture(rows.stream().map(RowForks::forks).toList()) : TwoLevels.ONE_LEVEL;
        TwoLevels levels = mixture.shownByARow();
        double[][] y = new double[rows.size()][];
        double[][] lv = new double[rows.size()][];
        boolean[] ambiguous = new boolean[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            RowForks r = rows.get(i);
            double[] f = r.forks();
            y[i] = logs ? Stats.logs(f) : f;
            lv[i] = new double[f.length];
            if (!levels.twoLevel()) {
                continue;
            }
            List<double[]> runs = r.runs();
            for (int j = 0; j < f.length; j++) {
                double p = levels.upperProbability(f[j]);
                lv[i][j] = p >= 0.5 ? 1 : 0;
                boolean sure = p <= LEVEL_SURE || p >= 1 - LEVEL_SURE;
                double[] rr = j < runs.size() ? runs.get(j) : new double[0];
                if (rr.length >= 2 && Stats.allPositive(rr)) {
                    // A fork whose runs sit on both levels: the share of its runs on the upper one (it marks the row as
                    // showing both levels; the fork itself is left out of the fit below).
                    double[] pr = Arrays.stream(rr).map(levels::upperProbability).toArray();
                    boolean lo = Arrays.stream(pr).anyMatch(x -> x <= LEVEL_SURE);
                    boolean hi = Arrays.stream(pr).anyMatch(x -> x >= 1 - LEVEL_SURE);
                    if (lo && hi) {
                        lv[i][j] = Arrays.stream(pr).filter(x -> x >= 0.5).count() / (double) pr.length;
                        sure = true;
                    }
                }
                ambiguous[i] |= !sure;
            }
        }
        int[] batch = rows.stream().mapToInt(RowForks::batch).toArray();
        if (logs && !levels.twoLevel()) {
            LevelModel apart = runsOnLevelsApart(rows, y, batch, mixture);
            if (apart != null) {
                return apart;
            }
        }
        if (levels.twoLevel() && (!levelsShared(lv, batch) || homogeneity(lv, batch) < HOMOGENEITY_ALPHA)) {
            // One row alone on both "levels", or rows that land on them in shares that differ beyond chance: the levels
            // are the rows' own behaviour (a server that is sometimes fast, a change that makes some launches slow), not
            // the machine's launches. Judged without them.
            for (double[] l : lv) {
                java.util.Arrays.fill(l, 0);
            }
            java.util.Arrays.fill(ambiguous, false);
            return new LevelModel(logs, TwoLevels.ONE_LEVEL, mixture, y, lv, ambiguous, batch, false, false);
        }
        // A fork whose runs sit on both levels showed the machine changing under it: its value is a blend of the two
        // levels (the median of runs on both), true of neither, so it tells which levels the machine has, not the row.
        for (int i = 0; i < y.length; i++) {
            double[] l = lv[i];
            boolean[] keep = new boolean[l.length];
            for (int j = 0; j < l.length; j++) {
                keep[j] = l[j] == 0 || l[j] == 1;
            }
            double[] yi = y[i];
            y[i] = java.util.stream.IntStream.range(0, l.length).filter(j -> keep[j]).mapToDouble(j -> yi[j]).toArray();
            lv[i] = java.util.stream.IntStream.range(0, l.length).filter(j -> keep[j]).mapToDouble(j -> l[j]).toArray();
        }
        return new LevelModel(logs, levels, mixture, y, lv, ambiguous, batch, shareMoved(lv, batch), false);
    }

    /**
     * The model of runs whose forks each sit surely on one level of a two-level mixture — every fork of a run on the same
     * one, no fork's runs on both — the runs on different levels; null otherwise. Two identical runs here a minute apart
     * put all 8 forks of run A on the upper level and all 14 of run B on the lower (2026-11-26): no row shows both levels,
     * so {@link TwoLevels#of} cannot take them as the machine's, and judged without them every row of B was "3.5× faster"
     * than its twin in A. Which it is — the machine between the runs, or a change that moves every JVM by the gap — such
     * a pair of runs cannot tell ({@link #runsApart}); rows of one run are compared as ever. Only where each run
     * has two rows or more: a single configuration that jumps between two runs is judged as a change.
     */
    private static LevelModel runsOnLevelsApart(List<RowForks> rows, double[][] y, int[] batch, TwoLevels mixture) {
        java.util.Map<Integer, Long> rowsOf = java.util.stream.IntStream.range(0, rows.size()).filter(i -> rows.get(i).n() > 0)
                .boxed().collect(java.util.stream.Collectors.groupingBy(i -> batch[i], java.util.stream.Collectors.counting()));
        if (rowsOf.size() < 2 || rowsOf.values().stream().anyMatch(k -> k < 2)) {
            // One row a run: a jump of one configuration between two runs is judged as a change (a 2× regression must be
            // called); only where every row of each run moved alike is the machine the likelier cause.
            return null;
        }
        if (!mixture.twoLevel()) {
            return null;
        }
        double[][] lv = new double[rows.size()][];
        java.util.Map<Integer, java.util.Set<Double>> levelsOf = new java.util.TreeMap<>();
        for (int i = 0; i < rows.size(); i++) {
            double[] f = rows.get(i).forks();
            lv[i] = new double[f.length];
            for (int j = 0; j < f.length; j++) {
                boolean up = mixture.upperProbability(f[j]) >= 0.5;
                double[] values = j < rows.get(i).runs().size() && rows.get(i).runs().get(j).length > 0
                        ? rows.get(i).runs().get(j) : new double[] {f[j]};
                for (double v : values) {
                    double p = mixture.upperProbability(v);
                    if (p > LEVEL_SURE && p < 1 - LEVEL_SURE || (p >= 0.5) != up) {
                        return null; // a fork between the levels, or whose runs sat on both: not this case
                    }
                }
                lv[i][j] = up ? 1 : 0;
                levelsOf.computeIfAbsent(batch[i], k -> new java.util.TreeSet<>()).add(lv[i][j]);
            }
        }
        boolean apart = levelsOf.values().stream().allMatch(v -> v.size() == 1)
                && levelsOf.values().stream().map(v -> v.iterator().next()).distinct().count() == 2;
        return apart ? new LevelModel(true, mixture, mixture, y, lv, new boolean[rows.size()], batch, false, true) : null;
    }

    /**
     * Whether rows {@code c} and {@code r} come from runs whose forks all sat on different levels ({@link
     * #runsOnLevelsApart}): not to be compared.
     */
    boolean runsApart(int c, int r) {
        return runsApart && batch[c] != batch[r] && meanLevel[c] != meanLevel[r];
    }

    /**
     * Whether the runs' shares of forks on the upper level differ beyond chance (a permutation test of the batches ×
     * level table, every fork of a batch pooled): the machine's state changed between the runs, or what changed between
     * them makes launches land high. Within levels the rows may still agree; "no difference" they cannot be called.
     */
    private static boolean shareMoved(double[][] lv, int[] batch) {
        int[] batches = Arrays.stream(batch).distinct().sorted().toArray();
        if (batches.length < 2) {
            return false;
        }
        double[][] pooled = new double[batches.length][];
        for (int b = 0; b < batches.length; b++) {
            int id = batches[b];
            pooled[b] = java.util.stream.IntStream.range(0, lv.length).filter(i -> batch[i] == id)
                    .mapToObj(i -> Arrays.stream(lv[i])).flatMapToDouble(x -> x).toArray();
        }
        return homogeneity(pooled, new int[batches.length]) < HOMOGENEITY_ALPHA;
    }

    /**
     * How row {@code c}'s run sat on the upper level against row {@code r}'s where the runs' shares moved beyond chance
     * ({@link #shareMoved}): +1 when {@code c}'s run put a larger share of its forks (every row of the run pooled) on the
     * upper level, −1 a smaller, 0 when the shares did not move or the rows are of one run.
     */
    int shareMove(int c, int r) {
        if (!shareMoved || batch[c] == batch[r]) {
            return 0;
        }
        return (int) Math.signum(upperShare(batch[c]) - upperShare(batch[r]));
    }

    private double upperShare(int b) {
        int up = 0;
        int all = 0;
        for (int i = 0; i < n.length; i++) {
            if (batch[i] == b) {
                up += upper[i];
                all += n[i];
            }
        }
        return all == 0 ? Double.NaN : (double) up / all;
    }

    /**
     * Whether the levels show as the machine's rather than one row's: two rows show both levels, or one does and each
     * level holds forks of two rows or more. The second is how runs on this VM often look: an A/A pair at 20:06 put 7 of
     * 8 forks of one row of run A and all 8 of the other on the upper level, and all 16 of run B on the lower; asking
     * two rows on both judged the rows without levels and called every row of B "3× faster" than its twin in A. One row
     * alone on both levels is still its own behaviour where a run also has a row wholly on each level (one configuration
     * always fast, another always slow, a third both: the rows differ, VerdictsTest).
     */
    private static boolean levelsShared(double[][] lv, int[] batch) {
        int both = rowsSeenOnBoth(lv);
        if (both >= 2) {
            return true;
        }
        if (both == 0 || rowsHolding(lv, true) < 2 || rowsHolding(lv, false) < 2) {
            return false;
        }
        for (int b : Arrays.stream(batch).distinct().toArray()) {
            boolean whollyHigh = false;
            boolean whollyLow = false;
            for (int i = 0; i < lv.length; i++) {
                if (batch[i] == b && lv[i].length > 0) {
                    whollyHigh |= Arrays.stream(lv[i]).allMatch(v -> v == 1);
                    whollyLow |= Arrays.stream(lv[i]).allMatch(v -> v == 0);
                }
            }
            if (whollyHigh && whollyLow) {
                return false;
            }
        }
        return true;
    }

    /** Rows with a fork (or a fork's runs) on the upper level, or on the lower one. */
    private static int rowsHolding(double[][] lv, boolean upper) {
        int rows = 0;
        for (double[] l : lv) {
            rows += Arrays.stream(l).anyMatch(v -> upper ? v > 0 : v < 1) ? 1 : 0;
        }
        return rows;
    }

    /**
     * Rows that show both levels: forks on both, or a fork whose runs sit on both (the level changed while one JVM ran,
     * which a configuration's way of launching cannot do: the machine's state did).
     */
    private static int rowsSeenOnBoth(double[][] lv) {
        int both = 0;
        for (double[] l : lv) {
            boolean lo = Arrays.stream(l).anyMatch(v -> v < 0.5);
            boolean hi = Arrays.stream(l).anyMatch(v -> v >= 0.5);
            boolean switched = Arrays.stream(l).anyMatch(v -> v > 0 && v < 1);
            both += lo && hi || switched ? 1 : 0;
        }
        return both;
    }

    /**
     * Whether the rows of each batch share one chance of landing on the upper level, as launches on a two-level machine
     * do: a permutation test of the rows × level table's χ² summed over the batches, each batch against its own share
     * (the forks' levels shuffled across the rows of their batch {@value #PERMUTATIONS} times, seeded so a report is
     * reproducible; exact enough at the few forks a row has, where χ²'s approximation is not). Returns its p-value.
     *
     * @param lv per row, its forks' levels (1 upper, 0 lower, or the share of a fork's runs on the upper one)
     * @param batch per row, the batch it was measured in
     */
    static double homogeneity(double[][] lv, int[] batch) {
        int total = 0;
        for (double[] l : lv) {
            total += l.length;
        }
        int[] labels = new int[total];
        int[] rowOf = new int[total];
        int k = 0;
        for (int i = 0; i < lv.length; i++) {
            for (double v : lv[i]) {
                rowOf[k] = i;
                labels[k++] = v >= 0.5 ? 1 : 0;
            }
        }
        // The forks of each batch, whose labels are shuffled among themselves.
        java.util.Map<Integer, int[]> strata = new java.util.TreeMap<>();
        for (int b : Arrays.stream(batch).distinct().toArray()) {
            strata.put(b, java.util.stream.IntStream.range(0, total).filter(f -> batch[rowOf[f]] == b).toArray());
        }
        double observed = chiSquare(lv.length, rowOf, labels, strata.values());
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261126L);
        int atLeast = 0;
        int[] shuffled = labels.clone();
        for (int p = 0; p < PERMUTATIONS; p++) {
            for (int[] s : strata.values()) {
                for (int i = s.length - 1; i > 0; i--) {
                    int j = random.nextInt(i + 1);
                    int t = shuffled[s[i]];
                    shuffled[s[i]] = shuffled[s[j]];
                    shuffled[s[j]] = t;
                }
            }
            atLeast += chiSquare(lv.length, rowOf, shuffled, strata.values()) >= observed - 1e-12 ? 1 : 0;
        }
        return (atLeast + 1.0) / (PERMUTATIONS + 1.0);
    }

    /** Σ over the batches of the rows × level χ², each batch against its own share on the upper level. */
    private static double chiSquare(int rows, int[] rowOf, int[] labels, java.util.Collection<int[]> strata) {
        double chi = 0;
        for (int[] s : strata) {
            int[] forks = new int[rows];
            int[] up = new int[rows];
            int upperTotal = 0;
            for (int f : s) {
                forks[rowOf[f]]++;
                up[rowOf[f]] += labels[f];
                upperTotal += labels[f];
            }
            if (upperTotal == 0 || upperTotal == s.length) {
                continue;
            }
            double share = (double) upperTotal / s.length;
            for (int i = 0; i < rows; i++) {
                if (forks[i] > 0) {
                    double e1 = forks[i] * share;
                    double e0 = forks[i] - e1;
                    chi += (up[i] - e1) * (up[i] - e1) / e1 + ((forks[i] - up[i]) - e0) * ((forks[i] - up[i]) - e0) / e0;
                }
            }
        }
        return chi;
    }

    private static double slope(double[] sLy, double[] sLL, double[] w) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < sLy.length; i++) {
            double wi = w == null ? 1 : w[i];
            num += wi * sLy[i];
            den += wi * sLL[i];
        }
        return num / den;
    }

    private double[] residuals(double[][] y, double[][] lv, double d) {
        double[] ss = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            for (int j = 0; j < y[i].length; j++) {
                double e = y[i][j] - mean[i] - (Double.isNaN(d) ? 0 : d * (lv[i][j] - meanLevel[i]));
                ss[i] += e * e;
            }
        }
        return ss;
    }

    /** Rows whose residual variance stands above the rest's beyond chance keep their own: the worst first. */
    private void findOutliers(double[] ss) {
        while (true) {
            int worst = -1;
            double worstP = OUTLIER_ALPHA;
            for (int i = 0; i < n.length; i++) {
                if (own[i] || n[i] < 2) {
                    continue;
                }
                double restSs = 0;
                double restDf = 0;
                for (int k = 0; k < n.length; k++) {
                    if (k != i && !own[k] && n[k] >= 2) {
                        restSs += ss[k];
                        restDf += n[k] - 1;
                    }
                }
                if (restDf < 2) {
                    continue;
                }
                double vi = ss[i] / (n[i] - 1);
                double vr = restSs / restDf;
                double p = vr == 0 ? (vi > 0 ? 0 : 1) : FDistribution.of(n[i] - 1, restDf).survivalProbability(vi / vr);
                if (p < worstP) {
                    worstP = p;
                    worst = i;
                }
            }
            if (worst < 0) {
                return;
            }
            own[worst] = true;
        }
    }

    private double pooledVariance(double[] ss, boolean levelled) {
        double s = 0;
        double d = 0;
        for (int i = 0; i < n.length; i++) {
            if (!own[i] && n[i] >= 2) {
                s += ss[i];
                d += n[i] - 1;
            }
        }
        d -= levelled ? 1 : 0;
        return d >= 1 ? s / d : Double.NaN;
    }

    private boolean anyOwn() {
        for (boolean o : own) {
            if (o) {
                return true;
            }
        }
        return false;
    }

    /** Whether rows are compared within the machine's levels (a gap was estimated from rows with forks on both). */
    boolean levelled() {
        return levels.twoLevel() && !Double.isNaN(delta);
    }

    TwoLevels levels() {
        return levels;
    }

    int forks(int row) {
        return n[row];
    }

    /**
     * Whether the machine's levels and the difference between rows {@code c} and {@code r} cannot be told apart: a fork
     * of either sits between the levels, or every fork of one sits on one level and every fork of the other on the
     * other (a difference the size of the gap, or the machine's luck).
     */
    boolean confounded(int c, int r) {
        if (!levels.twoLevel()) {
            return false;
        }
        if (ambiguous[c] || ambiguous[r]) {
            return true;
        }
        if (Double.isNaN(delta)) {
            // The levels are the machine's (forks whose runs sat on both showed it), but no fork kept sits on both within
            // a row, so the gap is unknown: rows on different levels cannot be compared.
            return meanLevel[c] != meanLevel[r];
        }
        return upper[c] == 0 && upper[r] == n[r] || upper[c] == n[c] && upper[r] == 0;
    }

    /**
     * Where the model took no levels as the machine's: whether rows {@code c} and {@code r}, of different runs, sit
     * wholly on either side of a gap in the figure's forks (a two-level mixture of every fork of the evidence, each fork
     * of the one surely below it and each of the other surely above) with too few forks for such a split to be beyond
     * chance at {@code alpha} (Fisher's exact test of the rows × side table). Returns the gap as a factor, NaN when
     * not. Two identical runs here (2026-11-26, 22:53) put all 3 forks of JDK 17 in run B at 1.1–1.7 µs and all 3 in run
     * A at 318–401 ns, JDK 25 low in both, so no row showed both levels, and the same JVM was called "4.1× slower" than
     * itself; with 3 forks a side a complete split is what the machine's launch levels give one time in ten. Rows of
     * one run interleave in time and meet the machine alike, so within a run the split is the rows'.
     */
    double unresolvedSplit(List<RowForks> rows, int c, int r, double alpha) {
        if (levels.twoLevel() || batch[c] == batch[r] || !logs || !mixture.twoLevel()) {
            return Double.NaN;
        }
        int sc = side(mixture, rows.get(c).forks());
        int sr = side(mixture, rows.get(r).forks());
        if (sc == 0 || sr == 0 || sc == sr) {
            return Double.NaN;
        }
        double p = FisherExactTest.withDefaults().test(new int[][] {{rows.get(c).n(), 0}, {0, rows.get(r).n()}}).getPValue();
        return p >= alpha ? mixture.gap() : Double.NaN;
    }

    /** +1 when every fork sits surely on the mixture's upper level, −1 when every one on the lower, 0 otherwise. */
    private static int side(TwoLevels mixture, double[] forks) {
        if (forks.length == 0) {
            return 0;
        }
        boolean up = Arrays.stream(forks).allMatch(v -> mixture.upperProbability(v) >= 1 - LEVEL_SURE);
        boolean down = Arrays.stream(forks).allMatch(v -> mixture.upperProbability(v) <= LEVEL_SURE);
        return up ? 1 : down ? -1 : 0;
    }

    /** The fewest forks a side at which a complete split between two rows is beyond chance at {@code alpha}. */
    static int forksToSeparate(double alpha) {
        for (int k = 3; k < Judgement.CAP; k++) {
            if (FisherExactTest.withDefaults().test(new int[][] {{k, 0}, {0, k}}).getPValue() < alpha) {
                return k;
            }
        }
        return Judgement.MORE_THAN_CAP;
    }

    /** Row {@code c} against row {@code r}: the difference of their level-adjusted means and its standard error. */
    Estimate estimate(int c, int r) {
        double dl = meanLevel[c] - meanLevel[r];
        boolean levelled = !Double.isNaN(delta);
        double diff = mean[c] - mean[r] - (levelled ? delta * dl : 0);
        double vc = variance[c] / n[c];
        double vr = variance[r] / n[r];
        double vd = levelled ? dl * dl * varDelta : 0;
        double total = vc + vr + vd;
        double pooledPart = (own[c] ? 0 : vc) + (own[r] ? 0 : vr) + vd;
        double denom = (pooledPart == 0 ? 0 : pooledPart * pooledPart / pooledDf)
                + (own[c] ? vc * vc / df[c] : 0) + (own[r] ? vr * vr / df[r] : 0);
        double dof = total == 0 ? Double.POSITIVE_INFINITY : total * total / denom;
        boolean within = levelled && (meanLevel[c] > 0 || meanLevel[r] > 0);
        double noise = Math.sqrt((variance[c] + variance[r]) / 2);
        return new Estimate(diff, Math.sqrt(total), dof, within, own[c] || own[r], logs,
                logs ? Math.exp(mean[r]) : mean[r], noise);
    }

    /** Row {@code i}'s noise: the standard deviation of its log fork values about the model, and its degrees of freedom. */
    double[] noise(int i) {
        return new double[] {Math.sqrt(variance[i]), df[i]};
    }

    /** Row {@code i}'s level-adjusted centre on the model's scale (a log when the values are logged). */
    double centre(int i) {
        return mean[i] - (Double.isNaN(delta) ? 0 : delta * meanLevel[i]);
    }

    boolean logs() {
        return logs;
    }

}
