package org.jvmmark.workloads.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jvmmark.api.Better;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TrialResult;
import org.jvmmark.api.Workload;

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
            recordVolano(result, config, VolanoRun.run(config, context::log));
        }
    }

    static void recordVolano(TrialResult result, DriverConfig config, VolanoRun.Result run) {
        double seconds = run.elapsedNanos / 1e9;
        result.metric("score", run.score(), "msg/s", Better.HIGHER);
        result.metric("messagesSent", run.sent, "messages", Better.NONE);
        result.metric("messagesReceived", run.received, "messages", Better.NONE);
        result.metric("elapsed", seconds, "s", Better.LOWER);
        Double target = config.pauseMillis > 0 ? config.rooms * config.users * 1000.0 / config.pauseMillis : null;
        boolean fellBehind = config.pauseMillis > 0 && run.maxLatenessNanos > config.pauseMillis * 1_000_000L;
        result.latency("endToEnd", run.latency.toBlock(target, run.sent / seconds, fellBehind, run.elapsedNanos));
        if (fellBehind) {
            result.warning("the driver fell behind its send schedule by up to " + run.maxLatenessNanos / 1_000_000
                    + " ms; latency is measured from the scheduled times");
        }
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
