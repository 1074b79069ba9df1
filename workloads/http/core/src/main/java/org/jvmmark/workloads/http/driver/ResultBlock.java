package org.jvmmark.workloads.http.driver;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.jvmmark.api.Better;
import org.jvmmark.api.FellBehind;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.ValidationException;
import org.jvmmark.harness.Percentiles;
import org.jvmmark.harness.ProbeBlock;
import org.jvmmark.workloads.http.common.Footprint;

/**
 * The main phase's figures as the trial's result: requests/s, the {@code endToEnd} latency block
 * (corrected, uncorrected, the run), how every measured request ended, the driver's own load and
 * whether it set the pace, and the error budget. Stateless and thread-safe.
 */
final class ResultBlock {
    /** Failed requests above this share fail the trial. */
    static final double MAX_ERROR_SHARE = 0.001;
    /** Closed loop (no schedule): an I/O thread busier than this was the bottleneck. */
    static final double DRIVER_BOUND_BUSY = 0.9;
    /**
     * Open model: a p99 send lag above this means the driver, not the server, set the pace. The
     * sender's own error (park and wake-up, within its 50 µs tolerance) is tens of microseconds on an idle machine.
     */
    static final long DRIVER_BOUND_SEND_LAG_NANOS = 1_000_000L;

    private ResultBlock() {
    }

    /** Whether a phase's failed requests are within the budget. */
    static boolean withinBudget(Outcomes o) {
        long failed = o.failed.total();
        return failed == 0 || failed <= MAX_ERROR_SHARE * o.total();
    }

    static void recordFootprint(TrialResult result, String when, Footprint f) {
        if (f.rssBytes >= 0) {
            result.metric("serverRss" + when, f.rssBytes, "bytes", Better.LOWER);
        }
        if (f.threads >= 0) {
            result.metric("serverThreads" + when, f.threads, "threads", Better.NONE);
        }
        if (f.heapUsedBytes >= 0) {
            result.metric("serverHeapUsed" + when, f.heapUsedBytes, "bytes", Better.LOWER);
            result.metric("serverHeapCommitted" + when, f.heapCommittedBytes, "bytes", Better.LOWER);
        }
    }

    static void recordPhase(TrialResult result, Phase main, int connections, int ioThreads) {
        boolean scheduled = main.targetRate > 0;
        result.metric("requestsPerSecond", main.achievedRate(), "req/s", Better.HIGHER);
        result.metric("requests", main.requests, "requests", Better.NONE);
        result.metric("connections", connections, "connections", Better.NONE);
        Map<String, Object> accounted = new LinkedHashMap<>();
        if (scheduled) {
            accounted.put("scheduled", main.outcomes.scheduled);
        }
        accounted.put("answered", main.requests);
        accounted.put("failed", main.outcomes.failed.snapshot());
        result.info("requestOutcomes", accounted);
        double busy = main.ioThreadBusy(ioThreads);
        if (Double.isFinite(busy)) {
            result.metric("driverIoThreadBusy", busy, "share of a CPU", Better.NONE);
        }
        if (main.processCpuNanos > 0 && main.requests > 0) {
            // the whole driver process (I/O threads, senders, JIT, GC) over the measured window
            result.metric("driverCpuPerRequest", main.processCpuNanos / (double) main.requests, "ns", Better.NONE);
        }
        if (scheduled && main.sendLag.getTotalCount() > 0) {
            long lag99 = main.sendLag.getValueAtPercentile(99);
            result.metric("driverSendLagP99", lag99, "ns", Better.NONE);
            result.info("driverSendLagNanos", Percentiles.of(main.sendLag));
            if (lag99 > DRIVER_BOUND_SEND_LAG_NANOS) {
                result.info("driverBound", true);
                result.warning(String.format(Locale.ROOT, "driver-bound: 1 %% of the driver's due sends left more than %.2f ms late"
                        + " (p99 send lag %.2f ms), so the latency includes the driver's own delay (give the driver its own CPUs,"
                        + " or raise driverThreads)", DRIVER_BOUND_SEND_LAG_NANOS / 1e6, lag99 / 1e6));
            }
        } else if (!scheduled && Double.isFinite(busy) && busy >= DRIVER_BOUND_BUSY) {
            result.info("driverBound", true);
            result.warning(String.format(Locale.ROOT, "driver-bound: the driver's I/O threads were %.0f %% busy, so the request rate"
                    + " may be the driver's limit rather than the server's (raise driverThreads, or give the driver its own CPUs)",
                    busy * 100));
        }
        boolean fellBehind = scheduled && FellBehind.rate(main.targetRate, main.achievedRate());
        result.latency("endToEnd", ProbeBlock.of(scheduled, scheduled ? main.targetRate : null, main.achievedRate(), fellBehind,
                scheduled ? "fixed" : "closed-loop", main.corrected, main.uncorrected,
                java.util.Collections.singletonList(ProbeBlock.run(1, main.corrected, main.achievedRate(), null, main.elapsedNanos))));
        if (fellBehind) {
            result.warning(String.format(Locale.ROOT, "the server fell behind the target rate: %,.0f of %,.0f req/s; latency counts from"
                    + " each request's due time", main.achievedRate(), main.targetRate));
        }
        if (main.mix != null) {
            recordEndpoints(result, main, scheduled);
        }
        if (!scheduled) {
            result.info("latencyNote", "closed loop (max): each request is sent when the previous answer arrives, so latency is from the"
                    + " actual send (no schedule, no coordinated-omission correction); failed requests count at the time they failed;"
                    + " use mode=rate for corrected latency");
        }
    }

    /**
     * A mix's entries: one latency probe each, named after the entry, beside {@code endToEnd} (the mix as a whole,
     * which stays the headline), with its share of the target rate; and {@code info.mix}: each entry's request,
     * weight, share and how its measured requests ended. An entry some of whose requests failed gets a warning.
     */
    private static void recordEndpoints(TrialResult result, Phase main, boolean scheduled) {
        RequestMix mix = main.mix.mix;
        Map<String, Object> info = new LinkedHashMap<>();
        double seconds = main.elapsedNanos / 1e9;
        for (int e = 0; e < main.mix.size(); e++) {
            RequestMix.Entry entry = mix.entries().get(e);
            Outcomes o = main.outcomes.endpoint(e);
            long answered = o.answered.sum();
            double rate = answered / seconds;
            Double target = scheduled ? main.targetRate * mix.share(e) : null;
            boolean behind = scheduled && FellBehind.rate(target, rate);
            Histogram corrected = main.endpointCorrected[e];
            if (corrected.getTotalCount() > 0) {
                result.latency(entry.name(), ProbeBlock.of(scheduled, target, rate, behind, scheduled ? "fixed" : "closed-loop",
                        corrected, main.endpointUncorrected[e],
                        Collections.singletonList(ProbeBlock.run(1, corrected, rate, null, main.elapsedNanos))));
            }
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("request", entry.method + " " + entry.path);
            one.put("expectedStatus", entry.status);
            one.put("weight", entry.weight);
            one.put("share", mix.share(e));
            one.put("answered", answered);
            one.put("failed", o.failed.snapshot());
            info.put(entry.name(), one);
            if (o.failed.total() > 0) {
                result.warning(String.format(Locale.ROOT, "endpoint %s: %,d of %,d measured requests failed: %s", entry.label(),
                        o.failed.total(), o.total(), o.failed.describe()));
            }
        }
        result.info("mix", info);
        result.info("mixNote", "each scheduled request picks a mix entry by weight (a deterministic draw from the mix's seed and"
                + " the request's index); endToEnd is the whole mix, and each entry has a latency probe of its own");
    }

    /**
     * The error budget counts the measured window of the main phase only, and only requests that
     * failed: requests the run ended before (never sent, or unanswered at the end) are the server
     * falling behind an open-model rate — counted, recorded in the corrected latency and warned
     * about, but not a failed trial.
     */
    static void checkErrors(TrialResult result, Phase main, ErrorCounts engineErrors) throws ValidationException {
        result.info("errorsByKind", engineErrors.snapshot());
        if (main == null) {
            result.metric("errors", engineErrors.total(), "errors", Better.LOWER);
            return;
        }
        Outcomes o = main.outcomes;
        for (int e = 0; main.mix != null && e < main.mix.size(); e++) {
            Outcomes one = o.endpoint(e);
            if (one.total() > 0 && one.answered.sum() == 0) {
                throw new ValidationException(String.format(Locale.ROOT, "endpoint %s: none of its %,d measured requests was answered"
                        + " as expected: %s", main.mix.label[e], one.total(), one.failed.describe()));
            }
        }
        long unfinished = o.failed.count(ErrorCounts.NOT_SENT) + o.failed.count(ErrorCounts.UNANSWERED_AT_END);
        long failed = o.failed.total() - unfinished;
        result.metric("errors", failed, "errors", Better.LOWER);
        result.metric("requestsUnfinished", unfinished, "requests", Better.LOWER);
        if (failed > 0 && failed > MAX_ERROR_SHARE * o.total()) {
            throw new ValidationException(String.format(Locale.ROOT, "%.2f %% of the measured requests failed (more than 0.1 %%): %s",
                    100.0 * failed / o.total(), o.failed.describe()));
        }
        if (failed > 0) {
            result.warning("failed requests (within 0.1 %): " + o.failed.describe());
        }
        if (unfinished > 0) {
            result.warning(String.format(Locale.ROOT, "%,d of %,d measured requests had not ended when the run gave up (%s): the"
                    + " server fell behind; they count in the corrected latency at the time they were given up", unfinished, o.total(),
                    o.failed.describe()));
        }
    }
}
