package org.jvmmark.runner.tune;

import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * How many forks to run so that enough of them stay on one machine level, on a host whose level changes during a share
 * of its forks (the AMD EPYC host behind this VM: 33 of 104 in the main job of 2026-11-29). A fork that ran while the
 * level changed is left out by the judge, so asking for the forks lacking and no more, on such a host, leaves them
 * lacking again about one time in three. Stateless, thread-safe.
 */
public final class LostForks {
    /** The chance with which the forks asked for leave the ones needed on one level. */
    public static final double CHANCE = 0.9;

    private LostForks() {
    }

    /**
     * The fewest forks n + k such that at least {@code needed} of them keep their level with a chance of {@link #CHANCE}
     * or more, binomial at 1 − {@code lost} ({@code lost} taken at most a half); {@code needed} when nothing is lost.
     * With 3 needed: 3 below a share of 0.035, 4 below 0.143, 5 below 0.247, 6 below 0.334.
     */
    public static int toAsk(int needed, double lost) {
        if (needed <= 0 || !(lost > 0)) {
            return Math.max(0, needed);
        }
        double keeps = 1 - Math.min(0.5, lost);
        int n = needed;
        while (BinomialDistribution.of(n, keeps).survivalProbability(needed - 1) < CHANCE) {
            n++;
        }
        return n;
    }
}
