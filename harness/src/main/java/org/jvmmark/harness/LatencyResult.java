package org.jvmmark.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.PercentileTrust;

/**
 * Everything one {@link Harness#run()} measured: per probe its runs and summary, the jitter
 * sampler's gaps, the CPUs each thread actually obtained, and warnings. The {@code latency} blocks
 * of {@code results.json} ({@link #latencyBlocks()}) and the JLBH-style text ({@link #report()})
 * are two renderings of this one value. Immutable.
 */
public final class LatencyResult {
    private final HarnessOptions options;
    private final List<ProbeResult> probes;
    private final ProbeResult jitter;
    private final Map<String, CpuAffinity.Pinning> cpus;
    private final String processCpus;
    private final int availableProcessors;
    private final long unmatchedSamples;
    private final long warmupNanos;
    private final StartLag warmupLag;
    private final WorstSamples.Record worst;

    LatencyResult(HarnessOptions options, List<ProbeResult> probes, ProbeResult jitter, Map<String, CpuAffinity.Pinning> cpus,
                  String processCpus, int availableProcessors, long unmatchedSamples, long warmupNanos) {
        this(options, probes, jitter, cpus, processCpus, availableProcessors, unmatchedSamples, warmupNanos, StartLag.NONE);
    }

    LatencyResult(HarnessOptions options, List<ProbeResult> probes, ProbeResult jitter, Map<String, CpuAffinity.Pinning> cpus,
                  String processCpus, int availableProcessors, long unmatchedSamples, long warmupNanos, StartLag warmupLag) {
        this(options, probes, jitter, cpus, processCpus, availableProcessors, unmatchedSamples, warmupNanos, warmupLag, null);
    }

    /** @param worst the end-to-end probe's worst samples, or {@code null} when not kept */
    LatencyResult(HarnessOptions options, List<ProbeResult> probes, ProbeResult jitter, Map<String, CpuAffinity.Pinning> cpus,
                  String processCpus, int availableProcessors, long unmatchedSamples, long warmupNanos, StartLag warmupLag,
                  WorstSamples.Record worst) {
        this.warmupLag = warmupLag;
        this.options = options;
        this.probes = Collections.unmodifiableList(new ArrayList<>(probes));
        this.jitter = jitter;
        this.cpus = Collections.unmodifiableMap(new LinkedHashMap<>(cpus));
        this.processCpus = processCpus;
        this.availableProcessors = availableProcessors;
        this.unmatchedSamples = unmatchedSamples;
        this.warmupNanos = warmupNanos;
        this.worst = worst;
    }

    /** The end-to-end probe's worst samples with their due times, or {@code null} when not kept. */
    WorstSamples.Record worst() {
        return worst;
    }

    public HarnessOptions options() {
        return options;
    }

    /** The end-to-end probe first, then the task's probes in the order they were added. */
    public List<ProbeResult> probes() {
        return probes;
    }

    public ProbeResult endToEnd() {
        return probes.get(0);
    }

    /** The probe called {@code name}. */
    public ProbeResult probe(String name) {
        for (ProbeResult p : probes) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no probe '" + name + "'; probes: " + probeNames());
    }

    private List<String> probeNames() {
        List<String> names = new ArrayList<>();
        probes.forEach(p -> names.add(p.name()));
        return names;
    }

    /** Gaps the jitter thread saw, per run; {@code null} when jitter sampling was off. */
    public ProbeResult jitter() {
        return jitter;
    }

    /** Per thread ({@code benchmark}, {@code jitter}, any the task reported) the CPUs it obtained. */
    public Map<String, CpuAffinity.Pinning> cpus() {
        return cpus;
    }

    /** The process's allowed CPUs when the harness started. */
    public String processCpus() {
        return processCpus;
    }

    public int availableProcessors() {
        return availableProcessors;
    }

    public long warmupNanos() {
        return warmupNanos;
    }

    /** The latency block of one probe, in the {@code results.json} layout (JSON-writable). */
    public Map<String, Object> latencyBlock(String probe) {
        return LatencyBlock.of(this, probe(probe));
    }

    /** One latency block per probe, {@code endToEnd} first. */
    public Map<String, Map<String, Object>> latencyBlocks() {
        Map<String, Map<String, Object>> m = new LinkedHashMap<>();
        for (ProbeResult p : probes) {
            m.put(p.name(), LatencyBlock.of(this, p));
        }
        return m;
    }

    /** How the harness ran: options, CPUs obtained, jitter summary (JSON-writable; for {@code info}). */
    public Map<String, Object> harnessInfo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("options", options.toMap());
        m.put("cpus", LatencyBlock.cpus(this));
        if (jitter != null) {
            m.put("jitter", LatencyBlock.jitter(this));
        }
        m.put("warmupSeconds", Math.round(warmupNanos / 1e6) / 1e3);
        return m;
    }

    /** Lines the report must show beside the figures. */
    public List<String> warnings() {
        List<String> w = new ArrayList<>();
        ProbeResult e2e = endToEnd();
        if (warmupLag.fellBehind()) {
            w.add("warm-up did not keep its schedule: " + warmupLag.describe() + "; the JIT warmed up on another load");
        }
        for (RunResult r : e2e.runs()) {
            if (r.fellBehind()) {
                StartLag lag = r.startLag();
                w.add(String.format(Locale.ROOT, "fell behind its schedule in run %d: %s; sent %,.0f/s, delivered %,.0f/s"
                        + " (target %,.0f/s)", r.run(), lag.describe(), r.achievedRate(), lag.deliveredRate(), r.targetRate()));
            }
        }
        w.addAll(SteadyState.warnings(e2e.runs()));
        // The same rule the report ranks by: the CPUs this JVM obtained against the threads the harness spins.
        String cpuDistrust = PercentileTrust.distrust(99, Long.MAX_VALUE - 1, availableProcessors, cpus.size());
        if (cpuDistrust != null) {
            w.add(cpuDistrust + " (" + String.join(", ", cpus.keySet()) + ")");
        }
        long needed = PercentileTrust.samplesNeeded(99.99);
        if (e2e.count() > 0 && e2e.count() < needed) {
            w.add(String.format(Locale.ROOT, "%,d samples: p99.99 needs %,d (%d beyond it), so p99.99 and beyond are not"
                    + " figures to rank on", e2e.count(), needed, PercentileTrust.TAIL_SAMPLES));
        }
        CpuAffinity.Pinning bench = cpus.get("benchmark");
        if (options.affinity() && bench != null && !bench.isPinned()) {
            w.add("benchmark thread not pinned: " + bench);
        }
        if (unmatchedSamples > 0) {
            w.add(unmatchedSamples + " end-to-end samples had a start time the harness did not hand out;"
                    + " their uncorrected latency equals the corrected one");
        }
        return w;
    }

    /** Records every probe's latency block, the harness info and the warnings into a trial result. */
    public void recordInto(TrialResult result) {
        latencyBlocks().forEach(result::latency);
        result.info("harness", harnessInfo());
        warnings().forEach(result::warning);
    }

    /** The JLBH-style text report. */
    public String report() {
        return TextReport.render(this);
    }

    @Override
    public String toString() {
        return report();
    }
}
