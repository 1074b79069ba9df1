package org.jvmmark.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link ProbeResult} as the {@code latency} block of {@code results.json} (the layout
 * the README's "results.json" section gives and {@code org.jvmmark.results.Probe} reads): unit, count, coCorrected, target and achieved rate, percentiles, uncorrected
 * percentiles, runs, the run-to-run variation and the compressed histogram; the end-to-end block
 * also carries the CPUs obtained and the jitter summary. Stateless.
 */
final class LatencyBlock {
    private LatencyBlock() {
    }

    static Map<String, Object> of(LatencyResult result, ProbeResult probe) {
        HarnessOptions o = result.options();
        List<Object> runs = new ArrayList<>();
        for (RunResult r : probe.runs()) {
            runs.add(run(r));
        }
        Map<String, Object> m = ProbeBlock.of(probe.count(), probe.coCorrected(), o.isClosedLoop() ? null : o.ratePerSecond(),
                rate(probe.achievedRate()), probe.fellBehind(), java.util.Objects.toString(o.toMap().get("arrivals"), null), probe.percentiles(),
                probe.uncorrectedPercentiles(), probe.uncorrectedHistogram(), runs, probe.histogram());
        Map<String, Object> variation = new LinkedHashMap<>();
        variation.put("statistic", Variation.STATISTIC);
        Map<String, Object> perPercentile = new LinkedHashMap<>();
        probe.variation().forEach((k, v) -> perPercentile.put(k, v.toMap()));
        variation.put("percentiles", perPercentile);
        m.put("variation", variation);
        if (probe == result.endToEnd()) {
            m.put("cpus", cpus(result));
            if (result.jitter() != null) {
                m.put("jitter", jitter(result));
            }
            if (result.worst() != null) {
                m.put("worst", result.worst().toMap());
            }
        }
        return m;
    }

    private static Map<String, Object> run(RunResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run", r.run());
        m.put("count", r.count());
        m.put("percentiles", r.percentiles());
        Map<String, Object> uncorrected = new LinkedHashMap<>();
        uncorrected.put("percentiles", r.uncorrectedPercentiles());
        m.put("uncorrected", uncorrected);
        m.put("achievedRate", rate(r.achievedRate()));
        m.put("fellBehind", r.fellBehind());
        if (r.targetRate() > 0) {
            StartLag lag = r.startLag();
            m.put("deliveredRate", rate(lag.deliveredRate()));
            m.put("lateStarts", lag.lateStarts());
            m.put("lateNanos", lag.lateNanos());
            m.put("maxStartLagNanos", lag.maxLagNanos());
        }
        m.put("durationNanos", r.durationNanos());
        List<Object> gc = new ArrayList<>();
        long pause = 0;
        for (GcEvent e : r.gcEvents()) {
            gc.add(e.toMap());
            pause += e.durationMillis();
        }
        m.put("gcCount", gc.size());
        m.put("gcMillis", pause);
        m.put("gcEvents", gc);
        return m;
    }

    static Map<String, Object> cpus(LatencyResult result) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("available", result.availableProcessors());
        m.put("process", result.processCpus());
        result.cpus().forEach((thread, p) -> m.put(thread, p.toMap()));
        return m;
    }

    static Map<String, Object> jitter(LatencyResult result) {
        ProbeResult j = result.jitter();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("thresholdNanos", result.options().jitterThresholdNanos());
        m.put("count", j.count());
        m.put("percentiles", j.percentiles());
        List<Object> runs = new ArrayList<>();
        for (RunResult r : j.runs()) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("run", r.run());
            run.put("count", r.count());
            run.put("percentiles", r.percentiles());
            runs.add(run);
        }
        m.put("runs", runs);
        return m;
    }

    private static double rate(double r) {
        return Math.round(r * 10) / 10.0;
    }
}
