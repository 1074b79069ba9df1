package org.jvmmark.workloads.queue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.TuneSpace;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.harness.CpuAffinity;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessException;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.jvmmark.harness.RunResult;
import org.jvmmark.workloads.chronicle.ChronicleFlags;
import org.jvmmark.workloads.chronicle.ChronicleLog;
import org.jvmmark.workloads.chronicle.ChronicleSetup;
import org.jvmmark.workloads.chronicle.QueueFiles;

/**
 * The low-latency Java experiment: one producer thread sends {@code messageBytes}-byte messages,
 * each stamped with {@code System.nanoTime()}, at a fixed rate through Chronicle Queue in
 * {@code /dev/shm} (or an in-memory ring, to show what persistence costs); a consumer thread reads
 * them and records the delay from the time each message was <em>due</em> to be sent.
 *
 * <p>Every message is validated (sequence, checksum, payload); anything lost, repeated, reordered
 * or corrupted fails the trial. The queue's files are removed afterwards whatever happened.
 *
 * <p>One instance runs one trial; not thread-safe.
 */
@Name("queue-latency")
@Summary("Chronicle Queue producer/consumer latency: 256-byte messages at 100,000 msg/s through /dev/shm")
@Parameter(name = "messageBytes", defaultValue = "256", type = ParamType.INTEGER,
        summary = "message size in bytes (a multiple of 8, at least 32)")
@Parameter(name = "rate", defaultValue = "100000", type = ParamType.INTEGER, summary = "messages per second the producer sends")
@Parameter(name = "warmup", defaultValue = "500000", type = ParamType.INTEGER,
        summary = "messages sent before measuring, so the JIT has compiled both threads' loops")
@Parameter(name = "seconds", defaultValue = "100", type = ParamType.INTEGER, summary = "length of each run, when iterations is 0")
@Parameter(name = "iterations", defaultValue = "0", type = ParamType.INTEGER,
        summary = "messages per run; 0 means seconds × rate")
@Parameter(name = "runs", defaultValue = "1", type = ParamType.INTEGER, summary = "measured runs after the warm-up")
@Parameter(name = "pin", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "pin producer and consumer to CPUs of their own where the machine has them; CPU 0 stays with the OS")
@Parameter(name = "dir", defaultValue = "auto",
        summary = "where the queue directory is created; auto: /dev/shm, else the temp dir (with a warning)")
@Parameter(name = "transport", defaultValue = "chronicle", choices = {"chronicle", "memory"},
        summary = "chronicle: Chronicle Queue files; memory: an in-memory ring (Agrona) between the same threads")
@Parameter(name = "timeout", defaultValue = "10", type = ParamType.INTEGER,
        summary = "seconds without progress (no message sent or received) before the trial fails")
// smoke warms up for 1.8 s: with -XX:+PrintCompilation on a quiet machine (load 1.2-1.6, 2026-11-26) the hot path's first
// C2 compiles (Consumer.consume's loop, HandOffTask.run and send) came 1.2-1.8 s after JVM start, so the 0.2 s warm-up
// smoke had before measured the JIT at work, and forks of one JVM disagreed by 4-6 % on p50 within one machine level.
// 220,000 messages are about 63 MiB of queue, which still fits Docker's default 64 MiB /dev/shm.
@Profile(name = "smoke", params = {"warmup=180000", "iterations=20000", "runs=2"}, timeoutSeconds = 90, estimatedSeconds = 4)
// Warm-up: with -XX:+PrintCompilation on JDK 11, 17, 21 and 25 here, the last C2 compile of the hand-off path
// (HandOffTask, Consumer, ChronicleTransport) came 16-18 s after JVM start on a busy machine (2026-11-23, load average
// 25-28: it delays the compiler threads); on a quiet one (load 1.2-1.6, 2026-11-26, JDK 17 and 25) the hand-off path's C2
// compiles were done 6.0 s after JVM start, the later ones being Chronicle's rare paths (index and header writes) that
// recompile whenever they are met, measured runs included. The warm-up starts about 1 s after JVM start (Chronicle's
// set-up): quick warms up for 6 s, standard for 20 s, at 100,000 msg/s,
// and quick measures 2 runs of 2 s: the main job runs it on every JDK with 3 or more forks, and forks, not runs inside
// one JVM, are the evidence a verdict rests on.
// estimatedSeconds: a quick fork's measured wall time: 10.9 s (AMD, 15 forks), 11.6 s (Intel, 5) —
// measured/2026-11-27/durations.md
@Profile(name = "quick", params = {"warmup=600000", "seconds=2", "runs=2"}, timeoutSeconds = 240, estimatedSeconds = 11)
@Profile(name = "standard", params = {"warmup=2000000", "seconds=100", "runs=1"}, timeoutSeconds = 600, estimatedSeconds = 121)
// The flags Chronicle Queue needs on each JDK (analytics off, --add-exports ...), shared with queue-large.
@ChronicleFlags
@TuneSpace(value = {"gc=G1,Parallel,Serial,ZGC", "Xmx=128m..1g:log", "-XX:+UseCompactObjectHeaders"}, objective = "endToEnd p99")
@Question(name = "fastest-jvm", text = "Which JVM hands 256-byte messages through Chronicle Queue with the lowest latency?",
        figures = {"endToEnd p50", "endToEnd p90", "endToEnd p99"})
public final class QueueLatencyWorkload implements Workload {
    /** Data capacity of the in-memory ring: 16 MiB, about 0.6 s of backlog at 100,000 × 256 B/s. */
    static final int MEMORY_RING_BYTES = 16 << 20;

    @Override
    public void run(TrialContext ctx) throws Exception {
        QueueSettings settings = QueueSettings.from(ctx);
        MessageCodec codec = new MessageCodec(settings.messageBytes);
        ctx.result().info("transport", settings.transport);
        ctx.result().info("messageBytes", settings.messageBytes);
        ctx.result().info("messages", settings.totalMessages());

        QueueDirectory dir = null;
        Transport transport = null;
        HandOffTask task = null;
        Throwable failure = null;
        try {
            if (settings.transport.equals("chronicle")) {
                ChronicleLog log = ChronicleSetup.prepare(ctx);
                dir = QueueDirectory.create(settings.dir, QueueDirectory.neededBytes(settings.totalMessages(), settings.messageBytes));
                ctx.result().info("queueDir", dir.path().toString());
                if (dir.fallbackWarning() != null) {
                    ctx.result().warning(dir.fallbackWarning());
                    ctx.log("warning: " + dir.fallbackWarning());
                }
                ctx.result().info("chronicleQueueVersion", ChronicleSetup.queueVersion());
                // The report reads this key: the process's RSS is then shown as a fact, never ranked.
                ctx.result().info("processRssNotRanked", "includes the queue's memory-mapped pages, not only the JVM's own memory");
                transport = ChronicleTransport.open(dir.path(), log);
            } else {
                ctx.result().info("agronaVersion", MemoryTransport.agronaVersion());
                transport = new MemoryTransport(MEMORY_RING_BYTES);
            }
            ThreadPlacement placement = ThreadPlacement.plan(CpuAffinity.parseList(CpuAffinity.currentCpus()), settings.pin);
            task = new HandOffTask(transport, codec, placement.consumerCpu, Fault.fromSystemProperty(),
                    settings.warmup, settings.iterations, settings.timeout);
            HarnessOptions options = HarnessOptions.builder()
                    .name("queue-latency (" + transport.name() + ", " + settings.messageBytes + " B)")
                    .throughput(settings.rate, TimeUnit.SECONDS)
                    .warmupIterations(settings.warmup)
                    .iterations(settings.iterations)
                    .runs(settings.runs)
                    .affinity(settings.pin)
                    .noProgressTimeout(settings.timeout)
                    .build();
            LatencyResult result = measure(options, task);
            record(ctx, result, task);
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            cleanUp(ctx, task, transport, dir, failure);
        }
    }

    private static LatencyResult measure(HarnessOptions options, HandOffTask task) throws Exception {
        LatencyResult result;
        try {
            result = new Harness(options, task).run();
        } catch (HarnessException e) {
            // A consumer that found a bad message stops counting; the producer then stops with a
            // HarnessException that wraps the same problem. Report the consumer's own words.
            throwIfFailed(task.consumer() == null ? null : task.consumer().failure());
            throw e;
        }
        task.stopConsumer();
        throwIfFailed(task.consumer().failure());
        if (task.consumer().received() != task.sent()) {
            throw new ValidationException(task.sent() + " messages were sent but " + task.consumer().received() + " received");
        }
        return result;
    }

    /** Rethrows what the consumer failed with, in its own words: a bad message is a validation failure. */
    private static void throwIfFailed(Throwable consumerFailure) throws ValidationException {
        if (consumerFailure instanceof ValidationException) {
            throw (ValidationException) consumerFailure;
        }
        if (consumerFailure != null) {
            throw new IllegalStateException("consumer failed: " + ChronicleLog.rootCause(consumerFailure), consumerFailure);
        }
    }

    private static void record(TrialContext ctx, LatencyResult result, HandOffTask task) {
        result.recordInto(ctx.result());
        List<RunResult> runs = result.endToEnd().runs();
        double[] rates = runs.stream().mapToDouble(RunResult::achievedRate).toArray();
        ctx.result().metric("achievedRate", result.endToEnd().achievedRate(), "msg/s", Better.HIGHER, rates);

        CpuAffinity.Pinning producer = result.cpus().get("benchmark");
        CpuAffinity.Pinning consumer = task.consumerPinning();
        Map<String, Object> cpus = new LinkedHashMap<>();
        cpus.put("producer", producer == null ? "unknown" : producer.obtained());
        cpus.put("consumer", consumer == null ? "unknown" : consumer.obtained());
        ctx.result().info("threadCpus", cpus);
        boolean dedicated = producer != null && consumer != null && producer.isPinned() && consumer.isPinned()
                && producer.requested() != 0 && consumer.requested() != 0 && producer.requested() != consumer.requested();
        ctx.result().info("dedicatedCores", dedicated);
        if (!dedicated) {
            String line = "producer (CPUs " + cpus.get("producer") + ") and consumer (CPUs " + cpus.get("consumer")
                    + ") do not each have a core of their own apart from the OS: only the lower percentiles"
                    + " (p50, p90) mean anything, p99 and above are scheduler noise";
            ctx.result().warning(line);
            ctx.log("warning: " + line);
        }
        ctx.log("\n" + result.report());
    }

    /**
     * Removes the queue files whatever happened. A failure to remove them fails an otherwise good
     * trial; after a failure it is attached to the original error instead of hiding it.
     */
    private static void cleanUp(TrialContext ctx, HandOffTask task, Transport transport, QueueDirectory dir, Throwable failure)
            throws Exception {
        try {
            if (task != null) {
                task.stopConsumer();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (transport != null) {
            try {
                transport.close();
            } catch (RuntimeException e) {
                ctx.log("warning: closing the " + transport.name() + " transport failed: " + ChronicleLog.rootCause(e));
            }
        }
        QueueFiles.closeAfter(dir, failure, ctx::log);
    }
}
