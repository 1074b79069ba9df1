package org.jvmmark.runner.instruments;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jvmmark.results.Instruments;

/** After the JVM under test has ended: read what the instrument left in the log directory. */
public interface TrialEndListener extends Instrument {
    /**
     * The instrument's summary of the trial. A missing or unreadable file is no exception: the summary
     * is then {@link Instruments.Status#NO_DATA} and says why.
     *
     * @param measured the harness's worst samples, clock anchor and run windows, or {@code null} when
     *     the workload measured no latency (then "during measurement" figures are left out)
     * @param resultsDir the results directory, against which file paths are written relative
     */
    Instruments.Instrument afterTrial(TrialFiles files, WorstSamples measured, Path resultsDir);

    /**
     * Records {@code file} in the summary under {@code name}, relative to the results directory, when it
     * exists; otherwise marks the summary {@code no data} with {@code missing} as the reason.
     *
     * @return whether the file exists
     */
    static boolean recordFile(Instruments.Instrument.Builder summary, String name, Path file, Path resultsDir, String missing) {
        if (!Files.isRegularFile(file)) {
            summary.noData(missing);
            return false;
        }
        summary.file(name, resultsDir.relativize(file).toString());
        return true;
    }
}
