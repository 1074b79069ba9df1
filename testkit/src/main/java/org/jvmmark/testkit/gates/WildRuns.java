package org.jvmmark.testkit.gates;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Runs as a hostile machine makes them, not as the judge assumes (Gaussian on the log scale, one spread for every row,
 * run effects within the assumed spread, equal forks, one host, perfectly separated probe levels). Each {@link
 * Scenario} names what it breaks. A value is a latency in ns (lower is better): log y = log(base of the row) + the
 * run's effect (shared by the run's rows, plus a part of the row's own) + drift × the run's index + a heavy- or
 * light-tailed fork noise scaled by the row's own spread, times the machine's upper level (× {@value #LEVEL_GAP}) where
 * the fork's launch landed there, times an outlier factor on a few forks, times the host's speed. The probe reads the
 * level (130 or 400 ns, 4 % noise) and the host's single-core speed (ns/op, 1 % noise); a reading may be missing.
 * Stateless and thread-safe.
 */
public final class WildRuns {
    /** The machine's two launch levels, as the values see them. */
    public static final double LEVEL_GAP = 2.5;
    /** The rows (JVMs) a side, each its own base level and spread. */
    public static final int ROWS = 3;

    private WildRuns() {
    }

    /** What the machine does: one scenario of the table. Immutable, hence thread-safe. */
    public static final class Scenario {
        private final String name;
        private final double forkSpread;
        private final double tailDf;
        private final double[] rowSpread;
        private final double runSpread;
        private final double rowRunSpread;
        private final double driftPerRun;
        private final double outliers;
        private final double upperShare;
        private final double missingProbe;
        private final int forksB;
        private final double hostB;
        private final double failure;

        /**
         * @param name the scenario's name in the table
         * @param forkSpread the fork noise's scale on the log scale (0.03: 3 %)
         * @param tailDf the degrees of freedom of the fork noise's Student t (0: Gaussian; 3: heavy tails)
         * @param rowSpread per row, a factor on the fork spread (heteroscedastic rows)
         * @param runSpread the run effect's standard deviation (shared by the run's rows)
         * @param rowRunSpread the run effect's part of each row's own, on top (rows that disagree)
         * @param driftPerRun the machine's drift per run, on the log scale, A's runs first and then B's
         * @param outliers the share of forks multiplied by 1.5–3
         * @param upperShare the most launches a run puts on the machine's upper level (the share is drawn from 0 to it)
         * @param missingProbe the share of probe readings not taken
         * @param forksB forks per run on side B, when not the caller's count (unequal forks); 0: as A
         * @param hostB the speed of B's host against A's (0.92: B's host makes every value 8 % smaller)
         * @param failure the share of forks that fail (both sides)
         */
        public Scenario(String name, double forkSpread, double tailDf, double[] rowSpread, double runSpread,
                        double rowRunSpread, double driftPerRun, double outliers, double upperShare, double missingProbe,
                        int forksB, double hostB, double failure) {
            this.name = name;
            this.forkSpread = forkSpread;
            this.tailDf = tailDf;
            this.rowSpread = rowSpread.clone();
            this.runSpread = runSpread;
            this.rowRunSpread = rowRunSpread;
            this.driftPerRun = driftPerRun;
            this.outliers = outliers;
            this.upperShare = upperShare;
            this.missingProbe = missingProbe;
            this.forksB = forksB;
            this.hostB = hostB;
            this.failure = failure;
        }

        public String name() {
            return name;
        }

        public double forkSpread() {
            return forkSpread;
        }

        public double tailDf() {
            return tailDf;
        }

        public double[] rowSpread() {
            return rowSpread.clone();
        }

        public double runSpread() {
            return runSpread;
        }

        public double rowRunSpread() {
            return rowRunSpread;
        }

        public double driftPerRun() {
            return driftPerRun;
        }

        public double outliers() {
            return outliers;
        }

        public double upperShare() {
            return upperShare;
        }

        public double missingProbe() {
            return missingProbe;
        }

        public int forksB() {
            return forksB;
        }

        public double hostB() {
            return hostB;
        }

        public double failure() {
            return failure;
        }

        /** The largest fork spread of any row (what the targets' "fork spread ≤ 3 %" reads). */
        public double largestForkSpread() {
            return forkSpread * Arrays.stream(rowSpread).max().orElse(1);
        }

        /** A quiet machine: 2 % forks, 1 % runs, one level, every reading taken. */
        public static Scenario quiet(String name) {
            return new Scenario(name, 0.02, 0, new double[] {1, 1, 1}, 0.01, 0, 0, 0, 0, 0, 0, 1, 0);
        }

        public Scenario withForks(double spread, double df) {
            return new Scenario(name, spread, df, rowSpread, runSpread, rowRunSpread, driftPerRun, outliers, upperShare,
                    missingProbe, forksB, hostB, failure);
        }

        public Scenario withRows(double... factors) {
            return new Scenario(name, forkSpread, tailDf, factors, runSpread, rowRunSpread, driftPerRun, outliers,
                    upperShare, missingProbe, forksB, hostB, failure);
        }

        public Scenario withRuns(double shared, double perRow) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, shared, perRow, driftPerRun, outliers, upperShare,
                    missingProbe, forksB, hostB, failure);
        }

        public Scenario withDrift(double perRun) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, runSpread, rowRunSpread, perRun, outliers, upperShare,
                    missingProbe, forksB, hostB, failure);
        }

        public Scenario withOutliers(double share) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, runSpread, rowRunSpread, driftPerRun, share,
                    upperShare, missingProbe, forksB, hostB, failure);
        }

        public Scenario withLevels(double upper, double missing) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, runSpread, rowRunSpread, driftPerRun, outliers, upper,
                    missing, forksB, hostB, failure);
        }

        public Scenario withForksB(int n) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, runSpread, rowRunSpread, driftPerRun, outliers,
                    upperShare, missingProbe, n, hostB, failure);
        }

        public Scenario withHostB(double speed) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, runSpread, rowRunSpread, driftPerRun, outliers,
                    upperShare, missingProbe, forksB, speed, failure);
        }

        public Scenario withFailures(double share) {
            return new Scenario(name, forkSpread, tailDf, rowSpread, runSpread, rowRunSpread, driftPerRun, outliers,
                    upperShare, missingProbe, forksB, hostB, share);
        }
    }

    /**
     * One fork: its value (NaN when it failed), the probe's round trip beside it (NaN when not read) and the host's
     * single-core speed (NaN when not read).
     */
    public static final class Fork {
        private final double value;
        private final double roundTripNs;
        private final double singleCoreNsPerOp;

        public Fork(double value, double roundTripNs, double singleCoreNsPerOp) {
            this.value = value;
            this.roundTripNs = roundTripNs;
            this.singleCoreNsPerOp = singleCoreNsPerOp;
        }

        public double value() {
            return value;
        }

        public double roundTripNs() {
            return roundTripNs;
        }

        public double singleCoreNsPerOp() {
            return singleCoreNsPerOp;
        }

        public boolean failed() {
            return Double.isNaN(value);
        }
    }

    /** One run of one side: per row, its forks. */
    public static final class Run {
        private final List<List<Fork>> rows;

        public Run(List<List<Fork>> rows) {
            this.rows = rows.stream().map(List::copyOf).collect(java.util.stream.Collectors.toUnmodifiableList());
        }

        public List<List<Fork>> rows() {
            return rows;
        }
    }

    /** The rows' base levels in ns: three JVMs a few percent apart. */
    private static final double[] BASE = {500, 520, 485};

    /**
     * The runs of one side.
     *
     * @param firstRun the index of the side's first run in the whole sequence (A's runs, then B's): what drift counts
     * @param candidate whether this is side B (its host, its fork count)
     * @param change per row, B's true factor (1.10: 10 % slower); ignored for A
     */
    public static List<Run> side(Random random, Scenario s, int runs, int forks, int firstRun, boolean candidate,
                                 double[] change) {
        List<Run> out = new ArrayList<>();
        int n = candidate && s.forksB() > 0 ? s.forksB() : forks;
        double host = candidate ? s.hostB() : 1;
        for (int k = 0; k < runs; k++) {
            double shared = s.runSpread() * random.nextGaussian() + s.driftPerRun() * (firstRun + k);
            double share = s.upperShare() * random.nextDouble();
            List<List<Fork>> rows = new ArrayList<>();
            for (int row = 0; row < ROWS; row++) {
                double own = s.rowRunSpread() * random.nextGaussian();
                double factor = candidate ? change[row] : 1;
                List<Fork> fs = new ArrayList<>();
                for (int f = 0; f < n; f++) {
                    boolean upper = random.nextDouble() < share;
                    double noise = s.forkSpread() * s.rowSpread()[row] * draw(random, s.tailDf());
                    double v = BASE[row] * factor * host * Math.exp(shared + own + noise) * (upper ? LEVEL_GAP : 1);
                    if (random.nextDouble() < s.outliers()) {
                        v *= 1.5 + 1.5 * random.nextDouble();
                    }
                    double probe = (upper ? 400 : 130) * Math.exp(0.04 * random.nextGaussian());
                    double speed = host * Math.exp(0.01 * random.nextGaussian());
                    boolean failed = random.nextDouble() < s.failure();
                    fs.add(new Fork(failed ? Double.NaN : v, random.nextDouble() < s.missingProbe() ? Double.NaN : probe,
                            random.nextDouble() < s.missingProbe() ? Double.NaN : speed));
                }
                rows.add(fs);
            }
            out.add(new Run(rows));
        }
        return out;
    }

    /** A standard Gaussian (df 0) or a Student t with {@code df} degrees of freedom scaled to unit variance. */
    static double draw(Random random, double df) {
        if (df <= 0) {
            return random.nextGaussian();
        }
        double chi2 = 0;
        for (int i = 0; i < (int) df; i++) {
            double z = random.nextGaussian();
            chi2 += z * z;
        }
        double t = random.nextGaussian() / Math.sqrt(chi2 / df);
        return df > 2 ? t * Math.sqrt((df - 2) / df) : t;
    }

    /** A side's single-core readings of every fork, as logs: what the host check reads. */
    public static double[] singleCoreLogs(List<Run> side) {
        return side.stream().flatMap(r -> r.rows().stream()).flatMap(List::stream)
                .mapToDouble(Fork::singleCoreNsPerOp).filter(v -> !Double.isNaN(v)).map(Math::log).toArray();
    }

    /** The values of row {@code row}'s measured forks in {@code run}. */
    public static double[] values(Run run, int row) {
        return run.rows().get(row).stream().filter(f -> !f.failed()).mapToDouble(Fork::value).toArray();
    }

    /** The probe's round trips beside row {@code row}'s measured forks in {@code run} (NaN where not read). */
    public static double[] roundTrips(Run run, int row) {
        return run.rows().get(row).stream().filter(f -> !f.failed()).mapToDouble(Fork::roundTripNs).toArray();
    }

    /** Row {@code row}'s failed forks in {@code run}. */
    public static int failed(Run run, int row) {
        return (int) run.rows().get(row).stream().filter(Fork::failed).count();
    }

    /** A nightly series of one row: {@code nights} runs, the true factor per night from {@code level}. */
    public static List<Run> nightly(Random random, Scenario s, int nights, int forks,
                                    java.util.function.IntToDoubleFunction level) {
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < nights; i++) {
            double[] change = new double[ROWS];
            Arrays.fill(change, level.applyAsDouble(i));
            out.addAll(side(random, s, 1, forks, i, true, change));
        }
        return out;
    }
}
