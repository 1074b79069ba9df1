package org.jvmmark.runner.instruments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jvmmark.results.Instruments;

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
    public Instruments.Instrument afterTrial(TrialFiles files, WorstSamples measured, Path resultsDir) {
        Instruments.Instrument.Builder summary = Instruments.Instrument.on(KEY, title());
        if (!TrialEndListener.recordFile(summary, "file", files.gcLog(), resultsDir, "the JVM wrote no GC log")) {
            return summary.build();
        }
        GcLog log;
        try {
            log = GcLog.read(files.gcLog());
        } catch (IOException | RuntimeException e) {
            return summary.noData("GC log unreadable: " + e.getMessage()).build();
        }
        summary.label("collector", log.collector).figure("collections", log.collections);
        // the GC log's pause figures sit at the top of its block, JFR's under gcPauses
        PauseStats.summarise(log.gcPauses, "", summary);
        PauseStats.summarise(log.safepoints, "safepoints.", summary);
        long[] tts = log.timeToSafepointNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        summary.figure("safepoints.timeToSafepointLongestMillis", tts.length == 0 ? 0 : Outliers.millis(tts[tts.length - 1]));
        PauseStats.allocationRate(log.transitions, log.jvmStartNanos, summary);
        PauseStats.heapAfter(log.transitions, summary);
        return summary.build();
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
