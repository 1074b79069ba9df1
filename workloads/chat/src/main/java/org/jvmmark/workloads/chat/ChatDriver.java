package org.jvmmark.workloads.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.Workload;
import org.jvmmark.harness.SteadyState;

/**
 * The load driver of {@link ChatWorkload}, run by the runner on the host JDK in its own process
 * (the same driver JVM for every server under test), against {@code server.host:server.port} —
 * which may be any IRC server, not only ours. {@code mode=volano} runs {@link VolanoRun} and
 * records VolanoMark's score, the message counts and the send-to-delivery latency;
 * {@code mode=capacity} runs {@link CapacityRun} and records what each idle connection costs the
 * server.
 *
 * <p>Not thread-safe: one instance drives one trial.
 */
public final class ChatDriver implements Workload {

    @Override
    public void run(TrialContext context) throws Exception {
        DriverConfig config = DriverConfig.from(context.params());
        TrialResult result = context.result();
        result.info("mode", config.mode);
        result.info("server", config.host + ":" + config.port);
        if (config.mode.equals("capacity")) {
            recordCapacity(result, config, CapacityRun.run(config, context::log));
        } else {
            List<VolanoRun.Result> all = VolanoRun.run(config, context::log);
            List<Double> warmup = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                boolean discarded = i < config.warmupRounds;
                if (discarded) {
                    warmup.add(all.get(i).score());
                }
                context.log(String.format(Locale.ROOT, "round %d of %d: %.0f msg/s%s", i + 1, all.size(), all.get(i).score(),
                        discarded ? " (warm-up, discarded)" : ""));
            }
            List<VolanoRun.Result> measured = all.subList(config.warmupRounds, all.size());
            recordVolano(result, config, warmup, measured);
        }
    }

    /**
     * VolanoMark's figures from the measured rounds only: the score is their messages (sent and received) over their
     * time, each round's score kept as a sample; the latency block holds their deliveries, one run per round. The
     * warm-up rounds' scores are kept as {@code warmupScores} (info), and the harness's steady-state check is run on
     * the measured rounds' scores: a first round well below the others, or scores still rising round after round,
     * is a warning that the JIT had not settled.
     */
    static void recordVolano(TrialResult result, DriverConfig config, List<Double> warmupScores, List<VolanoRun.Result> rounds) {
        long sent = 0;
        long received = 0;
        long elapsedNanos = 0;
        long maxLateness = 0;
        double[] scores = new double[rounds.size()];
        for (int i = 0; i < rounds.size(); i++) {
            VolanoRun.Result r = rounds.get(i);
            sent += r.sent;
            received += r.received;
            elapsedNanos += r.elapsedNanos;
            maxLateness = Math.max(maxLateness, r.maxLatenessNanos);
            scores[i] = r.score();
        }
        double seconds = elapsedNanos / 1e9;
        result.metric("score", (sent + received) / seconds, "msg/s", Better.HIGHER, scores);
        result.metric("messagesSent", sent, "messages", Better.NONE);
        result.metric("messagesReceived", received, "messages", Better.NONE);
        result.metric("elapsed", seconds, "s", Better.LOWER);
        Double target = config.pauseMillis > 0 ? config.rooms * config.users * 1000.0 / config.pauseMillis : null;
        boolean fellBehind = config.pauseMillis > 0 && maxLateness > config.pauseMillis * 1_000_000L;
        result.latency("endToEnd", DeliveryLatency.toBlock(rounds, target, fellBehind));
        if (fellBehind) {
            result.warning("the driver fell behind its send schedule by up to " + maxLateness / 1_000_000
                    + " ms; latency is measured from the scheduled times");
        }
        SteadyState.warnings(scores, true, "score", v -> String.format(Locale.ROOT, "%,.0f msg/s", v)).forEach(result::warning);
        result.info("warmupRounds", config.warmupRounds);
        result.info("rounds", config.rounds);
        result.info("warmupScores", warmupScores);
        result.info("rooms", config.rooms);
        result.info("users", config.users);
        result.info("count", config.count);
        result.info("messageChars", config.messageChars);
        result.info("pauseMillis", config.pauseMillis);
        result.info("connections", config.rooms * config.users);
        if (config.pauseMillis == 0) {
            result.info("latencyNote", "users take turns, so there is no send schedule: latency is from the actual send");
        }
    }

    static void recordCapacity(TrialResult result, DriverConfig config, CapacityRun.Result run) {
        result.metric("connections", run.connections, "connections", Better.NONE);
        result.metric("connectRate", run.connections / (run.openNanos / 1e9), "connections/s", Better.HIGHER);
        if (run.after == null) {
            result.warning("the server does not answer FOOTPRINT: its memory per connection was not measured");
            return;
        }
        List<String> notMeasured = new ArrayList<>();
        footprint(result, notMeasured, "serverRssPerConnection", run.perConnection("rssBytes"), "bytes");
        footprint(result, notMeasured, "serverHeapPerConnection", run.perConnection("heapUsedBytes"), "bytes");
        footprint(result, notMeasured, "serverThreadsPerConnection", run.perConnection("threads"), "threads");
        footprint(result, notMeasured, "serverRssHeld", held(run.after, "rssBytes"), "bytes");
        footprint(result, notMeasured, "serverHeapHeld", held(run.after, "heapUsedBytes"), "bytes");
        if (!notMeasured.isEmpty()) {
            result.warning("the server's FOOTPRINT answer lacked some figures; not measured: " + String.join(", ", notMeasured));
        }
        result.info("serverBefore", run.before);
        result.info("serverAfter", run.after);
    }

    /**
     * Records a lower-is-better footprint figure only when the server reported it: a placeholder
     * (-1 or NaN) would rank as the smallest footprint of all.
     */
    private static void footprint(TrialResult result, List<String> notMeasured, String name, double value, String unit) {
        if (Double.isFinite(value)) {
            result.metric(name, value, unit, Better.LOWER);
        } else {
            notMeasured.add(name);
        }
    }

    /** A figure the server holds after the connections opened, or NaN when it did not report one. */
    private static double held(Map<String, Long> after, String key) {
        Long v = after.get(key);
        return v == null || v < 0 ? Double.NaN : v;
    }
}
