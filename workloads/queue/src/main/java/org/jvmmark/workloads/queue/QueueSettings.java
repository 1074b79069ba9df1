package org.jvmmark.workloads.queue;

import java.time.Duration;
import org.jvmmark.api.TrialContext;

/**
 * The workload's parameters, read and checked once. Immutable.
 */
final class QueueSettings {
    final int messageBytes;
    final long rate;
    final long warmup;
    /** Messages per run: {@code iterations} when set, otherwise {@code seconds × rate}. */
    final long iterations;
    final int runs;
    final boolean pin;
    final String dir;
    final String transport;
    final Duration timeout;

    private QueueSettings(TrialContext ctx) {
        messageBytes = ctx.intParam("messageBytes");
        rate = ctx.longParam("rate");
        warmup = ctx.longParam("warmup");
        long explicit = ctx.longParam("iterations");
        long seconds = ctx.longParam("seconds");
        runs = ctx.intParam("runs");
        pin = ctx.booleanParam("pin");
        dir = ctx.param("dir");
        transport = ctx.param("transport");
        long timeoutSeconds = ctx.longParam("timeout");
        require(rate > 0, "rate must be at least 1 message per second, not " + rate);
        require(warmup >= 0, "warmup must be 0 or more messages, not " + warmup);
        require(explicit >= 0, "iterations must be 0 (use seconds) or more, not " + explicit);
        require(explicit > 0 || seconds > 0, "seconds must be at least 1 when iterations is 0, not " + seconds);
        require(runs >= 1, "runs must be at least 1, not " + runs);
        require(timeoutSeconds >= 1, "timeout must be at least 1 second, not " + timeoutSeconds);
        iterations = explicit > 0 ? explicit : checked(() -> Math.multiplyExact(seconds, rate), "seconds × rate");
        timeout = Duration.ofSeconds(timeoutSeconds);
    }

    /** @throws IllegalArgumentException with one line naming the bad parameter */
    static QueueSettings from(TrialContext ctx) {
        return new QueueSettings(ctx);
    }

    private static void require(boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException("queue-latency: " + problem);
        }
    }

    /**
     * Every message the trial sends: warm-up and all runs.
     *
     * @throws IllegalArgumentException when the count overflows a long: too large
     */
    long totalMessages() {
        return checked(() -> Math.addExact(warmup, Math.multiplyExact(iterations, (long) runs)), "warmup + iterations × runs");
    }

    private static long checked(java.util.function.LongSupplier product, String what) {
        try {
            return product.getAsLong();
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException("queue-latency: " + what + " is too large (it overflows a 64-bit count); lower them");
        }
    }
}
