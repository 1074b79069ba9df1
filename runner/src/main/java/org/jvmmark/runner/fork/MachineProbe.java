package org.jvmmark.runner.fork;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jvmmark.results.MachineState;
import org.jvmmark.runner.base.UserException;
import org.jvmmark.runner.plan.CpuList;

/**
 * A short look at the machine beside each fork, taken by the runner just before the fork's JVM starts and just
 * after its processes end ({@link MachineState}): the cache-line round trip between the two CPUs the trial uses,
 * and the single-core speed of the first. Thread-safe: {@link #measure()} is serialised, as two probes at once
 * would measure each other.
 *
 * <p>Where it runs, and why there: in the runner's own JVM (the host JDK), on daemon threads pinned one per CPU
 * ({@link PinnedThreads}: {@code taskset -p} on each thread's kernel id, once per run; Java cannot pin a thread
 * itself, and OpenHFT affinity is only in the {@code benchmarks} module, with JNA). A child {@code java} per reading
 * would add 40–80 ms of JVM start to each, twice per fork; here a reading costs its measurement and a read of each
 * thread's affinity from {@code /proc}. The runner is idle between forks, so its JVM does not disturb its own
 * probe; the probe's code is compiled by the runner's JIT during a warm-up reading before the first and stays
 * compiled.
 *
 * <p>The round trip ({@link CacheLine}): one thread writes a counter in a cache line of its own, the other spins
 * until it sees it and writes it back incremented; a round trip is two transfers of the line. Batches of {@value #ROUND_TRIPS_PER_BATCH} round
 * trips are timed (one {@code System.nanoTime()} pair per batch, so its ≈ 20 ns cost is spread over the batch),
 * and the reading is the median of the batches' means: a batch the scheduler interrupted is an outlier the median
 * ignores. Batches warm up first until they stop getting faster ({@link Warmup}); then {@value #BATCHES} are
 * measured ({@value #BATCHES} × {@value #ROUND_TRIPS_PER_BATCH} round trips, ≈ 1.5 ms at 130 ns). The ping-pong stops at
 * {@value #TIME_LIMIT_MS} ms whatever happens (the CPUs busy with other work); fewer than half the batches measured
 * by then is no reading. A runner's first reading is preceded by a longer warm-up reading, thrown away ({@value
 * #FIRST_WARMUP_BATCHES} batches at least, {@value #FIRST_TIME_LIMIT_MS} ms at most): once per run.
 *
 * <p>The single-core speed: ns per iteration of {@code x = x * A + C} on 64-bit longs (each iteration needs the
 * last: a multiply's and an add's latency, about 4 cycles, so it follows the core's clock), median of
 * {@value #SPEED_BATCHES} batches of {@value #SPEED_ITERATIONS} iterations after the same warm-up.
 *
 * <p>The memory latency ({@link MemoryChase}): ns per load of a chain through a {@value MemoryChase#MIB} MiB random
 * cycle, each load's address the last load's value, on the first CPU; median of {@value MemoryChase#BATCHES} batches
 * of {@value MemoryChase#LOADS} loads. It sees what the arithmetic loop cannot: a host that slows memory (another
 * tenant's traffic in a shared L3 or memory controller) while the core's clock stays.
 */
public final class MachineProbe implements MachineReadings {
    /** A warm-up ends after this many batches in a row that did not better the best by {@value #SETTLED_GAIN}. */
    static final int SETTLED_BATCHES = 10;
    static final double SETTLED_GAIN = 0.02;
    /** A warm-up ends after this many batches in any case. */
    static final int MAX_WARMUP_BATCHES = 1_000;
    /**
     * A runner's first reading is preceded by a warm-up reading, thrown away, of at least this many batches: more than
     * C2's 600 invocations, so the loops are compiled, not interpreted (a steady interpreter would otherwise pass for
     * a settled warm-up: without it the first reading of a runner measured 338 ns and 1.68 ns/op where the next ones
     * measured 106–191 ns and 0.98–1.13; with the warm-up batches alone, still 163–184 ns against 110–128).
     */
    static final int FIRST_WARMUP_BATCHES = 700;
    /**
     * The warm-up reading's speed loop runs at least this many batches (about 40 ms): the C2 compile it waits for is
     * queued behind other work on a busy machine, and a reading in C1's code measured 1.78 ns/op against 0.98.
     */
    static final int FIRST_SPEED_WARMUP_BATCHES = 2_000;
    /** The warm-up reading's time limit: its warm-up is long. */
    static final long FIRST_TIME_LIMIT_MS = 400;
    static final int BATCHES = 100;
    static final int ROUND_TRIPS_PER_BATCH = 100;
    static final int SPEED_BATCHES = 15;
    static final int SPEED_ITERATIONS = 20_000;
    static final long TIME_LIMIT_MS = 100;
    private static final long START_TIMEOUT_MS = 3_000;

    private static volatile long sink;
    /** Whether a reading of this JVM has warmed the speed loop up, and the round trip (they are then compiled). */
    private static volatile boolean speedCompiled;
    private static volatile boolean roundTripCompiled;

    private final List<Integer> cpus;
    private final String none;

    private MachineProbe(List<Integer> cpus, String none) {
        this.cpus = cpus;
        this.none = none;
    }

    /**
     * The probe of a trial pinned to {@code cpus} ({@code taskset -c} syntax), or, when null or blank, of one that may run
     * on every CPU the runner may: its first two CPUs in the kernel's order (a machine with several L3 domains can
     * put another pair on another level; the host's {@code l3Domains} say whether it has several).
     */
    public static MachineProbe forCpus(String cpus) {
        String list = cpus != null && !cpus.isBlank() ? cpus : ThreadAffinity.allowedCpus(statusLines(Path.of("/proc/self/status")));
        if (list == null) {
            return new MachineProbe(List.of(), "the runner's CPUs are unknown (no /proc/self/status)");
        }
        try {
            List<Integer> all = CpuList.parse(list);
            return all.isEmpty() ? new MachineProbe(List.of(), "no CPU in '" + list + "'")
                    : new MachineProbe(List.copyOf(all.subList(0, Math.min(2, all.size()))), null);
        } catch (UserException e) {
            return new MachineProbe(List.of(), e.getMessage());
        }
    }

    /** The CPUs probed: the pair, or one CPU (no round trip), or none. */
    List<Integer> cpus() {
        return cpus;
    }

    /** One reading now; it never throws (what could not be measured is null, with the reason). */
    @Override
    public synchronized MachineState.Reading measure() {
        long start = System.nanoTime();
        if (cpus.isEmpty()) {
            return new MachineState.Reading(null, null, null, none, millisSince(start));
        }
        if (!speedCompiled || cpus.size() > 1 && !roundTripCompiled) {
            // a runner's first reading warms the loops up and is thrown away: its figures were still the JIT's
            Probe warm = new Probe(cpus, speedCompiled ? 0 : FIRST_SPEED_WARMUP_BATCHES, roundTripCompiled ? 0 : FIRST_WARMUP_BATCHES,
                    FIRST_TIME_LIMIT_MS);
            warm.run();
            speedCompiled |= warm.nsPerOp != null;
            roundTripCompiled |= warm.roundTripNs != null;
        }
        Probe p = new Probe(cpus, 0, 0, TIME_LIMIT_MS);
        p.run();
        String why = cpus.size() < 2 ? "no pair: the trial has one CPU (" + cpus.get(0) + ")" : p.whyNoRoundTrip;
        return new MachineState.Reading(p.roundTripNs, p.nsPerOp, p.obtained, why, millisSince(start), p.memoryLoadNs);
    }

    private static double millisSince(long start) {
        return Math.round((System.nanoTime() - start) / 1e4) / 100.0;
    }

    private static List<String> statusLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (java.io.IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** The median of {@code values} (sorted in place); NaN when empty. */
    static double median(double[] values, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(values, 0, n);
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** {@code x} to two decimals (a reading is not more precise than that). */
    static double rounded(double x) {
        return Math.round(x * 100) / 100.0;
    }

    /**
     * One reading's jobs on the probe's {@link PinnedThreads} and what they found. Its fields are written by those
     * threads before their jobs end and read by the caller after waiting for them (the latch orders them). Not
     * thread-safe otherwise: one per reading.
     */
    private static final class Probe {
        private final List<Integer> cpus;
        private final CacheLine line = new CacheLine();
        private final CountDownLatch pingReady = new CountDownLatch(1);
        private volatile boolean pinned;
        /** Set by the pinging thread before it lets the other go: whether it will ping. */
        private volatile boolean pinging;
        Double roundTripNs;
        Double nsPerOp;
        Double memoryLoadNs;
        String obtained;
        String whyNoRoundTrip;

        private final int minSpeedWarmup;
        private final int minWarmup;
        private final long timeLimitMs;

        Probe(List<Integer> cpus, int minSpeedWarmup, int minWarmup, long timeLimitMs) {
            this.cpus = cpus;
            this.minSpeedWarmup = minSpeedWarmup;
            this.minWarmup = minWarmup;
            this.timeLimitMs = timeLimitMs;
        }

        void run() {
            PinnedThreads threads = PinnedThreads.on(cpus);
            if (!threads.pinned()) {
                threads.pinAgain();
            }
            obtained = threads.obtained();
            pinned = obtained.equals(threads.wanted());
            if (!pinned) {
                whyNoRoundTrip = "the probe's threads could not be pinned to CPUs " + threads.wanted() + " (taskset): they got "
                        + obtained;
            }
            Runnable[] jobs = cpus.size() > 1 ? new Runnable[] {this::ping, this::pong} : new Runnable[] {this::ping};
            try {
                if (!threads.run(jobs, START_TIMEOUT_MS + 2 * timeLimitMs)) {
                    line.stop();
                    whyNoRoundTrip = "the probe's threads did not finish (the CPUs were busy)";
                    roundTripNs = null;
                }
            } catch (InterruptedException e) {
                line.stop();
                Thread.currentThread().interrupt();
                whyNoRoundTrip = "interrupted";
                roundTripNs = null;
            }
        }

        private void ping() {
            nsPerOp = singleCoreNsPerOp(minSpeedWarmup);
            // the runner's warm-up reading (the one that warms the speed loop) warms the chain's walk up too
            memoryLoadNs = MemoryChase.loadNs(minSpeedWarmup > 0 ? MemoryChase.WARMUP_LOADS : 0);
            pinging = cpus.size() > 1 && pinned;
            pingReady.countDown();
            if (!pinging) {
                return;
            }
            double[] batches = new double[BATCHES];
            long deadline = System.nanoTime() + timeLimitMs * 1_000_000L;
            long seq = 0;
            Warmup warmup = new Warmup(minWarmup);
            int measured = 0;
            try {
                while (measured < BATCHES) {
                    long t0 = System.nanoTime();
                    seq = line.roundTrips(seq, ROUND_TRIPS_PER_BATCH, deadline);
                    if (seq < 0) {
                        break;
                    }
                    double mean = (System.nanoTime() - t0) / (double) ROUND_TRIPS_PER_BATCH;
                    if (warmup.settled()) {
                        batches[measured++] = mean;
                    } else {
                        warmup.add(mean);
                    }
                }
            } finally {
                line.stop();
            }
            if (measured >= BATCHES / 2) {
                roundTripNs = rounded(median(batches, measured));
            } else {
                whyNoRoundTrip = String.format(Locale.ROOT, "the round trip did not finish within %d ms (%d of %d batches): "
                        + "the CPUs were busy", timeLimitMs, measured, BATCHES);
            }
        }

        private void pong() {
            try {
                pingReady.await(START_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (!pinging) {
                return;
            }
            line.answer(System.nanoTime() + (timeLimitMs + START_TIMEOUT_MS) * 1_000_000L);
        }
    }

    /** ns per iteration of the dependent multiply-add loop: median of the measured batches after the warm-up. */
    static double singleCoreNsPerOp(int minWarmup) {
        double[] batches = new double[SPEED_BATCHES];
        long x = System.nanoTime();
        Warmup warmup = new Warmup(minWarmup);
        int measured = 0;
        while (measured < SPEED_BATCHES) {
            long t0 = System.nanoTime();
            x = multiplyAdd(x, SPEED_ITERATIONS);
            double perOp = (System.nanoTime() - t0) / (double) SPEED_ITERATIONS;
            if (warmup.settled()) {
                batches[measured++] = perOp;
            } else {
                warmup.add(perOp);
            }
        }
        sink = x;
        return Math.round(median(batches, SPEED_BATCHES) * 1000) / 1000.0;
    }

    /**
     * Whether a warm-up is over: {@value #SETTLED_BATCHES} batches in a row have not bettered the best batch by
     * more than {@value #SETTLED_GAIN}, after at least its minimum ({@value #FIRST_WARMUP_BATCHES} in the warm-up
     * reading of a runner, whose loops start in the interpreter; none later, when they are compiled and settle after
     * {@value #SETTLED_BATCHES} batches), or {@value #MAX_WARMUP_BATCHES} batches have run. Not thread-safe: one per
     * warm-up.
     */
    static final class Warmup {
        private final int min;
        private double best = Double.MAX_VALUE;
        private int sinceBetter;
        private int batches;

        /** @param min the batches it runs at least */
        Warmup(int min) {
            this.min = min;
        }

        void add(double batch) {
            batches++;
            if (batch < best * (1 - SETTLED_GAIN)) {
                sinceBetter = 0;
            } else {
                sinceBetter++;
            }
            best = Math.min(best, batch);
        }

        boolean settled() {
            return batches >= min && sinceBetter >= SETTLED_BATCHES || batches >= Math.max(min, MAX_WARMUP_BATCHES);
        }
    }

    /** {@code n} steps of a 64-bit linear congruential generator: each needs the last, so they cannot overlap. */
    static long multiplyAdd(long x, int n) {
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }
}
