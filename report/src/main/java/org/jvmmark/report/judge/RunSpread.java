package org.jvmmark.report.judge;

/**
 * What is known of this machine's run-to-run spread for one figure before the evidence at hand is read: how much the
 * centre of identical runs moves from run to run beyond their forks' noise (DESIGN.md, term ρ). Evidence with two runs
 * or more of a row measures it itself; with one run a side the judge needs it from elsewhere — the history's earlier
 * runs of the same workload on this host, or nothing. Immutable, hence thread-safe.
 *
 * @param sigma the run-to-run standard deviation of a row's log centre (0.02 = 2 %), beyond the forks' noise
 * @param source where it comes from
 * @param df the degrees of freedom it was measured with (a spread from 3 history runs of one series: 2), infinite
 *     where it is taken as exact (assumed: the largest measured, so a bound rather than an estimate)
 */
public record RunSpread(double sigma, Source source, double df) {
    /**
     * The largest run-to-run spread measured between identical runs on this project's hosts: 5.2 % on queue-latency's
     * p50 (Intel Xeon host, quiet, 2026-11-28; its run centres spread 1.9–5.2 % over the measured pairs, measured/README.md),
     * above the 2.5 % of the AMD EPYC hosts of 2026-11-26 that was assumed before (issue 48). What the judge assumes where
     * this host's is unknown: a call must clear it, and an improvement passes only where it could not reverse it; "no
     * difference" is never claimed on it.
     */
    public static final double ASSUMED_SIGMA = 0.052;

    /** Where the spread comes from. */
    public enum Source {
        /** Measured from this evidence's own repeated runs. */
        MEASURED,
        /** Measured earlier on this host (the history's runs of the same figure). */
        STORED,
        /** Not known: {@link #ASSUMED_SIGMA}, enough for a call, never for "no difference". */
        ASSUMED,
        /** The rows were measured in the same runs, interleaved: the run effect cancels. */
        CANCELS
    }

    /** Nothing known of this host. */
    public static final RunSpread UNKNOWN = new RunSpread(ASSUMED_SIGMA, Source.ASSUMED);

    public RunSpread {
        if (!(sigma >= 0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException("a run-to-run spread is a fraction >= 0, not " + sigma);
        }
        if (!(df > 0)) {
            throw new IllegalArgumentException("a run-to-run spread's degrees of freedom are > 0, not " + df);
        }
    }

    /** A spread taken as exact. */
    public RunSpread(double sigma, Source source) {
        this(sigma, source, Double.POSITIVE_INFINITY);
    }

    /** A spread measured earlier on this host, taken as exact (its degrees of freedom unknown). */
    public static RunSpread stored(double sigma) {
        return new RunSpread(sigma, Source.STORED);
    }

    /**
     * A spread measured earlier on this host with {@code df} degrees of freedom (Σ(runs − 1) over the series pooled):
     * its own uncertainty widens the interval it stands behind (issue 48).
     */
    public static RunSpread stored(double sigma, double df) {
        return new RunSpread(sigma, Source.STORED, df);
    }
}
