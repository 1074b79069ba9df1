package org.jvmmark.harness;

/**
 * A named latency recorder for one stage of an iteration (e.g. "write", "read"), added in
 * {@link LatencyTask#init(Harness)} with {@link Harness#addProbe(String)} (one writer thread) or
 * {@link Harness#addConcurrentProbe(String)} (any number of writer threads). Its values are kept
 * per run and summarised like the end-to-end latency.
 *
 * <p>Thread-safety is the flavour's: one writer thread at a time, or any number.
 *
 * <p>A probe's samples of an iteration must be recorded before that iteration's end-to-end sample:
 * the harness closes a run when the last end-to-end sample has arrived.
 */
public interface Probe {

    /** The probe's name, its key in the {@code latency} block. */
    String name();

    /** Records one duration in nanoseconds (negative values count as 0). */
    void sampleNanos(long nanos);
}
