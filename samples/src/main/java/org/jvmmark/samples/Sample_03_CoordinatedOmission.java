package org.jvmmark.samples;

import java.util.concurrent.TimeUnit;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.jvmmark.workloads.synthetic.SyntheticTask;

/**
 * The same stalling service measured twice — with and without coordinated-omission correction —
 * to show what the correction is for.
 *
 * <p>The synthetic task spins 2 µs per iteration, except that every 10,000th iteration stalls for
 * 5 ms. Requests are due every 100 µs (10,000/s). During one stall 50 more requests fall due; a
 * real client would have sent them and waited up to 5 ms for each. A harness that measures from
 * the moment it <em>actually</em> called the task — after the stall, when it rushes through the
 * backlog — sees one slow sample and 50 fast ones: its p99.9 stays near 2 µs, and the stall
 * vanishes into the top 0.01%. That is coordinated omission: the measuring loop slowed down in
 * step with the system and omitted exactly the samples that would have been bad.
 *
 * <p>Measured from the <em>intended</em> start, the 50 queued requests carry 5 ms, 4.9 ms, ...,
 * 0.1 ms of waiting: 0.5% of all samples are slow, and p99.9 lands in the milliseconds — which is
 * what clients experience. jvmmark always keeps both figures ({@code uncorrected} beside the
 * corrected one), so the gap between them — queueing — is visible too. Correction off is shown
 * only for comparison: it reproduces what naive harnesses report.
 *
 * <h2>How to run</h2>
 * <pre>
 * ./mvnw -q -B -pl samples -am install -DskipTests
 * java -cp 'samples/target/classes:samples/target/lib/*' org.jvmmark.samples.Sample_03_CoordinatedOmission
 * </pre>
 * Not thread-safe; a main.
 */
public final class Sample_03_CoordinatedOmission {

    static LatencyResult measure(boolean coCorrection, long iterations) {
        HarnessOptions options = HarnessOptions.builder()
                .name(coCorrection ? "synthetic, CO-corrected" : "synthetic, not corrected")
                .throughput(10_000, TimeUnit.SECONDS)
                // 5,000, not 10,000: stalls fall on every 10,000th iteration counted from the first
                // warm-up one, and a stall on the last iteration of a run has nothing due behind it.
                .warmupIterations(5_000)
                .iterations(iterations)
                .runs(2)
                .coCorrection(coCorrection)
                .build();
        return new Harness(options, new SyntheticTask(2_000, 10_000, 5_000_000)).run();
    }

    public static void main(String[] args) {
        LatencyResult corrected = measure(true, 30_000);
        LatencyResult naive = measure(false, 30_000);
        System.out.println("=== with coordinated-omission correction (the default) ===");
        System.out.print(corrected.report());
        System.out.println("=== without: what a harness that measures from the actual start reports ===");
        System.out.print(naive.report());
        System.out.printf("p99.9: %,d ns measured from the intended start, %,d ns from the actual start%n",
                corrected.endToEnd().percentiles().get("99.9"), naive.endToEnd().percentiles().get("99.9"));
    }

    private Sample_03_CoordinatedOmission() {
    }
}
