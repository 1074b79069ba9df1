package org.jvmmark.runner.instruments;

import java.util.List;

/** An instrument that saw the JVM stop its threads: GC pauses and safepoints, for {@link Outliers}. */
public interface PauseSource extends Instrument {
    /** The pauses it recorded, on the harness clock of {@code clock}; empty when it has none. */
    List<Pause> pauses(TrialFiles files, WorstSamples clock);
}
