package org.jvmmark.workloads.http.driver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The SLA throughput: the highest open-model rate whose corrected percentile meets the SLA, found by
 * search rather than by fixed steps, so that one GC pause in one step does not set the answer.
 *
 * <ol>
 *   <li><b>Bracket</b>: from half the closed-loop maximum, double while the SLA is met (up to the
 *       maximum) or halve while it is missed, until one rate meets it and one above misses it.</li>
 *   <li><b>Bisect</b> between them until the two are within {@link #PRECISION} (2 %) of each other.</li>
 *   <li><b>Confirm</b> the highest passing rate: it must meet the SLA in 2 of 3 runs (the passing one
 *       and up to two more). If it does not, it becomes the upper bound and the search goes on below
 *       it.</li>
 * </ol>
 * Every run is kept in the {@link Result#curve} (rate → percentile, met or not), in the order walked.
 * A search that reaches its bound of runs ({@link #MAX_RUNS}) before confirming answers with the
 * best rate it has — the lower bound of its bracket, a rate that met the SLA every time it ran — marked
 * not confirmed, rather than with nothing.
 *
 * <p>Stateless apart from one search's curve; not thread-safe (one search at a time).
 */
final class SlaSearch {
    /** Bisection stops when (high − low) ≤ 2 % of low. */
    static final double PRECISION = 0.02;
    /** Below this share of the maximum nothing meets the SLA. */
    static final double MIN_SHARE = 0.001;
    /** A bound on the runs of one search. */
    static final int MAX_RUNS = 40;

    /** Runs one rate and judges it. */
    interface Trial {
        Step run(double rate) throws Exception;
    }

    /** One run of the search. Immutable. */
    static final class Step {
        final double targetRate;
        final double achievedRate;
        final long percentileNanos;
        final boolean met;

        Step(double targetRate, double achievedRate, long percentileNanos, boolean met) {
            this.targetRate = targetRate;
            this.achievedRate = achievedRate;
            this.percentileNanos = percentileNanos;
            this.met = met;
        }
    }

    /** The answer and the runs behind it. Immutable. */
    static final class Result {
        /**
         * The highest rate that met the SLA in 2 of 3 runs; when the runs ran out first, the best
         * unconfirmed one ({@link #confirmed} false); 0 when no rate met it.
         */
        final double slaRate;
        /** Whether {@link #slaRate} met the SLA in 2 of 3 runs (false when the search hit its bound first). */
        final boolean confirmed;
        final List<Step> curve;

        Result(double slaRate, boolean confirmed, List<Step> curve) {
            this.slaRate = slaRate;
            this.confirmed = confirmed;
            this.curve = Collections.unmodifiableList(new ArrayList<>(curve));
        }
    }

    private final Trial trial;
    private final int maxRuns;
    private final List<Step> curve = new ArrayList<>();

    SlaSearch(Trial trial) {
        this(trial, MAX_RUNS);
    }

    /** With a bound of {@code maxRuns} runs instead of {@link #MAX_RUNS}. */
    SlaSearch(Trial trial, int maxRuns) {
        this.trial = trial;
        this.maxRuns = maxRuns;
    }

    /** Searches below {@code maxRate} (the closed-loop maximum, requests/s). */
    Result search(double maxRate) throws Exception {
        double lo = 0;
        double hi = Double.NaN;
        double r = Math.max(1, Math.floor(maxRate / 2));
        while (curve.size() < maxRuns) {
            if (run(r)) {
                lo = r;
                if (!Double.isNaN(hi) || r >= maxRate) {
                    break;
                }
                r = Math.min(maxRate, r * 2);
            } else {
                hi = r;
                if (lo > 0) {
                    break;
                }
                r = Math.floor(r / 2);
                if (r < Math.max(1, maxRate * MIN_SHARE)) {
                    break;
                }
            }
        }
        while (lo > 0 && curve.size() < maxRuns) {
            while (!Double.isNaN(hi) && hi - lo > PRECISION * lo && curve.size() < maxRuns) {
                double mid = Math.floor((lo + hi) / 2);
                if (mid <= lo || mid >= hi) {
                    break;
                }
                if (run(mid)) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            if (curve.size() >= maxRuns) {
                break; // no run left to confirm it
            }
            if (run(lo) || run(lo)) {
                return new Result(lo, true, curve);
            }
            // refuted: the search goes on below it
            hi = lo;
            lo = highestMetBelow(hi);
            while (lo == 0 && curve.size() < maxRuns) {
                double down = Math.floor(hi / 2);
                if (down < Math.max(1, maxRate * MIN_SHARE)) {
                    break;
                }
                if (run(down)) {
                    lo = down;
                } else {
                    hi = down;
                }
            }
        }
        // Only the bound ends the search with a rate in hand: every way out of the loops above that
        // found nothing leaves lo at 0. lo met the SLA every time it ran and is the bracket's lower bound.
        return new Result(lo, false, curve);
    }

    private boolean run(double rate) throws Exception {
        Step s = trial.run(rate);
        curve.add(s);
        return s.met;
    }

    /** The highest rate below {@code bound} that met the SLA every time it ran. */
    private double highestMetBelow(double bound) {
        double best = 0;
        for (Step s : curve) {
            if (s.met && s.targetRate < bound && s.targetRate > best && !missedAt(s.targetRate)) {
                best = s.targetRate;
            }
        }
        return best;
    }

    private boolean missedAt(double rate) {
        for (Step s : curve) {
            if (!s.met && s.targetRate == rate) {
                return true;
            }
        }
        return false;
    }
}
