package org.jvmmark.runner.instruments;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --gc-log}: the JVM's own unified GC log ({@code -Xlog:gc*,safepoint}, JDK 9+) in the
 * trial's log directory ({@code jvm-gc.log}, {@code server-gc.log}), summarised per trial:
 * collections, pauses (count, total, longest, p99), time to safepoint, allocation rate and heap after
 * GC. Safepoints are logged beside {@code gc*} because they are the other stop the outliers are
 * attributed to. One file per trial, no rotation. Immutable and thread-safe.
 */
public final class GcLogInstrument implements LaunchListener, TrialEndListener, PauseSource {
    public static final String KEY = "gcLog";

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public String title() {
        return "GC log";
    }

    @Override
    public List<String> jvmArgs(TrialFiles files) {
        // Quoted: a results directory may have spaces. timenanos = System.nanoTime()'s clock.
        return List.of("-Xlog:gc*,safepoint:file=\"" + files.gcLog() + "\":uptime,timenanos,level,tags:filecount=0");
    }

    @Override
    public void afterTrial(TrialFiles files, WorstSamples measured, ObjectNode block, Path resultsDir) {
        if (!TrialEndListener.recordFile(block, "file", files.gcLog(), resultsDir, "the JVM wrote no GC log")) {
            return;
        }
        GcLog log;
        try {
            log = GcLog.read(files.gcLog());
        } catch (IOException | RuntimeException e) {
            TrialEndListener.noData(block, "GC log unreadable: " + e.getMessage());
            return;
        }
        block.put("collector", log.collector);
        block.put("collections", log.collections);
        PauseStats.write(log.gcPauses, block);
        ObjectNode sp = block.putObject("safepoints");
        PauseStats.write(log.safepoints, sp);
        long[] tts = log.timeToSafepointNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        sp.put("timeToSafepointLongestMillis", tts.length == 0 ? 0 : Outliers.millis(tts[tts.length - 1]));
        PauseStats.writeAllocationRate(log.transitions, log.jvmStartNanos, block);
        PauseStats.writeHeapAfter(log.transitions, block);
    }

    @Override
    public List<Pause> pauses(TrialFiles files, WorstSamples clock) {
        try {
            GcLog log = GcLog.read(files.gcLog());
            List<Pause> all = new ArrayList<>(log.gcPauses);
            all.addAll(log.safepoints);
            return all;
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
