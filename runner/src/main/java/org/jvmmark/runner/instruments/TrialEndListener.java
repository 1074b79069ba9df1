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

    /**
     * Records {@code file} in the block under {@code name}, relative to the results directory, when it
     * exists; otherwise marks the block {@code no data} with {@code missing} as the reason.
     *
     * @return whether the file exists
     */
    static boolean recordFile(ObjectNode block, String name, java.nio.file.Path file, java.nio.file.Path resultsDir, String missing) {
        if (!java.nio.file.Files.isRegularFile(file)) {
            noData(block, missing);
            return false;
        }
        block.put(name, resultsDir.relativize(file).toString());
        return true;
    }

    /** Marks the block: the instrument was on but left nothing to summarise, and why. */
    static void noData(ObjectNode block, String reason) {
        block.put("status", "no data");
        block.put("reason", reason);
    }
}
