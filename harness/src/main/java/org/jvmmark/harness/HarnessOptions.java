package org.jvmmark.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * How a {@link Harness} drives its task: target throughput (or none: closed loop), arrival
 * process, warm-up and run sizes, coordinated-omission correction, jitter sampling, CPU pinning,
 * the no-progress timeout and an optional {@code .hlog} file. Built with {@link #builder()}; every
 * setter checks its argument and {@link Builder#build()} returns an immutable value.
 *
 * <p>Immutable and thread-safe.
 */
public final class HarnessOptions {
    private final String name;
    private final double ratePerSecond;
    private final Arrivals arrivals;
    private final long seed;
    private final long warmupIterations;
    private final long iterations;
    private final int runs;
    private final boolean skipFirstRun;
    private final Duration pauseAfterWarmup;
    private final boolean coCorrection;
    private final boolean jitter;
    private final long jitterThresholdNanos;
    private final Duration noProgressTimeout;
    private final boolean affinity;
    private final Path hlog;
    private final NanoClock clock;

    private HarnessOptions(Builder b) {
        this.name = b.name;
        this.ratePerSecond = b.ratePerSecond;
        this.arrivals = b.arrivals;
        this.seed = b.seed;
        this.warmupIterations = b.warmupIterations;
        this.iterations = b.iterations;
        this.runs = b.runs;
        this.skipFirstRun = b.skipFirstRun;
        this.pauseAfterWarmup = b.pauseAfterWarmup;
        this.coCorrection = b.coCorrection;
        this.jitter = b.jitter;
        this.jitterThresholdNanos = b.jitterThresholdNanos;
        this.noProgressTimeout = b.noProgressTimeout;
        this.affinity = b.affinity;
        this.hlog = b.hlog;
        this.clock = b.clock;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Title of the text report. */
    public String name() {
        return name;
    }

    /** Target iterations per second, or 0 for a closed loop (as fast as the task goes). */
    public double ratePerSecond() {
        return ratePerSecond;
    }

    public boolean isClosedLoop() {
        return ratePerSecond == 0;
    }

    /** Mean nanoseconds between due times; 0 in a closed loop. */
    public double intervalNanos() {
        return isClosedLoop() ? 0 : 1e9 / ratePerSecond;
    }

    public Arrivals arrivals() {
        return arrivals;
    }

    /** Seed of the Poisson schedule, so that two JVMs see the same arrival pattern. */
    public long seed() {
        return seed;
    }

    public long warmupIterations() {
        return warmupIterations;
    }

    /** Iterations per run. */
    public long iterations() {
        return iterations;
    }

    /** Runs measured, not counting a skipped first run. */
    public int runs() {
        return runs;
    }

    public boolean skipFirstRun() {
        return skipFirstRun;
    }

    public Duration pauseAfterWarmup() {
        return pauseAfterWarmup;
    }

    public boolean coCorrection() {
        return coCorrection;
    }

    public boolean jitter() {
        return jitter;
    }

    public long jitterThresholdNanos() {
        return jitterThresholdNanos;
    }

    public Duration noProgressTimeout() {
        return noProgressTimeout;
    }

    public boolean affinity() {
        return affinity;
    }

    /** Where to write per-run interval histograms in HdrHistogram's log format, or {@code null}. */
    public Path hlog() {
        return hlog;
    }

    public NanoClock clock() {
        return clock;
    }

    /** The options as a JSON-writable map (for the {@code info} block of a trial). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("targetRate", isClosedLoop() ? null : ratePerSecond);
        m.put("arrivals", isClosedLoop() ? "closed-loop" : arrivals.name().toLowerCase(java.util.Locale.ROOT));
        m.put("warmupIterations", warmupIterations);
        m.put("iterations", iterations);
        m.put("runs", runs);
        m.put("skipFirstRun", skipFirstRun);
        m.put("coCorrection", coCorrection);
        m.put("jitter", jitter);
        m.put("jitterThresholdNanos", jitterThresholdNanos);
        m.put("affinity", affinity);
        m.put("noProgressTimeoutMillis", noProgressTimeout.toMillis());
        return m;
    }

    @Override
    public String toString() {
        return toMap().toString();
    }

    /** Fluent, checking builder; not thread-safe. Defaults are JLBH's where it has them. */
    public static final class Builder {
        private String name = "benchmark";
        private double ratePerSecond = 10_000;
        private Arrivals arrivals = Arrivals.FIXED;
        private long seed = 42;
        private long warmupIterations = 10_000;
        private long iterations = 10_000;
        private int runs = 3;
        private boolean skipFirstRun;
        private Duration pauseAfterWarmup = Duration.ZERO;
        private boolean coCorrection = true;
        private boolean jitter;
        private long jitterThresholdNanos = 1_000;
        private Duration noProgressTimeout = Duration.ofSeconds(30);
        private boolean affinity;
        private Path hlog;
        private NanoClock clock = NanoClock.SYSTEM;

        private Builder() {
        }

        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** Target throughput: {@code count} iterations per {@code unit}, e.g. {@code (100_000, SECONDS)}. */
        public Builder throughput(double count, TimeUnit unit) {
            if (!(count > 0) || Double.isInfinite(count)) {
                throw new IllegalArgumentException("throughput must be a positive number of iterations, not " + count);
            }
            double perSecond = count * TimeUnit.SECONDS.toNanos(1) / unit.toNanos(1);
            if (perSecond > 1e9) {
                throw new IllegalArgumentException("throughput must be at most 1e9 iterations per second, not " + perSecond);
            }
            this.ratePerSecond = perSecond;
            return this;
        }

        /** Closed loop: each iteration starts when the previous one returns; no CO correction applies. */
        public Builder unlimitedThroughput() {
            this.ratePerSecond = 0;
            return this;
        }

        public Builder arrivals(Arrivals arrivals) {
            this.arrivals = Objects.requireNonNull(arrivals, "arrivals");
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder warmupIterations(long warmupIterations) {
            if (warmupIterations < 0) {
                throw new IllegalArgumentException("warm-up iterations must be 0 or more, not " + warmupIterations);
            }
            this.warmupIterations = warmupIterations;
            return this;
        }

        /** Iterations per run. */
        public Builder iterations(long iterations) {
            if (iterations < 1) {
                throw new IllegalArgumentException("iterations per run must be at least 1, not " + iterations);
            }
            this.iterations = iterations;
            return this;
        }

        public Builder runs(int runs) {
            if (runs < 1) {
                throw new IllegalArgumentException("runs must be at least 1, not " + runs);
            }
            this.runs = runs;
            return this;
        }

        /** Runs one extra run first and discards it (a second warm-up at full length). */
        public Builder skipFirstRun(boolean skipFirstRun) {
            this.skipFirstRun = skipFirstRun;
            return this;
        }

        public Builder pauseAfterWarmup(Duration pause) {
            if (pause.isNegative()) {
                throw new IllegalArgumentException("pause after warm-up must not be negative, not " + pause);
            }
            this.pauseAfterWarmup = pause;
            return this;
        }

        /** Measure from the intended start (default, true) or from the actual start. */
        public Builder coCorrection(boolean coCorrection) {
            this.coCorrection = coCorrection;
            return this;
        }

        /**
         * Runs a thread that spins on the clock and records every gap longer than the threshold:
         * the time the OS took the CPU away. It costs a whole core; off by default.
         */
        public Builder jitter(boolean jitter) {
            this.jitter = jitter;
            return this;
        }

        public Builder jitterThresholdNanos(long thresholdNanos) {
            if (thresholdNanos < 1) {
                throw new IllegalArgumentException("jitter threshold must be at least 1 ns, not " + thresholdNanos);
            }
            this.jitterThresholdNanos = thresholdNanos;
            return this;
        }

        /**
         * How long the task may make no progress (no iteration returns, no sample arrives) before
         * the benchmark ends with an error instead of hanging.
         */
        public Builder noProgressTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("no-progress timeout must be positive, not " + timeout);
            }
            this.noProgressTimeout = timeout;
            return this;
        }

        /**
         * Pin the benchmark thread (and the jitter thread) to CPUs of their own where the machine
         * has them; CPU 0 is left to the OS. The result states the CPUs actually obtained.
         */
        public Builder affinity(boolean affinity) {
            this.affinity = affinity;
            return this;
        }

        public Builder hlog(Path hlog) {
            this.hlog = hlog;
            return this;
        }

        public Builder clock(NanoClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        public HarnessOptions build() {
            if (Double.isNaN(ratePerSecond) || ratePerSecond < 0) {
                throw new IllegalArgumentException("throughput must be positive, not " + ratePerSecond);
            }
            return new HarnessOptions(this);
        }
    }
}
