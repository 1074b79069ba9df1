package org.jvmmark.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.jlbh.JLBH;
import net.openhft.chronicle.jlbh.JLBHOptions;
import net.openhft.chronicle.jlbh.JLBHResult;
import net.openhft.chronicle.jlbh.JLBHResultConsumer;
import net.openhft.chronicle.jlbh.JLBHTask;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.jvmmark.harness.LatencyTask;
import org.jvmmark.harness.RunResult;
import org.jvmmark.samples.SpscHandOff;

/**
 * The same producer/consumer hand-off ({@link SpscHandOff}: benchmark thread publishes the
 * intended start time, a spinning consumer thread records the end-to-end sample) measured under
 * JLBH and under jvmmark, same rate, warm-up, run length and number of runs, both correcting for
 * coordinated omission; p50 and p90 of every run side by side. If the two harnesses agree within
 * their run-to-run spread, jvmmark adds nothing JLBH does not to what it measures.
 *
 * <p>JLBH pins its benchmark thread through OpenHFT affinity (JNA); jvmmark runs with
 * {@code affinity(true)} (taskset). JLBH's own report goes to stderr.
 *
 * <h2>How to run</h2>
 * <pre>
 * ./mvnw -q -B -pl benchmarks -am install -DskipTests
 * java -Dchronicle.analytics.disable=true -cp 'benchmarks/target/classes:benchmarks/target/lib/*' org.jvmmark.benchmarks.JlbhComparisonBenchmark [rate] [iterations] [runs]
 * </pre>
 * (on JDK 25 add {@code --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow}).
 * Not thread-safe; a main.
 */
public final class JlbhComparisonBenchmark {
    private JlbhComparisonBenchmark() {
    }

    public static void main(String[] args) {
        // Chronicle's analytics would otherwise phone home; set before any Chronicle class loads.
        System.setProperty("chronicle.analytics.disable", "true");
        int rate = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 500_000;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int warmup = Math.max(50_000, iterations / 2);

        List<long[]> jlbh = underJlbh(rate, warmup, iterations, runs);
        List<long[]> jvmmark = underJvmmark(rate, warmup, iterations, runs);

        System.out.printf(Locale.ROOT, "JVM %s, hand-off at %,d/s, %,d iterations x %d runs, warm-up %,d (ns)%n",
                System.getProperty("java.version"), rate, iterations, runs, warmup);
        System.out.printf(Locale.ROOT, "%-6s %12s %12s %12s %12s%n", "run", "JLBH p50", "jvmmark p50", "JLBH p90", "jvmmark p90");
        for (int r = 0; r < runs; r++) {
            System.out.printf(Locale.ROOT, "%-6d %,12d %,12d %,12d %,12d%n", r + 1, jlbh.get(r)[0], jvmmark.get(r)[0],
                    jlbh.get(r)[1], jvmmark.get(r)[1]);
        }
    }

    /** p50 and p90 (ns) of each run under JLBH. */
    static List<long[]> underJlbh(int rate, int warmup, int iterations, int runs) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        JLBHOptions options = new JLBHOptions()
                .throughput(rate, TimeUnit.SECONDS)
                .warmUpIterations(warmup)
                .iterations(iterations)
                .runs(runs)
                .recordOSJitter(false)
                .accountForCoordinatedOmission(true)
                .jlbhTask(new JLBHTask() {
                    private SpscHandOff handOff;

                    @Override
                    public void init(JLBH jlbh) {
                        handOff = new SpscHandOff(1 << 16, "jlbh-consumer", start -> jlbh.sample(System.nanoTime() - start)).start();
                    }

                    @Override
                    public void run(long startTimeNS) {
                        while (!handOff.offer(startTimeNS)) {
                            Thread.onSpinWait();
                        }
                    }

                    @Override
                    public void complete() {
                        handOff.close();
                    }
                });
        new JLBH(options, System.err, results).start();
        JLBHResult result = results.get();
        List<long[]> out = new ArrayList<>();
        for (JLBHResult.RunResult run : result.endToEnd().eachRunSummary()) {
            out.add(new long[] {nanos(run.get50thPercentile()), nanos(run.get90thPercentile())});
        }
        return out;
    }

    private static long nanos(Duration d) {
        return d.toNanos();
    }

    /** p50 and p90 (ns) of each run under jvmmark. */
    static List<long[]> underJvmmark(int rate, int warmup, int iterations, int runs) {
        HarnessOptions options = HarnessOptions.builder()
                .name("hand-off")
                .throughput(rate, TimeUnit.SECONDS)
                .warmupIterations(warmup)
                .iterations(iterations)
                .runs(runs)
                .affinity(true)
                .build();
        LatencyResult result = new Harness(options, new LatencyTask() {
            private SpscHandOff handOff;

            @Override
            public void init(Harness h) {
                handOff = new SpscHandOff(1 << 16, "jvmmark-consumer", h::recordEndToEnd).start();
            }

            @Override
            public void run(long startNanos) {
                while (!handOff.offer(startNanos)) {
                    Thread.onSpinWait();
                }
            }

            @Override
            public void complete() {
                handOff.close();
            }
        }).run();
        System.err.print(result.report());
        List<long[]> out = new ArrayList<>();
        for (RunResult run : result.endToEnd().runs()) {
            out.add(new long[] {run.percentiles().get("50"), run.percentiles().get("90")});
        }
        return out;
    }

}
