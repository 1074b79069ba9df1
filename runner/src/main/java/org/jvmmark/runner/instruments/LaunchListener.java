package org.jvmmark.runner.instruments;

import java.util.List;

/** Before the JVM under test starts: the flags the instrument adds to its command line. */
public interface LaunchListener extends Instrument {
    /**
     * @param files where this trial's JVM under test keeps its logs; the instrument writes beside them
     * @throws IllegalStateException when the flags cannot be built for these files (a comma in a path
     *     the JVM's option syntax cannot carry): the trial then runs without the instrument, saying so
     */
    List<String> jvmArgs(TrialFiles files);
}
