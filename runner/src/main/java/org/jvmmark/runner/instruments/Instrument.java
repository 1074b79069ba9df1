package org.jvmmark.runner.instruments;

/**
 * An opt-in instrument attached to every trial of a run. It implements the lifecycle interfaces of
 * the points it cares about ({@link LaunchListener}, {@link TrialEndListener}, {@link PauseSource}).
 * Implementations are immutable and thread-safe.
 */
public interface Instrument {
    /** Its key in the trial's {@code instruments} block: {@code gcLog}, {@code jfr}, {@code asyncProfiler}. */
    String key();

    /** How a person names it, with its setting: "GC log", "JFR (profile)", "async-profiler (cpu)". */
    String title();
}
