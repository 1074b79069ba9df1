package org.jvmmark.harness;

/** How the due times of iterations are spaced at a target throughput. Immutable. */
public enum Arrivals {
    /** Every iteration exactly one interval after the previous one (JLBH's schedule). */
    FIXED,
    /**
     * Exponentially distributed gaps with the same mean: a Poisson process, as independent clients
     * arriving at random would produce. Bursts are part of the load, so queueing shows up sooner.
     */
    POISSON
}
