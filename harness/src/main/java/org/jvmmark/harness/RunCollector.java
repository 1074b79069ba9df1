package org.jvmmark.harness;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jvmmark.api.FellBehind;

/**
 * Gathers each measured run's histograms (on the benchmark thread, between runs) and builds the
 * {@link LatencyResult} at the end (on the caller, after the benchmark thread has finished, which
 * orders the two). Not thread-safe beyond that hand-over.
 */
final class RunCollector {
    private final HarnessOptions options;
    private final EndToEndRecorder endToEnd;
    private final List<RecordingProbe> probes;
    private final List<RunResult> endToEndRuns = new ArrayList<>();
    private final Map<String, List<RunResult>> probeRuns = new LinkedHashMap<>();
    private final List<RunResult> jitterRuns = new ArrayList<>();
    private final List<List<Map<String, Long>>> windows = new ArrayList<>();
    private final List<WorstSamples.Sample> worst = new ArrayList<>();
    private final List<long[]> runWindows = new ArrayList<>();
    private HlogOutput hlog;
    long warmupNanos;
    /** The warm-up phase's timing, or null when there was none. */
    Harness.PhaseTiming warmup;

    RunCollector(HarnessOptions options, EndToEndRecorder endToEnd, List<RecordingProbe> probes) {
        this.options = options;
        this.endToEnd = endToEnd;
        this.probes = probes;
    }

    void addRun(int run, Harness.PhaseTiming t, Map<String, Long> gcStart, Map<String, Long> gcEnd, JitterSampler jitter) throws IOException {
        double target = options.ratePerSecond();
        double achieved;
        boolean behind;
        if (options.isClosedLoop()) {
            achieved = t.iterations * 1e9 / Math.max(1, t.endNanos - t.startNanos);
            behind = false;
        } else {
            // Judged against the run's own schedule, not the nominal rate: a Poisson schedule's span
            // varies by about 1/sqrt(n) around n × interval, so a punctual run of 10,000 Poisson
            // arrivals would otherwise miss "99 % of target" about one time in six.
            double actualSpan = Math.max(1, t.lastActualStart - t.firstDue + options.intervalNanos());
            double scheduledSpan = Math.max(1, t.lastDue - t.firstDue + options.intervalNanos());
            achieved = t.iterations * 1e9 / actualSpan;
            behind = FellBehind.rate(t.iterations * 1e9 / scheduledSpan, achieved);
        }
        StartLag lag = startLag(t);
        behind |= lag.fellBehind();
        long duration = t.endNanos - t.startNanos;
        windows.add(List.of(gcStart, gcEnd));
        Histogram[] e2e = endToEnd.takePhase();
        worst.addAll(endToEnd.takenWorst().samples(run));
        runWindows.add(new long[] {t.startNanos, t.endNanos});
        endToEndRuns.add(new RunResult(run, e2e[0], e2e[1], target, achieved, behind, duration, List.of()).withStartLag(lag));
        Map<String, Histogram> tagged = new LinkedHashMap<>();
        tagged.put(Harness.END_TO_END, e2e[0]);
        tagged.put(Harness.END_TO_END + "-uncorrected", e2e[1]);
        for (RecordingProbe p : probes) {
            Histogram h = p.takePhase();
            probeRuns.computeIfAbsent(p.name(), k -> new ArrayList<>())
                    .add(new RunResult(run, h, h, target, achieved, behind, duration, List.of()));
            tagged.put(p.name(), h);
        }
        if (jitter != null) {
            Histogram h = jitter.takeInterval();
            jitterRuns.add(new RunResult(run, h, h, 0, 0, false, duration, List.of()));
            tagged.put("jitter", h);
        }
        if (options.hlog() != null) {
            if (hlog == null) {
                hlog = new HlogOutput(options.hlog(), t.startNanos);
            }
            hlog.write(t.startNanos, t.endNanos, tagged);
            if (run == options.runs()) {
                hlog.close();
            }
        }
    }

    /** How a phase kept its schedule, over the whole phase. */
    StartLag startLag(Harness.PhaseTiming t) {
        if (options.isClosedLoop()) {
            return StartLag.NONE;
        }
        double delivered = t.iterations * 1e9 / Math.max(1, t.endNanos - t.firstDue);
        return new StartLag(t.iterations, t.lateStarts, t.lateNanos, t.maxLagNanos, delivered);
    }

    LatencyResult result(GcEventListener gc, String processCpus, Map<String, CpuAffinity.Pinning> cpus) {
        List<ProbeResult> all = new ArrayList<>();
        all.add(new ProbeResult(Harness.END_TO_END, options.coCorrection() && !options.isClosedLoop(), withGc(endToEndRuns, gc)));
        for (Map.Entry<String, List<RunResult>> e : probeRuns.entrySet()) {
            all.add(new ProbeResult(e.getKey(), false, withGc(e.getValue(), gc)));
        }
        ProbeResult jitterResult = options.jitter() ? new ProbeResult("jitter", false, jitterRuns) : null;
        long[] anchor = WorstSamples.Record.anchor(options.clock());
        WorstSamples.Record worstRecord = new WorstSamples.Record(worst, runWindows, anchor[0], anchor[1],
                java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime());
        return new LatencyResult(options, all, jitterResult, new LinkedHashMap<>(cpus), processCpus,
                Runtime.getRuntime().availableProcessors(), endToEnd.unmatched(), warmupNanos,
                warmup == null ? StartLag.NONE : startLag(warmup), worstRecord);
    }

    private List<RunResult> withGc(List<RunResult> runs, GcEventListener gc) {
        List<RunResult> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            List<Map<String, Long>> w = windows.get(i);
            out.add(runs.get(i).withGcEvents(gc.between(w.get(0), w.get(1))));
        }
        return out;
    }
}
