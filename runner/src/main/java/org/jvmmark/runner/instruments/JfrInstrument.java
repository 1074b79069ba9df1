package org.jvmmark.runner.instruments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jvmmark.results.Instruments;

/**
 * {@code --jfr[=profile|default|FILE.jfc]}: a JDK Flight Recording of the whole life of the JVM
 * under test ({@code jvm.jfr} or {@code server.jfr} beside its logs, dumped when it exits), read on
 * the host by {@link JfrRecording} for the trial's summary: GC pauses, safepoints with their time to
 * safepoint, JIT compilations during the measured runs, allocation rate and CPU load. {@code profile}
 * by default: it records every safepoint, which the attribution of outliers needs. Immutable and
 * thread-safe.
 */
public final class JfrInstrument implements LaunchListener, TrialEndListener, PauseSource {
    public static final String KEY = "jfr";
    private final String settings;

    /** @param settings {@code profile}, {@code default} or the absolute path of a {@code .jfc} file */
    public JfrInstrument(String settings) {
        this.settings = settings;
    }

    /**
     * @throws IllegalArgumentException naming the valid settings when {@code value} is none of them
     */
    public static JfrInstrument parse(String value) {
        if (value.equals("profile") || value.equals("default")) {
            return new JfrInstrument(value);
        }
        Path jfc = Path.of(value).toAbsolutePath().normalize();
        if (!value.endsWith(".jfc") || !Files.isRegularFile(jfc)) {
            throw new IllegalArgumentException("--jfr=" + value + ": expected profile, default or an existing .jfc file");
        }
        if (jfc.toString().contains(",")) {
            throw new IllegalArgumentException("--jfr=" + value + ": a settings path may not contain a comma (JFR's option separator)");
        }
        return new JfrInstrument(jfc.toString());
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public String title() {
        return "JFR (" + (settings.endsWith(".jfc") ? Path.of(settings).getFileName() : settings) + ")";
    }

    @Override
    public List<String> jvmArgs(TrialFiles files) {
        if (files.jfr().toString().contains(",")) {
            throw new IllegalStateException("the log path contains a comma, which JFR's options cannot carry");
        }
        return List.of("-XX:StartFlightRecording=settings=" + settings + ",filename=" + files.jfr() + ",dumponexit=true");
    }

    @Override
    public Instruments.Instrument afterTrial(TrialFiles files, WorstSamples measured, Path resultsDir) {
        Instruments.Instrument.Builder summary = Instruments.Instrument.on(KEY, title()).label("settings", settings);
        if (!TrialEndListener.recordFile(summary, "file", files.jfr(), resultsDir,
                "no recording: the JVM did not exit normally, or refused to dump it")) {
            return summary.build();
        }
        JfrRecording r;
        try {
            r = JfrRecording.read(files.jfr());
        } catch (IOException | RuntimeException e) {
            return summary.noData("recording unreadable: " + e.getMessage()).build();
        }
        summary.figure("collections", r.collections);
        PauseStats.summarise(toPauses(r.gcPauses, 0), "gcPauses.", summary);
        PauseStats.summarise(toPauses(r.safepoints, 0), "safepoints.", summary);
        long[] tts = r.timeToSafepointNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        summary.figure("safepoints.timeToSafepointTotalMillis", Outliers.millis(java.util.Arrays.stream(tts).sum()));
        summary.figure("safepoints.timeToSafepointLongestMillis", tts.length == 0 ? 0 : Outliers.millis(tts[tts.length - 1]));
        if (!r.compileCounts.isEmpty()) {
            summary.figure("jitCompilations", r.compileCounts.get(r.compileCounts.size() - 1)[1]);
        }
        if (measured != null && !measured.runs().isEmpty()) {
            long offset = measured.epochMinusNanoTime();
            long n = compilationsDuring(r.compileCounts, measured.runs().get(0)[0] + offset,
                    measured.runs().get(measured.runs().size() - 1)[1] + offset);
            if (n >= 0) {
                summary.figure("jitCompilationsDuringMeasurement", n);
            }
        }
        PauseStats.allocationRate(r.transitions, r.firstEpochNanos, summary);
        PauseStats.heapAfter(r.transitions, summary);
        if (!r.cpuLoad.isEmpty()) {
            summary.figure("cpuLoad.jvmMean", PauseStats.round1(100 * r.cpuLoad.stream().mapToDouble(c -> c[0]).average().orElse(0)));
            summary.figure("cpuLoad.machineMean", PauseStats.round1(100 * r.cpuLoad.stream().mapToDouble(c -> c[1]).average().orElse(0)));
            summary.label("cpuLoad.unit", "% of all CPUs");
        }
        return summary.build();
    }

    /**
     * JIT compilations while the harness measured: the growth of the cumulative count from the last
     * sample at or before the first run's start to the first sample at or after the last run's end
     * (or the last sample, when the JVM exited within a second of the runs). Sampled once a second,
     * so it can include up to a second on either side. {@code -1} without a sample before the runs.
     */
    static long compilationsDuring(List<long[]> counts, long fromEpochNanos, long toEpochNanos) {
        long before = -1;
        long after = -1;
        for (long[] c : counts) { // in time order
            if (c[0] <= fromEpochNanos) {
                before = c[1];
            } else {
                after = c[1];
                if (c[0] >= toEpochNanos) {
                    break;
                }
            }
        }
        return before < 0 || after < 0 ? -1 : after - before;
    }

    @Override
    public List<Pause> pauses(TrialFiles files, WorstSamples clock) {
        try {
            JfrRecording r = JfrRecording.read(files.jfr());
            List<JfrRecording.Stop> all = new ArrayList<>(r.gcPauses);
            all.addAll(r.safepoints);
            long offset = clock.epochMinusNanoTime();
            return toPauses(all, offset);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** @param offset epoch nanoseconds minus harness-clock nanoseconds */
    private static List<Pause> toPauses(List<JfrRecording.Stop> stops, long offset) {
        List<Pause> out = new ArrayList<>();
        for (JfrRecording.Stop s : stops) {
            out.add(new Pause(s.kind(), s.label(), s.startEpochNanos() - offset, s.durationNanos()));
        }
        return out;
    }
}
