package org.jvmmark.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.Probe;

/**
 * The harness measures itself: nanoseconds per probe sample against the raw floor — a bare
 * {@code System.nanoTime()} plus {@code Histogram.recordValue} — in the same JVM, interleaved round by
 * round so that both see the same machine state (turbo, other processes, the JIT's mood). The
 * target is a single-writer probe within 1.15 × the floor; the concurrent probe is shown for
 * information. Each figure is the median of the rounds; the spread is the min–max of the rounds.
 * Time is the thread's CPU time ({@code ThreadMXBean}), so that rounds in which the OS took the CPU
 * away (on a busy machine) do not count the time spent off it; wall-clock medians are printed too.
 *
 * <p>Why loops and not JMH: the quantity is the cost of the very loop shape a task runs (time,
 * subtract, record), and the floor is defined by that loop; both loops are identical but for the
 * recording call, so their difference is the probe's overhead.
 *
 * <h2>How to run</h2>
 * <pre>
 * ./mvnw -q -B -pl benchmarks -am install -DskipTests
 * java -cp 'benchmarks/target/classes:benchmarks/target/lib/*' org.jvmmark.benchmarks.ProbeOverheadBenchmark [samplesPerRound] [rounds]
 * </pre>
 * Not thread-safe; a main.
 */
public final class ProbeOverheadBenchmark {
    private ProbeOverheadBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Harness harness = new Harness(HarnessOptions.builder().build(), startNanos -> { });
        Probe single = harness.addProbe("single");
        Probe concurrent = harness.addConcurrentProbe("concurrent");
        Histogram floorHistogram = new Histogram(3);
        for (int i = 0; i < 5; i++) {
            floor(floorHistogram, n);
            probe(single, n);
            probe(concurrent, n);
            endToEnd(harness, n);
        }
        double[] f = new double[rounds];
        double[] s = new double[rounds];
        double[] c = new double[rounds];
        double[] e = new double[rounds];
        double[] fw = new double[rounds];
        double[] sw = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            // Alternate the order so that neither loop always runs right after the other.
            if (r % 2 == 0) {
                f[r] = floor(floorHistogram, n);
                fw[r] = lastWall;
                s[r] = probe(single, n);
                sw[r] = lastWall;
            } else {
                s[r] = probe(single, n);
                sw[r] = lastWall;
                f[r] = floor(floorHistogram, n);
                fw[r] = lastWall;
            }
            c[r] = probe(concurrent, n);
            e[r] = endToEnd(harness, n);
        }
        double floor = median(f);
        double probe = median(s);
        System.out.printf(Locale.ROOT, "JVM %s (%s), %d rounds of %,d samples%n", System.getProperty("java.version"),
                System.getProperty("java.vm.name"), rounds, n);
        print("floor: nanoTime + Histogram.recordValue", f);
        print("Harness.addProbe (single writer)", s);
        print("Harness.addConcurrentProbe", c);
        print("Harness.recordEndToEnd (2 histograms, worst)", e);
        System.out.printf(Locale.ROOT, "wall clock: floor %.2f, single-writer probe %.2f ns/sample (ratio %.3f)%n",
                median(fw), median(sw), median(sw) / median(fw));
        double ratio = probe / floor;
        System.out.printf(Locale.ROOT, "single-writer probe / floor = %.3f (target <= 1.15): %s%n", ratio,
                ratio <= 1.15 ? "OK" : "OVER TARGET");
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static double lastWall;

    private static double floor(Histogram h, int n) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            h.recordValue(System.nanoTime() - start);
        }
        lastWall = (System.nanoTime() - start) / (double) n;
        return (THREADS.getCurrentThreadCpuTime() - cpu) / (double) n;
    }

    private static double probe(Probe p, int n) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            p.sampleNanos(System.nanoTime() - start);
        }
        lastWall = (System.nanoTime() - start) / (double) n;
        return (THREADS.getCurrentThreadCpuTime() - cpu) / (double) n;
    }

    /**
     * The end-to-end path a task calls once per iteration: the corrected and the uncorrected histogram,
     * the lag lookup, and the bounded record of the worst samples. Consecutive loop times as latencies:
     * small and jittery, as real ones mostly are, so the worst-samples check is almost always false.
     */
    private static double endToEnd(Harness h, int n) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long previous = start;
        for (int i = 0; i < n; i++) {
            long now = System.nanoTime();
            h.recordEndToEnd(previous, now);
            previous = now;
        }
        lastWall = (System.nanoTime() - start) / (double) n;
        return (THREADS.getCurrentThreadCpuTime() - cpu) / (double) n;
    }

    private static void print(String name, double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "%-42s %7.2f CPU ns/sample (rounds %.2f..%.2f)%n", name, median(values), sorted[0],
                sorted[sorted.length - 1]);
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }
}
