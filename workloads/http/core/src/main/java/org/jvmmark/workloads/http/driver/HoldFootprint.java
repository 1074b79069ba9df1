package org.jvmmark.workloads.http.driver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.jvmmark.api.Better;
import org.jvmmark.api.TrialResult;
import org.jvmmark.workloads.http.common.Footprint;
import org.jvmmark.workloads.http.common.FootprintExchange;
import org.jvmmark.workloads.http.common.NativeMemory;

/**
 * The hold phase, on the fresh server before any load — as an outside client measures it; a load first leaves a
 * resident heap the hold then finds already paid for, so the figure would be the load's history, not the requests'
 * (measured: 3 and 27 KiB per held request for the JDK's server after the load, 107 and 131 KiB before it, 124 and
 * 136 KiB from outside). Every connection is open. First the baseline, the connections idle; then every connection
 * <em>kept</em> held: it sends its next {@code /sleep} as soon as the last is answered, so the server holds about
 * that many requests for as long as the level lasts, however short its sleep (1 s in the default set). At each the
 * server's RSS is read as it is (no collection, which would shrink it) every {@value #SAMPLE_MILLIS} ms until the
 * samples of the last {@link #window} lie within {@value #SETTLED_SHARE} of each other and so does the count of
 * held requests (a pool holds only as many as it has threads), or until {@code holdSettleSeconds}; a level that
 * did not settle is said in the row.
 *
 * <p>Per held request = (RSS held − RSS baseline) ÷ connections held (each keeping one request outstanding, in a handler
 * or queued for a pool thread, as a client sees it): the slope between 0 and all of them held, both
 * within one fork. RSS follows how far the collector let the heap grow before it was read, so beside it, at a defined
 * point — right after a full collection at each plateau, the connections idle and then every request held — the live
 * and committed heap per held request ({@link CollectedFootprint}); and, when the server's JVM runs with {@code
 * -XX:NativeMemoryTracking=summary}, NMT's committed memory by category. Checked against a server whose
 * handler keeps 256 KiB per held request ({@code HeldFootprintTest}) and against an outside client ({@code
 * scripts/measure-held-footprint.sh}).
 *
 * <p>Not thread-safe: one instance runs one trial's hold phase.
 */
final class HoldFootprint {
    /** RSS (and requests held) within this share over the window count as settled. */
    static final double SETTLED_SHARE = 0.01;
    /** The count of held requests moves a little as requests are answered and sent again. */
    static final double HELD_SETTLED_SHARE = 0.05;
    static final long SAMPLE_MILLIS = 150;

    private final ServerWatch watch;
    private final DriverSettings settings;
    private final LoadEngine engine;

    HoldFootprint(ServerWatch watch) {
        this.watch = watch;
        this.settings = watch.settings;
        this.engine = watch.engine;
    }

    /**
     * How long a level's samples must agree: one and a half sleeps, so that a level whose requests are sent again
     * shows at least one round of them, but between 1 and 2 s (a longer sleep is one round the level settles in).
     */
    static long window(long sleepNanos) {
        return Math.max(MIN_WINDOW_NANOS, Math.min(2_000_000_000L, sleepNanos * 3 / 2));
    }

    static final long MIN_WINDOW_NANOS = 1_000_000_000L;
    /** The most the baseline may take to settle. */
    static final long BASELINE_SETTLE_NANOS = 3_000_000_000L;

    /** Takes the baseline, holds every connection, and records the footprint figures. */
    void run(TrialResult result, String sleepPath) throws Exception {
        boolean asks = settings.serverPid > 0;
        Held base = level(0, sleepPath, "baseline");
        // The defined point (issue 43): a full collection at each plateau, the connections idle and then every request
        // held, so live and committed heap do not depend on when the collector last ran.
        Footprint baseCollected = asks ? FootprintExchange.ask(settings.controlDir, BASELINE_COLLECTED, 10_000) : null;
        Held all = level(settings.ownConnections, sleepPath, "held");
        Footprint heldCollected = asks ? FootprintExchange.ask(settings.controlDir, HELD_COLLECTED, 10_000) : null;
        engine.stopResending();
        engine.finish(settings.sleepNanos * 2 + 5_000_000_000L);
        watch.checkFailure();
        // The corrected histogram of the first request of each connection: one that timed out or was unanswered is in
        // it at the time it was given up, so a pool that answers 200 of 1,000 held requests shows at its p50 the wait of
        // the 800 others, not 200 answers.
        Histogram sleepLatency = engine.corrected.interval();
        engine.uncorrected.interval();

        result.metric("heldConnections", all.sent, "connections", Better.NONE);
        result.metric("heldRequests", all.held, "requests", Better.NONE);
        result.info("holdSleepMillis", settings.sleepNanos / 1_000_000);
        result.info("heldCountedBy", all.serverCounted ? "the server's handlers (requests inside /sleep)"
                : "the driver (requests outstanding): this server does not count the requests it holds");
        if (!all.outcomes.failed.snapshot().isEmpty()) {
            result.info("holdErrorsByKind", all.outcomes.failed.snapshot());
            result.warning(String.format(Locale.ROOT, "hold: %,d of %,d sleep requests did not end with an answer: %s",
                    all.outcomes.failed.total(), all.sent, all.outcomes.failed.describe()));
        }
        if (sleepLatency.getTotalCount() > 0) {
            result.info("holdLatencyMillis", Map.of("p50", sleepLatency.getValueAtPercentile(50) / 1e6,
                    "max", sleepLatency.getMaxValue() / 1e6));
            // The pairs' headline figure (HttpWorkload's @Question): every held request timed from its send, so
            // those that queued for a pool thread are in it.
            result.metric("holdLatencyMillis", sleepLatency.getValueAtPercentile(50) / 1e6, "ms", Better.LOWER);
            result.metric("holdLatencyMaxMillis", sleepLatency.getMaxValue() / 1e6, "ms", Better.LOWER);
        }
        if (base.footprint != null) {
            ResultBlock.recordFootprint(result, "Baseline", base.footprint);
        }
        if (all.footprint == null || base.footprint == null) {
            result.warning("the server did not answer the footprint request: its footprint while held was not measured");
            return;
        }
        ResultBlock.recordFootprint(result, "Held", all.footprint);
        recordSettling(result, base, all);
        // Per held request as a client sees it: each connection keeps one request outstanding, whether the server holds it
        // in a handler or queues it for a pool thread (a pool of 200 threads holds 200 of 1,000 in handlers; dividing by
        // those made the JDK server on platform threads look 5× costlier than an outside client measures it).
        long held = all.sent;
        if (held <= 0 || base.footprint.rssBytes < 0 || all.footprint.rssBytes < 0) {
            result.info("serverRssPerHeldRequestOmitted", "the server held no request, or its RSS could not be read");
            return;
        }
        double perHeld = (all.footprint.rssBytes - base.footprint.rssBytes) / (double) held;
        result.metric("serverRssPerHeldRequest", perHeld, "bytes", Better.LOWER);
        result.info("serverRssPerHeldRequestFrom", String.format(Locale.ROOT, "(RSS with %,d connections each keeping a request"
                + " outstanding − RSS with the connections idle) ÷ %,d, each settled, on the fresh server (%,d of them inside"
                + " the server's handlers)", held, held, all.held));
        result.metric("serverRssSlope", perHeld * 1000 / (1 << 20), "MiB per 1,000 connections", Better.LOWER);
        if (all.footprint.threads >= 0 && base.footprint.threads >= 0) {
            result.metric("serverThreadsPerHeldRequest", (all.footprint.threads - base.footprint.threads) / (double) held,
                    "threads", Better.NONE);
        }
        nmtGrowth(result, base.footprint, all.footprint, held);
        CollectedFootprint.record(result, baseCollected, heldCollected, held);
    }

    /** The footprint requests answered after a full collection, at each plateau. */
    static final String BASELINE_COLLECTED = "baseline-collected";
    static final String HELD_COLLECTED = "held-collected";

    private void recordSettling(TrialResult result, Held base, Held all) {
        Map<String, Object> seconds = new LinkedHashMap<>();
        seconds.put("baseline", base.settleNanos / 1e9);
        seconds.put("held", all.settleNanos / 1e9);
        result.info("holdSettleSeconds", seconds);
        boolean settled = all.steady && base.steady;
        result.info("holdSteady", settled);
        if (!settled) {
            result.warning(String.format(Locale.ROOT, "hold: the server's RSS had not settled within %d s %s (or the requests it"
                    + " held were still changing): the footprint per held request is taken from a figure still moving",
                    (!base.steady ? Math.min(BASELINE_SETTLE_NANOS, settings.holdSettleNanos) : settings.holdSettleNanos) / 1_000_000_000L,
                    !base.steady ? "with the connections idle" : "with every request held"));
        }
    }

    /** NMT's committed memory per held request between the baseline and the held level, by category, when the server runs with NMT. */
    private static void nmtGrowth(TrialResult result, Footprint low, Footprint high, long moreHeld) {
        if (low.nmtCommittedBytes.isEmpty() || high.nmtCommittedBytes.isEmpty()) {
            return;
        }
        Map<String, Double> perHeld = new LinkedHashMap<>();
        high.nmtCommittedBytes.forEach((category, bytes) -> {
            Long before = low.nmtCommittedBytes.get(category);
            if (before != null && Math.abs(bytes - before) >= 1024) {
                perHeld.put(category, (bytes - before) / (double) moreHeld);
            }
        });
        result.info("nmtCommittedPerHeldRequest", perHeld);
        Long total = high.nmtCommittedBytes.get(NativeMemory.TOTAL);
        Long totalLow = low.nmtCommittedBytes.get(NativeMemory.TOTAL);
        if (total != null && totalLow != null) {
            result.metric("serverNmtPerHeldRequest", (total - totalLow) / (double) moreHeld, "bytes", Better.LOWER);
        }
    }

    /** One hold level's figures. Immutable. */
    static final class Held {
        final long sent;
        final long held;
        final boolean serverCounted;
        final boolean steady;
        /** The settled footprint (as it is, no collection), or the last one taken when it did not settle. */
        final Footprint footprint;
        final Outcomes outcomes;
        /** From the level's start to its settled (or last) sample. */
        final long settleNanos;

        Held(long sent, long held, boolean serverCounted, boolean steady, Footprint footprint, Outcomes outcomes, long settleNanos) {
            this.sent = sent;
            this.held = held;
            this.serverCounted = serverCounted;
            this.steady = steady;
            this.footprint = footprint;
            this.outcomes = outcomes;
            this.settleNanos = settleNanos;
        }
    }

    /** Connections {@code 0 … count−1} held, and kept held, until the server's footprint settles. */
    private Held level(int count, String sleepPath, String label) throws Exception {
        long start = System.nanoTime();
        Outcomes o = engine.startHold(sleepPath, settings.sleepNanos, count, true);
        long deadline = start + settings.sleepNanos * 8 / 10;
        while (engine.holdSent() < Math.min(count, engine.open()) && System.nanoTime() - deadline < 0) {
            watch.checkFailure();
            Thread.sleep(1);
        }
        long sent = engine.holdSent();
        if (settings.serverPid <= 0) {
            return new Held(sent, engine.outstanding(), false, false, null, o, System.nanoTime() - start);
        }
        List<Sample> samples = new ArrayList<>();
        long window = count == 0 ? MIN_WINDOW_NANOS : window(settings.sleepNanos); // idle connections: no rounds to wait for
        // idle connections: a server whose RSS still creeps (Tomcat's did for 13 s after accepting 1,000) is taken at 3 s
        long until = start + (count == 0 ? Math.min(BASELINE_SETTLE_NANOS, settings.holdSettleNanos) : settings.holdSettleNanos);
        int asked = 0;
        Sample last;
        boolean settled;
        do {
            Footprint f = FootprintExchange.ask(settings.controlDir, FootprintExchange.AS_IS + label + "-" + (++asked), 10_000);
            if (f == null) {
                return new Held(sent, engine.outstanding(), false, false, null, o, System.nanoTime() - start);
            }
            last = new Sample(System.nanoTime(), f, f.heldRequests >= 0 ? f.heldRequests : engine.outstanding());
            samples.add(last);
            while (samples.size() > 2 && last.nanos - samples.get(1).nanos >= window) {
                samples.remove(0); // keep one sample at least a window old
            }
            settled = settled(samples, window);
            if (!settled) {
                Thread.sleep(SAMPLE_MILLIS);
                watch.checkFailure();
            }
        } while (!settled && System.nanoTime() - until < 0);
        return new Held(sent, last.held, last.footprint.heldRequests >= 0, settled, last.footprint, o, last.nanos - start);
    }

    /** One reading of a level: when, the footprint, and the requests held (the server's count, else the driver's). */
    static final class Sample {
        final long nanos;
        final Footprint footprint;
        final long held;

        Sample(long nanos, Footprint footprint, long held) {
            this.nanos = nanos;
            this.footprint = footprint;
            this.held = held;
        }
    }

    /** Whether the samples span {@code window} and their RSS and requests held each lie within their share of the last. */
    static boolean settled(List<Sample> samples, long window) {
        if (samples.isEmpty()) {
            return false;
        }
        Sample first = samples.get(0);
        Sample last = samples.get(samples.size() - 1);
        if (last.nanos - first.nanos < window) {
            return false;
        }
        long minRss = Long.MAX_VALUE;
        long maxRss = Long.MIN_VALUE;
        long minHeld = Long.MAX_VALUE;
        long maxHeld = Long.MIN_VALUE;
        for (Sample s : samples) {
            minRss = Math.min(minRss, s.footprint.rssBytes);
            maxRss = Math.max(maxRss, s.footprint.rssBytes);
            minHeld = Math.min(minHeld, s.held);
            maxHeld = Math.max(maxHeld, s.held);
        }
        return minRss >= 0 && maxRss - minRss <= SETTLED_SHARE * last.footprint.rssBytes
                && maxHeld - minHeld <= Math.max(2, HELD_SETTLED_SHARE * last.held);
    }
}
