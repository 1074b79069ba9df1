package org.jvmmark.workloads.queue;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the consumer thread goes, given the CPUs the process may use. The harness pins the
 * producer (its benchmark thread) to the highest CPU other than 0; the consumer takes the highest
 * CPU left other than 0, so each has a core of its own and CPU 0 stays with the OS. Where no such
 * CPU is left — a 2-CPU machine — the consumer is pinned to CPU 0, next to the OS's interrupts and
 * housekeeping, which keeps it off the producer's core but lets the OS interrupt it: then only the
 * lower percentiles mean anything, and the trial says so.
 *
 * <p>Immutable.
 */
final class ThreadPlacement {
    /** The producer's CPU as the harness chooses it, or -1. */
    final int producerCpu;
    /** The CPU to pin the consumer to, or -1 to leave it unpinned. */
    final int consumerCpu;
    /** True when producer and consumer each get a core that neither the OS nor the other uses. */
    final boolean dedicatedCores;

    private ThreadPlacement(int producerCpu, int consumerCpu, boolean dedicatedCores) {
        this.producerCpu = producerCpu;
        this.consumerCpu = consumerCpu;
        this.dedicatedCores = dedicatedCores;
    }

    static ThreadPlacement plan(List<Integer> allowed, boolean pin) {
        if (!pin) {
            return new ThreadPlacement(-1, -1, false);
        }
        List<Integer> usable = new ArrayList<>(allowed);
        usable.remove(Integer.valueOf(0));
        if (usable.isEmpty()) {
            return new ThreadPlacement(-1, -1, false);
        }
        int producer = usable.remove(usable.size() - 1);
        if (!usable.isEmpty()) {
            return new ThreadPlacement(producer, usable.get(usable.size() - 1), true);
        }
        return new ThreadPlacement(producer, allowed.contains(0) ? 0 : -1, false);
    }
}
