package org.jvmmark.workloads.http.driver;

/** One load as the I/O threads carry it out. Immutable. */
final class Plan {
    static final Plan IDLE = new Plan(Load.IDLE, Endpoints.NONE, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0);
    final Load load;
    /** What it sends: one request, or a mix's entries picked per request. */
    final Endpoints endpoints;
    final long startNanos;
    /** Rate: nanoseconds between due times of consecutive requests of the schedule. */
    final double intervalNanos;
    /**
     * Rate: the first measured request and the end of the schedule, in this engine's own numbering
     * (its k-th request is the whole schedule's {@code k·stride + offset}); hold: how many
     * connections send.
     */
    final long measureFromIndex;
    final long endIndex;
    final long measureFromNanos;
    final long measureUntilNanos;
    final long extraTimeoutNanos;
    final long staggerNanos;
    final long stride;
    final long offset;

    Plan(Load load, Endpoints endpoints, long startNanos, double intervalNanos, long measureFromIndex,
         long endIndex, long measureFromNanos, long measureUntilNanos, long extraTimeoutNanos, long staggerNanos) {
        this(load, endpoints, startNanos, intervalNanos, measureFromIndex, endIndex, measureFromNanos, measureUntilNanos,
                extraTimeoutNanos, staggerNanos, 1, 0);
    }

    Plan(Load load, Endpoints endpoints, long startNanos, double intervalNanos, long measureFromIndex,
         long endIndex, long measureFromNanos, long measureUntilNanos, long extraTimeoutNanos, long staggerNanos,
         long stride, long offset) {
        this.load = load;
        this.endpoints = endpoints;
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
        this.measureFromIndex = measureFromIndex;
        this.endIndex = endIndex;
        this.measureFromNanos = measureFromNanos;
        this.measureUntilNanos = measureUntilNanos;
        this.extraTimeoutNanos = extraTimeoutNanos;
        this.staggerNanos = staggerNanos;
        this.stride = stride;
        this.offset = offset;
    }

    /** This engine's request {@code j} (its own numbering) in the whole schedule's numbering. */
    long global(long j) {
        return j * stride + offset;
    }

    /** Which endpoint this engine's scheduled request {@code j} (its own numbering) sends: the whole schedule's draw. */
    int endpointOf(long j) {
        return endpoints.pick(global(j));
    }

    /** Due time of this engine's request {@code j} (its own numbering). */
    long due(long j) {
        return startNanos + Math.round((j * stride + offset) * intervalNanos);
    }
}
