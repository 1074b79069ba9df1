package org.jvmmark.runner.instruments;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** After the JVM under test has ended: read what the instrument left in the log directory. */
public interface TrialEndListener extends Instrument {
    /**
     * Fills the instrument's block of the trial's {@code instruments} with its summary. A missing or
     * unreadable file is no exception: the block then says why there is no summary.
     *
     * @param measured the harness's worst samples, clock anchor and run windows, or {@code null} when
     *     the workload measured no latency (then "during measurement" figures are left out)
     * @param block already holds {@code status: "on"} and the instrument's title
     * @param resultsDir the results directory, against which file paths are written relative
     */
    void afterTrial(TrialFiles files, WorstSamples measured, ObjectNode block, java.nio.file.Path resultsDir);
}
