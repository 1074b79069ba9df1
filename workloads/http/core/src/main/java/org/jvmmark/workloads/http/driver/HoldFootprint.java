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
 * The hold phase: the server's footprint per held request, at two levels within one fork — a tenth of the
 * connections, then all of them — each <em>kept</em> held: a connection sends its next {@code /sleep} as soon as
 * the last is answered, so the server holds about that many requests for as long as the level lasts, however
 * short its sleep (1 s in the default set). At each level the server's RSS is read as it is (no collection,
 * which would shrink it) every {@value #SAMPLE_MILLIS} ms until the samples of the last {@link #window} lie
 * within {@value #SETTLED_SHARE} of each other and so does the count of held requests (a pool holds only as many
 * as it has threads), or until {@code holdSettleSeconds}; a level that did not settle is said in the row.
 *
 * <p>Per held request = Δ RSS ÷ Δ requests held between the two levels — the baseline is not in it, so
 * neither is what the load before left in the heap. Cross-checks of what grew: the heap after a full collection
 * with every request held against after they were all answered ({@code serverHeapPerHeldRequest}: what is live),
 * and, when the server's JVM runs with {@code -XX:NativeMemoryTracking=summary}, NMT's committed memory by
 * category between the two levels. Measured against an outside client ({@code scripts/measure-held-footprint.sh})
 * and a server whose handler keeps 256 KiB per held request ({@code HeldFootprintTest}).
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
        return Math.max(1_000_000_000L, Math.min(2_000_000_000L, sleepNanos * 3 / 2));
    }

    /** Holds the two levels and records the footprint figures. */
    void run(TrialResult result, String sleepPath) throws Exception {
        boolean asks = settings.serverPid > 0;
        Footprint baseline = asks ? FootprintExchange.ask(settings.controlDir, FootprintExchange.AS_IS + "baseline", 10_000) : null;
        if (baseline != null) {
            ResultBlock.recordFootprint(result, "Baseline", baseline);
        }
        int own = settings.ownConnections;
        int low = own >= 20 ? own / 10 : 0;
        Held first = low > 0 ? level(low, sleepPath, "low") : null;
        Held all = level(own, sleepPath, "held");
        Footprint heldCollected = asks ? FootprintExchange.ask(settings.controlDir, "held-collected", 10_000) : null;
        engine.stopResending();
        engine.finish(settings.sleepNanos * 2 + 5_000_000_000L);
        watch.checkFailure();
        // The corrected histogram of the last level's first requests: one that timed out or was unanswered is in it at
        // the time it was given up, so a pool that answers 200 of 1,000 held requests shows at its p50 the wait of the 800
        // others, not 200 answers.
        Histogram sleepLatency = engine.corrected.interval();
        engine.uncorrected.interval();
        Footprint answered = asks ? FootprintExchange.ask(settings.controlDir, "answered-collected", 10_000) : null;

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
            // The question's headline figure (HttpWorkload's @Question): every held request timed from its send, so
            // those that queued for a pool thread are in it.
            result.metric("holdLatencyMillis", sleepLatency.getValueAtPercentile(50) / 1e6, "ms", Better.LOWER);
            result.metric("holdLatencyMaxMillis", sleepLatency.getMaxValue() / 1e6, "ms", Better.LOWER);
        }
        if (all.footprint == null) {
            result.warning("the server did not answer the footprint request: its footprint while held was not measured");
            return;
        }
        ResultBlock.recordFootprint(result, "Held", heldCollected == null ? all.footprint : new Footprint(all.footprint.rssBytes,
                all.footprint.threads, heldCollected.heapUsedBytes, heldCollected.heapCommittedBytes, all.held));
        recordSettling(result, first, all);
        String noSlope = noSlope(first, all);
        if (noSlope == null) {
            long moreHeld = all.held - first.held;
            double perHeld = (all.footprint.rssBytes - first.footprint.rssBytes) / (double) moreHeld;
            result.metric("serverRssPerHeldRequest", perHeld, "bytes", Better.LOWER);
            result.info("serverRssPerHeldRequestFrom", String.format(Locale.ROOT, "Δ RSS ÷ Δ requests held between %,d and %,d held"
                    + " requests, each level kept held until its RSS settled", first.held, all.held));
            result.metric("serverRssSlope", perHeld * 1000 / (1 << 20), "MiB per 1,000 connections", Better.LOWER);
            result.info("serverRssSlopeLevels", Map.of("lowHeld", first.held, "lowRssBytes", first.footprint.rssBytes,
                    "highHeld", all.held, "highRssBytes", all.footprint.rssBytes));
            nmtGrowth(result, first.footprint, all.footprint, moreHeld);
        } else {
            result.info("serverRssSlopeOmitted", noSlope);
            if (baseline != null && all.held > 0 && baseline.rssBytes >= 0) {
                result.metric("serverRssPerHeldRequest", (all.footprint.rssBytes - baseline.rssBytes) / (double) all.held, "bytes",
                        Better.LOWER);
                result.info("serverRssPerHeldRequestFrom", "(RSS held − baseline) ÷ requests held, with the load's leftovers in it: no"
                        + " slope (" + noSlope + ")");
            }
        }
        if (baseline != null && all.held > 0 && all.footprint.threads >= 0 && baseline.threads >= 0) {
            result.metric("serverThreadsPerHeldRequest", (all.footprint.threads - baseline.threads) / (double) all.held, "threads",
                    Better.NONE);
        }
        if (heldCollected != null && answered != null && all.held > 0 && heldCollected.heapUsedBytes >= 0 && answered.heapUsedBytes >= 0) {
            // live heap: after a full collection with every request held, less the same once they are all answered
            result.metric("serverHeapPerHeldRequest", (heldCollected.heapUsedBytes - answered.heapUsedBytes) / (double) all.held, "bytes",
                    Better.LOWER);
        }
    }

    private void recordSettling(TrialResult result, Held first, Held all) {
        Map<String, Object> seconds = new LinkedHashMap<>();
        if (first != null) {
            seconds.put("low", first.settleNanos / 1e9);
        }
        seconds.put("held", all.settleNanos / 1e9);
        result.info("holdSettleSeconds", seconds);
        boolean settled = all.steady && (first == null || first.steady);
        result.info("holdSteady", settled);
        if (!settled) {
            result.warning(String.format(Locale.ROOT, "hold: the server's RSS had not settled within %d s at %s (or the requests it"
                    + " held were still changing): the footprint per held request is taken from a figure still moving",
                    settings.holdSettleNanos / 1_000_000_000L, first != null && !first.steady ? "the lower level" : "the higher level"));
        }
    }

    /** NMT's committed memory per held request between the two levels, by category, when the server runs with NMT. */
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

    /**
     * Why the slope between the two hold levels would not be a figure, or {@code null} when it is: it needs both
     * levels measured and the second holding at least half as many more requests as it sent more (a pool of 200
     * threads holds 200 at both levels, and a slope over a difference of a few requests is noise). A level that
     * did not settle still gives a slope; the row says so ({@code holdSteady}).
     */
    static String noSlope(Held first, Held all) {
        if (first == null || first.footprint == null || first.footprint.rssBytes < 0 || all.footprint == null) {
            return "no footprint at the lower level";
        }
        long moreHeld = all.held - first.held;
        long moreSent = all.sent - first.sent;
        if (moreSent <= 0 || moreHeld * 2 < moreSent) {
            return String.format(Locale.ROOT, "the server held %,d requests at %,d connections and %,d at %,d: too few more"
                    + " to give a slope", first.held, first.sent, all.held, all.sent);
        }
        return null;
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
        long window = window(settings.sleepNanos);
        long until = start + settings.holdSettleNanos;
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
