package org.jvmmark.samples;

import java.util.concurrent.TimeUnit;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.jvmmark.harness.LatencyTask;

/**
 * The smallest latency benchmark: one task, one probe (the end-to-end one), a fixed rate.
 *
 * <p>A latency harness is not a throughput harness. JMH asks "how long does this take when I call
 * it as fast as I can?"; a latency harness asks "when requests arrive at 10,000 per second, how
 * long does each one wait for its answer?". So the harness owns the clock: it calls
 * {@link LatencyTask#run(long)} when each iteration is <em>due</em>, passes that due time in, and
 * the task measures from it. Everything the task does between being due and recording its sample
 * — including waiting behind a slow predecessor — is latency, because a client would see it.
 *
 * <p>The work here is a small hash loop, a stand-in for the code you care about. The harness warms
 * it up (so the JIT has compiled it), runs three measured runs, and prints JLBH's report: per run
 * {@code 50/90 99/99.9 99.99 - worst} in microseconds, then per percentile each run's value and
 * its coefficient of variation — how far you can trust a difference between two JVMs.
 *
 * <h2>How to run</h2>
 * <pre>
 * ./mvnw -q -B -pl samples -am install -DskipTests
 * java -cp 'samples/target/classes:samples/target/lib/*' org.jvmmark.samples.Sample_01_HelloWorld
 * </pre>
 * Not thread-safe; a main.
 */
public final class Sample_01_HelloWorld {

    /** The code under test: a few hundred nanoseconds of arithmetic. Not thread-safe. */
    static final class HashTask implements LatencyTask {
        private Harness harness;
        private long state = 42;
        long sink;

        @Override
        public void init(Harness h) {
            harness = h;
        }

        @Override
        public void run(long startNanos) {
            for (int i = 0; i < 100; i++) {
                state = state * 6364136223846793005L + 1442695040888963407L;
            }
            sink += state;
            harness.recordEndToEnd(startNanos);
        }
    }

    public static void main(String[] args) {
        HarnessOptions options = HarnessOptions.builder()
                .name("hello world")
                .throughput(10_000, TimeUnit.SECONDS)
                .warmupIterations(20_000)
                .iterations(20_000)
                .runs(3)
                .build();
        LatencyResult result = new Harness(options, new HashTask()).run();
        System.out.print(result.report());
    }

    private Sample_01_HelloWorld() {
    }
}
