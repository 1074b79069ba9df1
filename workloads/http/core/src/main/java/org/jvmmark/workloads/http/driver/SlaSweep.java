package org.jvmmark.workloads.http.driver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.harness.Percentiles;

/**
 * SLA throughput, SPECjbb's critical-jOPS idea on the user's SLA: the closed-loop maximum first,
 * then {@link SlaSearch} — bracket, bisect to 2 %, confirm 2 of 3 — over open-model rates. Not
 * thread-safe: one instance runs one trial's sweep.
 */
final class SlaSweep {
    private final LoadPhases phases;
    private final TrialContext context;

    SlaSweep(LoadPhases phases, TrialContext context) {
        this.phases = phases;
        this.context = context;
    }

    /** Runs the sweep, records its curve and figures; returns the phase at the SLA rate (or the maximum's). */
    Phase run(TrialResult result, String path, long warmup, long measure, Sla sla) throws Exception {
        Phase max = phases.phase(Load.MAX, path, 0, warmup, measure, "max");
        if (max.requests == 0) {
            return max; // nothing answered: there is no rate to search
        }
        double maxRate = max.achievedRate();
        Map<Double, Phase> last = new HashMap<>();
        SlaSearch.Result found = new SlaSearch(rate -> {
            Phase step = phases.phase(Load.RATE, path, rate, Math.min(warmup, 2_000_000_000L), measure, "rate-" + (long) rate);
            long p = step.corrected.getValueAtPercentile(sla.percentile);
            boolean met = p <= sla.boundNanos && step.achievedRate() >= 0.95 * rate && ResultBlock.withinBudget(step.outcomes);
            last.put(rate, step);
            context.log(String.format(Locale.ROOT, "sweep: %,.0f req/s → p%s %.2f ms, %,d failed: %s", rate, Percentiles.key(sla.percentile),
                    p / 1e6, step.outcomes.failed.total(), met ? "meets the SLA" : "misses the SLA"));
            return new SlaSearch.Step(rate, step.achievedRate(), p, met);
        }).search(maxRate);
        List<Map<String, Object>> steps = new ArrayList<>();
        for (SlaSearch.Step s : found.curve) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("targetRate", s.targetRate);
            m.put("achievedRate", s.achievedRate);
            m.put("p" + Percentiles.key(sla.percentile) + "Nanos", s.percentileNanos);
            m.put("met", s.met);
            steps.add(m);
        }
        result.info("sweep", steps);
        result.info("sweepMethod", "bracket from half the closed-loop maximum, bisect to 2 %, the boundary confirmed in 2 of 3 runs");
        result.info("sla", sla.text);
        result.metric("maxThroughput", maxRate, "req/s", Better.HIGHER);
        result.metric("slaThroughput", found.slaRate, "req/s", Better.HIGHER);
        result.info("slaThroughputConfirmed", found.confirmed);
        if (found.slaRate == 0) {
            result.warning("no rate met the SLA " + sla.text + " in 2 of 3 runs: the SLA throughput is 0");
            return max;
        }
        if (!found.confirmed) {
            result.warning(String.format(Locale.ROOT, "the SLA search used its %d runs before confirming a rate: the SLA throughput"
                    + " %,.0f req/s met the SLA every time it ran but was not confirmed in 2 of 3 runs", SlaSearch.MAX_RUNS,
                    found.slaRate));
        }
        return last.get(found.slaRate);
    }
}
