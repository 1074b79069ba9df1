package org.jvmmark.report.judge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.FDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The fit of the noise model (DESIGN.md beside this class) to one {@link Evidence}: on log fork values,
 * y = μ<sub>row</sub> + ρ<sub>row,run</sub> + λ·L + ε. Each term is estimated from one thing:
 *
 * <ul>
 *   <li><b>ε, the fork noise</b> (DESIGN.md §2): the residuals within each (row, run) cell, pooled over every row of the
 *       figure (one-way ANOVA's mean square, df = Σ(n − cells)); a row whose residuals spread more than the rest's
 *       beyond chance (F-test, p &lt; {@value #OUTLIER_ALPHA}) keeps its own.</li>
 *   <li><b>λ·L, the machine's level</b> (§3): only where the machine probe measured every fork and its round trips fall
 *       on two levels; L is a fork's posterior of the upper level, λ the within-cell regression of y on L. Never
 *       inferred from y.</li>
 *   <li><b>ρ, the run effect</b> (§4): the spread of a row's run centres about its mean, pooled over every row with two
 *       runs or more; else the evidence's {@link RunSpread}. It cancels between rows measured in the same runs.</li>
 * </ul>
 *
 * Immutable, hence thread-safe; fits are remembered per evidence ({@link #of}).
 */
final class NoiseModel {
    /** A row whose residual variance is above the rest's beyond this p-value keeps its own variance (§2). */
    static final double OUTLIER_ALPHA = 0.01;

    /** An effect on the model's scale (log ratio, or raw difference when not {@code logs}). */
    record Estimate(double diff, double se, double df, boolean withinLevels, boolean ownSpread, boolean logs,
                    double referenceMean, double noise, int runsCandidate, int runsReference, RunSpread.Source runSpread) {
        boolean acrossRuns() {
            return runSpread != RunSpread.Source.CANCELS;
        }
    }

    private final boolean logs;
    private final int[] n;
    /** Per row, forks left out because the machine changed level while they ran (§3). */
    private final int[] changed;
    /** Per row, its runs in order, each run's centre (level-adjusted), forks and mean level. */
    private final int[][] cellRun;
    private final double[][] cellMean;
    private final int[][] cellN;
    private final double[][] cellLevel;
    private final boolean[] own;
    private final double[] variance;
    private final double[] df;
    private final double pooledDf;
    private final double lambda;
    private final double varLambda;
    private final double runVariance;
    private final double runDf;
    /** Per row, the run-to-run variance it is judged on and its degrees of freedom: its own where it disagrees (§4). */
    private final double[] rowRunVariance;
    private final double[] rowRunDf;
    /** §3: whether the probe observed the machine on two levels in this fit. */
    private final boolean observedTwoLevels;
    private final RunSpread prior;
    /** §3: the 90 % interval of the level's effect λ (log) when it was estimated, NaN otherwise. */
    private final double lambdaLow;
    private final double lambdaHigh;
    /** The gap of two launch levels the values show (a row's forks on both) and no probe observed; NaN otherwise. */
    private final double unobservedGap;

    private static final Map<Evidence, NoiseModel> FITS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** The model of every row of {@code e}, fitted once per evidence (every surface asks several questions of one). */
    static NoiseModel of(Evidence e) {
        NoiseModel m = FITS.get(e);
        if (m == null) {
            m = new NoiseModel(e, Changed.LEFT_OUT, null);
            if (m.levelBounded(Judge.LEVEL_BOUND)) {
                // §3: the level does not move this figure: judged as it is, the forks that changed level kept.
                m = new NoiseModel(e, Changed.NO_LEVELS, m);
            } else if (m.changedForks() > 0 && !m.levelPastNoise() && Double.isFinite(m.lambdaLow)) {
                // §3: the level moves it by no more than a fork's own noise, if at all: a fork that changed level is
                // kept, half on each level (it blends them in a proportion nobody measured, off by at most half of
                // an effect that is within the noise).
                m = new NoiseModel(e, Changed.HALF, m);
            }
            FITS.put(e, m);
        }
        return m;
    }

    /** What a fit does with the forks during which the machine changed level (§3). */
    private enum Changed {
        /** Left out, where the probe saw two levels: the first fit, and the one kept where the level moves the figure. */
        LEFT_OUT,
        /** Kept at level ½ within the levels: where the level moves the figure by no more than its fork noise. */
        HALF,
        /** Kept, and the levels ignored: where the level moves the figure by less than {@link Judge#LEVEL_BOUND}. */
        NO_LEVELS
    }

    /**
     * @param mode what to do with the forks that changed level
     * @param first for the modes that keep them, the first fit (they left out), whose λ interval decided it
     */
    private NoiseModel(Evidence e, Changed mode, NoiseModel first) {
        List<RowForks> rows = e.rows();
        int k = rows.size();
        prior = e.runSpread();
        logs = rows.stream().allMatch(r -> Stats.allPositive(r.forks()));
        // §3: the machine's levels from the probe's round trips (a two-component mixture beating one by BIC, ≥ 1.3× apart);
        // a fork whose readings straddle the levels gets the posterior between 0 and 1.
        boolean observed = logs && rows.stream().allMatch(r -> Arrays.stream(r.machine()).allMatch(v -> v > 0));
        TwoLevels probe = observed && mode != Changed.NO_LEVELS
                ? TwoLevels.mixture(rows.stream().map(RowForks::machine).toList()) : TwoLevels.ONE_LEVEL;
        n = new int[k];
        changed = new int[k];
        cellRun = new int[k][];
        cellMean = new double[k][];
        cellN = new int[k][];
        cellLevel = new double[k][];
        double[][][] y = new double[k][][];
        double[][][] lv = new double[k][][];
        double sLL = 0;
        double sLy = 0;
        for (int i = 0; i < k; i++) {
            RowForks r = rows.get(i);
            Map<Integer, List<Integer>> byRun = new LinkedHashMap<>();
            int[] b = r.batches();
            boolean[] moved = r.machineChanged();
            for (int j = 0; j < b.length; j++) {
                if (probe.twoLevel() && moved[j] && mode == Changed.LEFT_OUT) {
                    // §3: the probe saw the machine change level while this fork ran; its value blends two levels in a
                    // proportion nobody measured, so it informs neither. Counted, named, not estimated from.
                    changed[i]++;
                    continue;
                }
                byRun.computeIfAbsent(b[j], x -> new ArrayList<>()).add(j);
            }
            int cells = byRun.size();
            cellRun[i] = new int[cells];
            cellMean[i] = new double[cells];
            cellN[i] = new int[cells];
            cellLevel[i] = new double[cells];
            y[i] = new double[cells][];
            lv[i] = new double[cells][];
            double[] f = r.forks();
            double[] l = r.machine();
            int c = 0;
            for (Map.Entry<Integer, List<Integer>> run : byRun.entrySet()) {
                List<Integer> idx = run.getValue();
                y[i][c] = idx.stream().mapToDouble(j -> logs ? Math.log(f[j]) : f[j]).toArray();
                lv[i][c] = idx.stream().mapToDouble(j -> !probe.twoLevel() ? 0 : moved[j] ? 0.5 : probe.upperProbability(l[j]))
                        .toArray();
                cellRun[i][c] = run.getKey();
                cellN[i][c] = idx.size();
                cellMean[i][c] = Stats.mean(y[i][c]);
                cellLevel[i][c] = Stats.mean(lv[i][c]);
                for (int j = 0; j < idx.size(); j++) {
                    double dl = lv[i][c][j] - cellLevel[i][c];
                    sLL += dl * dl;
                    sLy += dl * (y[i][c][j] - cellMean[i][c]);
                }
                c++;
            }
            n[i] = r.n() - changed[i];
        }
        boolean levelled = sLL > 0 && Double.isFinite(sLy);
        double slope = levelled ? sLy / sLL : 0;
        double[] ss = new double[k];
        double[] rowDf = new double[k];
        for (int i = 0; i < k; i++) {
            for (int c = 0; c < y[i].length; c++) {
                for (int j = 0; j < y[i][c].length; j++) {
                    double res = y[i][c][j] - cellMean[i][c] - slope * (lv[i][c][j] - cellLevel[i][c]);
                    ss[i] += res * res;
                }
                rowDf[i] += cellN[i][c] - 1;
            }
        }
        own = new boolean[k];
        findOutliers(ss, rowDf);
        double pss = 0;
        double pdf = 0;
        for (int i = 0; i < k; i++) {
            if (!own[i]) {
                pss += ss[i];
                pdf += rowDf[i];
            }
        }
        pdf -= levelled ? 1 : 0;
        pooledDf = Math.max(0, pdf);
        double pooled = pdf >= 1 ? pss / pdf : Double.NaN;
        variance = new double[k];
        df = new double[k];
        double info = 0;
        for (int i = 0; i < k; i++) {
            variance[i] = own[i] ? ss[i] / rowDf[i] : pooled;
            df[i] = own[i] ? rowDf[i] : pooledDf;
            for (int c = 0; c < y[i].length; c++) {
                double s = 0;
                for (double x : lv[i][c]) {
                    s += (x - cellLevel[i][c]) * (x - cellLevel[i][c]);
                }
                info += s == 0 ? 0 : variance[i] > 0 ? s / variance[i] : Double.POSITIVE_INFINITY;
            }
        }
        lambda = levelled ? slope : Double.NaN;
        varLambda = levelled ? 1 / info : 0;
        if (first != null) {
            lambdaLow = first.lambdaLow;
            lambdaHigh = first.lambdaHigh;
        } else if (levelled && pooledDf >= 1 && Double.isFinite(varLambda)) {
            double q = TDistribution.of(pooledDf).inverseSurvivalProbability(0.05);
            lambdaLow = slope - q * Math.sqrt(varLambda);
            lambdaHigh = slope + q * Math.sqrt(varLambda);
        } else {
            lambdaLow = Double.NaN;
            lambdaHigh = Double.NaN;
        }
        // ρ: the spread of each row's run centres (level-adjusted) about the row's mean, pooled over rows with 2+ runs.
        double rs = 0;
        double rdf = 0;
        for (int i = 0; i < k; i++) {
            if (cellMean[i].length < 2) {
                continue;
            }
            double m = centre(i);
            for (int c = 0; c < cellMean[i].length; c++) {
                double d = adjusted(i, c) - m;
                rs += d * d;
            }
            rdf += cellMean[i].length - 1;
        }
        runDf = rdf;
        runVariance = rdf >= 1 ? rs / rdf : Double.NaN;
        double[][] perRow = runSpreadsPerRow();
        rowRunVariance = perRow[0];
        rowRunDf = perRow[1];
        observedTwoLevels = probe.twoLevel();
        // Where the probe measured the machine and saw one level, levels in the values are the rows' own behaviour.
        TwoLevels shown = logs && !observed ? TwoLevels.of(rows.stream().map(RowForks::forks).toList()) : TwoLevels.ONE_LEVEL;
        unobservedGap = shown.twoLevel() ? shown.gap() : Double.NaN;
    }

    /**
     * §3: the gap between two launch levels the values show — a row's own forks on both — where no probe observed
     * them, NaN otherwise. Across runs the machine's share of launches on them moves (0–80 % of a run's forks on this VM
     * kind), so no run-to-run spread measured from a few runs covers it: such contrasts cannot be told.
     */
    double unobservedGap() {
        return unobservedGap;
    }

    /** Rows whose residual variance stands above the rest's beyond chance keep their own: the worst first. */
    private void findOutliers(double[] ss, double[] rowDf) {
        while (true) {
            int worst = -1;
            double worstP = OUTLIER_ALPHA;
            for (int i = 0; i < ss.length; i++) {
                if (own[i] || rowDf[i] < 1) {
                    continue;
                }
                double restSs = 0;
                double restDf = 0;
                for (int j = 0; j < ss.length; j++) {
                    if (j != i && !own[j]) {
                        restSs += ss[j];
                        restDf += rowDf[j];
                    }
                }
                if (restDf < 2) {
                    continue;
                }
                double vi = ss[i] / rowDf[i];
                double vr = restSs / restDf;
                double p = vr == 0 ? (vi > 0 ? 0 : 1) : FDistribution.of(rowDf[i], restDf).survivalProbability(vi / vr);
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

    private double adjusted(int i, int c) {
        return cellMean[i][c] - (Double.isNaN(lambda) ? 0 : lambda * cellLevel[i][c]);
    }

    /** Row {@code i}'s centre on the model's scale: the mean of its runs' level-adjusted centres, each run alike. */
    double centre(int i) {
        if (n[i] == 0) {
            return Double.NaN;
        }
        double s = 0;
        for (int c = 0; c < cellMean[i].length; c++) {
            s += adjusted(i, c);
        }
        return s / cellMean[i].length;
    }

    private double meanLevel(int i) {
        return cellLevel[i].length == 0 ? 0 : Arrays.stream(cellLevel[i]).average().orElse(0);
    }

    /**
     * Row {@code c} against row {@code r}: the difference of their centres and its standard error. Rows measured in the
     * same runs are compared run by run, on the forks' noise (the run effect cancels, §4); rows of different runs on the
     * run-to-run spread: measured from the rows' repeated runs, else the evidence's {@link RunSpread}.
     */
    Estimate estimate(int c, int r) {
        double diff = centre(c) - centre(r);
        double dl = meanLevel(c) - meanLevel(r);
        double vLevel = Double.isNaN(lambda) ? 0 : dl * dl * varLambda;
        boolean within = !Double.isNaN(lambda);
        double noise = Math.sqrt((variance[c] + variance[r]) / 2);
        double refMean = logs ? Math.exp(centre(r)) : centre(r);
        int kc = cellMean[c].length;
        int kr = cellMean[r].length;
        double vc = 0;
        double vr = 0;
        for (int x : cellN[c]) {
            vc += variance[c] / x / ((double) kc * kc);
        }
        for (int x : cellN[r]) {
            vr += variance[r] / x / ((double) kr * kr);
        }
        if (Arrays.equals(cellRun[c], cellRun[r])) {
            double total = vc + vr + vLevel;
            return new Estimate(diff, Math.sqrt(total), welch(c, r, vc, vr, vLevel), within, own[c] || own[r], logs,
                    refMean, noise, kc, kr, RunSpread.Source.CANCELS);
        }
        if (runDf >= 1) {
            // Run centres are the replicates: their spread holds the run effect and the forks' noise alike (§4); each
            // row's own where its runs disagree with the others' (issue 48).
            double rc = rowRunVariance[c] / kc;
            double rr = rowRunVariance[r] / kr;
            double total = rc + rr + vLevel;
            return new Estimate(diff, Math.sqrt(total), runDfOf(c, r, rc, rr), within, own[c] || own[r], logs, refMean,
                    Math.sqrt((rowRunVariance[c] + rowRunVariance[r]) / 2), kc, kr, RunSpread.Source.MEASURED);
        }
        double tau2 = logs ? prior.sigma() * prior.sigma() : Math.pow(prior.sigma() * refMean, 2);
        double runPart = tau2 * (1.0 / kc + 1.0 / kr);
        double total = vc + vr + vLevel + runPart;
        return new Estimate(diff, Math.sqrt(total), withPriorDf(welch(c, r, vc, vr, vLevel), vc + vr + vLevel, runPart),
                within, own[c] || own[r], logs, refMean, noise, kc, kr, prior.source());
    }

    /**
     * Issue 48 (§4): the degrees of freedom of a contrast whose fork part has {@code forkDf} and whose run part is the
     * prior's spread: a stored spread measured from a few runs carries its own uncertainty (Welch–Satterthwaite, the
     * prior's df); an assumed one is a bound, its df infinite.
     */
    private double withPriorDf(double forkDf, double forkPart, double runPart) {
        double total = forkPart + runPart;
        double denom = (forkPart == 0 || Double.isInfinite(forkDf) ? 0 : forkPart * forkPart / forkDf)
                + (Double.isInfinite(prior.df()) ? 0 : runPart * runPart / prior.df());
        return total == 0 || denom == 0 ? forkDf : Math.min(forkDf, total * total / denom);
    }

    /**
     * Issue 48 (§4): the run spread per row, as [variance, df] arrays. A row whose run centres spread more than the other
     * rows' beyond chance (F-test, p &lt; {@value #OUTLIER_ALPHA}) keeps its own — a JVM that varies more between runs
     * would otherwise get the others' narrower interval — and the rest share the spread pooled over them.
     */
    private double[][] runSpreadsPerRow() {
        int k = cellMean.length;
        double[] ss = new double[k];
        double[] rdf = new double[k];
        for (int i = 0; i < k; i++) {
            if (cellMean[i].length >= 2) {
                double m = centre(i);
                for (int c = 0; c < cellMean[i].length; c++) {
                    ss[i] += Math.pow(adjusted(i, c) - m, 2);
                }
                rdf[i] = cellMean[i].length - 1;
            }
        }
        boolean[] ownRun = new boolean[k];
        while (true) {
            int worst = -1;
            double worstP = OUTLIER_ALPHA;
            for (int i = 0; i < k; i++) {
                double restSs = 0;
                double restDf = 0;
                for (int j = 0; j < k; j++) {
                    restSs += j != i && !ownRun[j] ? ss[j] : 0;
                    restDf += j != i && !ownRun[j] ? rdf[j] : 0;
                }
                if (ownRun[i] || rdf[i] < 1 || restDf < 2 || restSs <= 0) {
                    continue;
                }
                double p = FDistribution.of(rdf[i], restDf).survivalProbability((ss[i] / rdf[i]) / (restSs / restDf));
                if (p < worstP) {
                    worstP = p;
                    worst = i;
                }
            }
            if (worst < 0) {
                break;
            }
            ownRun[worst] = true;
        }
        double pss = 0;
        double pdf = 0;
        for (int i = 0; i < k; i++) {
            pss += ownRun[i] ? 0 : ss[i];
            pdf += ownRun[i] ? 0 : rdf[i];
        }
        double[][] out = new double[2][k];
        for (int i = 0; i < k; i++) {
            out[0][i] = ownRun[i] ? ss[i] / rdf[i] : pdf >= 1 ? pss / pdf : runVariance;
            out[1][i] = ownRun[i] ? rdf[i] : pdf >= 1 ? pdf : runDf;
        }
        return out;
    }

    /** The df of a contrast across runs: the pooled one where both rows share it, else Welch–Satterthwaite's. */
    private double runDfOf(int c, int r, double rc, double rr) {
        if (rowRunDf[c] == rowRunDf[r] && rowRunVariance[c] == rowRunVariance[r]) {
            return rowRunDf[c];
        }
        double denom = rc * rc / rowRunDf[c] + rr * rr / rowRunDf[r];
        return denom == 0 ? Math.min(rowRunDf[c], rowRunDf[r]) : (rc + rr) * (rc + rr) / denom;
    }

    /**
     * Issue 48 (§3): whether the machine's level touches the contrast of rows {@code c} and {@code r} and cannot be
     * estimated: the probe saw two levels, no run holds forks of one row on both (so λ was not fitted), and the rows sit
     * on them in shares more than {@value #LEVEL_SHARE} apart. The difference then mixes the JVMs' with the machine's in
     * a proportion nobody measured: such a contrast cannot be told. The probe's own reading does not give the size: its
     * round trips' gap (about 3× on the AMD hosts) is the cache line's, not the figure's (2.4–3.4× for queue-latency, near
     * none for a compute-bound one).
     */
    boolean levelWithSide(int c, int r) {
        return observedTwoLevels && Double.isNaN(lambda) && Math.abs(meanLevel(c) - meanLevel(r)) > LEVEL_SHARE;
    }

    /** The difference of two rows' shares on the upper level that the level's effect must be estimated for (§3). */
    static final double LEVEL_SHARE = 0.1;

    /** Degrees of freedom of a contrast whose parts have the pooled df or a row's own (Welch–Satterthwaite). */
    private double welch(int c, int r, double vc, double vr, double vLevel) {
        double total = vc + vr + vLevel;
        double pooledPart = (own[c] ? 0 : vc) + (own[r] ? 0 : vr) + vLevel;
        double denom = (pooledPart == 0 ? 0 : pooledPart * pooledPart / Math.max(1, pooledDf))
                + (own[c] ? vc * vc / df[c] : 0) + (own[r] ? vr * vr / df[r] : 0);
        return total == 0 || denom == 0 ? Double.POSITIVE_INFINITY : total * total / denom;
    }

    /** Row {@code i}'s fork noise: the standard deviation of its log values within runs, and its degrees of freedom. */
    double[] noise(int i) {
        return new double[] {Math.sqrt(variance[i]), df[i]};
    }

    /** The run-to-run spread of a row's centre measured here (standard deviation on the model's scale), NaN if none. */
    double runSpread() {
        return Math.sqrt(runVariance);
    }

    int forks(int row) {
        return n[row];
    }

    /** Row {@code row}'s forks during which the probe saw the machine change level, left out of the estimate (§3). */
    int changed(int row) {
        return changed[row];
    }

    int runs(int row) {
        return cellMean[row].length;
    }

    boolean logs() {
        return logs;
    }

    /**
     * §3: whether the machine's level, observed on two levels, was shown to move this figure by less than {@code bound}
     * (the 90 % interval of λ within ±bound as a ratio). Such a figure is judged without the levels, and keeps the forks
     * during which the machine changed level.
     */
    boolean levelBounded(double bound) {
        return Double.isFinite(lambdaLow) && lambdaLow >= Math.log1p(-bound)
                && lambdaHigh <= Math.log1p(bound);
    }

    /** §3: forks left out because the machine changed level while they ran, over all rows. */
    private int changedForks() {
        return Arrays.stream(changed).sum();
    }

    /**
     * §3: whether the level moves this figure by more than a fork's own noise: the 90 % interval of λ lies wholly past
     * ±max({@link Judge#LEVEL_BOUND}, the pooled fork noise). A fork that changed level would then be off by more than
     * the noise, in a direction nobody measured.
     */
    private boolean levelPastNoise() {
        double sigma = Double.NaN;
        for (int i = 0; i < own.length && Double.isNaN(sigma); i++) {
            sigma = own[i] ? Double.NaN : Math.sqrt(variance[i]);
        }
        double bound = Math.max(Math.log1p(Judge.LEVEL_BOUND), Double.isFinite(sigma) ? sigma : 0);
        return lambdaLow > bound || lambdaHigh < -bound;
    }

    /**
     * §3: the 90 % interval of how much the machine's upper level moves this figure, as ratios {low, high} (1.0: not at
     * all); NaNs where it was not estimated (one level, no probe, no row with forks on both levels).
     */
    double[] levelEffect() {
        return new double[] {Math.exp(lambdaLow), Math.exp(lambdaHigh)};
    }

    /** The gap between the observed levels as a factor, NaN where the levels were not observed or did not differ. */
    double levelGap() {
        return logs && !Double.isNaN(lambda) ? Math.exp(lambda) : Double.NaN;
    }
}
