package org.jvmmark.samples;

import java.util.concurrent.TimeUnit;
import org.jvmmark.api.Json;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.jvmmark.harness.LatencyTask;
import org.jvmmark.harness.Probe;

/**
 * A message crosses threads: the benchmark thread publishes, a consumer thread receives, and the
 * iteration ends on the consumer — the shape of every queue, event bus and server.
 *
 * <p>Three things differ from the hello-world sample:
 * <ol>
 * <li>The end-to-end sample is recorded on the <em>consumer</em> thread, from the intended start
 *     time that travelled inside the message. The harness allows exactly one thread to do this and
 *     waits, at the end of each run, until every iteration's sample has arrived; a consumer that
 *     loses messages therefore ends the benchmark with a clear error after the no-progress timeout,
 *     instead of producing a number.</li>
 * <li>A second probe, {@code publish}, times one stage: how long the producer spends handing the
 *     message over. Probes are added in {@code init} and are as cheap as a bare
 *     {@code Histogram.recordValue} (see the benchmarks module).</li>
 * <li>The consumer thread is started in {@code init}, before the harness pins its benchmark
 *     thread (with {@code affinity(true)}), so it does not inherit the benchmark's CPU.</li>
 * </ol>
 * The harness also keeps the uncorrected figure (measured from when {@code run} was actually
 * called): it finds each message's actual start from the intended start the consumer hands back.
 * At the end the sample prints the {@code latency} block exactly as it lands in
 * {@code results.json}.
 *
 * <h2>How to run</h2>
 * <pre>
 * ./mvnw -q -B -pl samples -am install -DskipTests
 * java -cp 'samples/target/classes:samples/target/lib/*' org.jvmmark.samples.Sample_02_ProducerConsumer
 * </pre>
 * Not thread-safe; a main.
 */
public final class Sample_02_ProducerConsumer {

    /** Producer side on the benchmark thread, consumer on its own. Not thread-safe beyond that split. */
    static final class HandOffTask implements LatencyTask {
        private Harness harness;
        private Probe publish;
        private SpscHandOff handOff;

        @Override
        public void init(Harness h) {
            harness = h;
            publish = h.addProbe("publish");
            handOff = new SpscHandOff(1 << 16, "consumer", h::recordEndToEnd).start();
        }

        @Override
        public void run(long startNanos) {
            long t = harness.nanoTime();
            while (!handOff.offer(startNanos)) {
                Thread.onSpinWait();
            }
            publish.sampleNanos(harness.nanoTime() - t);
        }

        @Override
        public void complete() {
            handOff.close();
        }
    }

    public static void main(String[] args) {
        HarnessOptions options = HarnessOptions.builder()
                .name("producer/consumer")
                .throughput(100_000, TimeUnit.SECONDS)
                .warmupIterations(100_000)
                .iterations(200_000)
                .runs(3)
                .affinity(true)
                .build();
        LatencyResult result = new Harness(options, new HandOffTask()).run();
        System.out.print(result.report());
        System.out.println("latency.endToEnd percentiles as in results.json:");
        System.out.print(Json.write(result.latencyBlock(Harness.END_TO_END).get("percentiles")));
    }

    private Sample_02_ProducerConsumer() {
    }
}
