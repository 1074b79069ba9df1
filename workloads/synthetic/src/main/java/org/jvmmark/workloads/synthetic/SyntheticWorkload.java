package org.jvmmark.workloads.synthetic;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Question;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.harness.Arrivals;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;
import org.jvmmark.harness.RunResult;

/**
 * The {@code synthetic} workload: {@link SyntheticTask} driven by the harness at a fixed rate. It
 * measures no JVM feature in particular; it calibrates the measurement — a known service time and
 * known stalls must come out as the figures the schedule predicts, on every JVM — and it checks
 * that ground truth itself (a stall must be visible in the uncorrected maximum).
 *
 * <p>Not thread-safe; one instance runs one trial.
 */
@Name("synthetic")
@Summary("Calibration: busy-spins a known service time at a fixed rate with periodic stalls; CO correction must show them")
@Parameter(name = "rate", defaultValue = "10000", type = ParamType.INTEGER, summary = "iterations per second; 0 = closed loop")
@Parameter(name = "serviceNanos", defaultValue = "2000", type = ParamType.INTEGER, summary = "busy time of an iteration (ns)")
@Parameter(name = "stallEvery", defaultValue = "10000", type = ParamType.INTEGER, summary = "every Nth iteration stalls; 0 = never")
@Parameter(name = "stallNanos", defaultValue = "5000000", type = ParamType.INTEGER, summary = "busy time of a stalled iteration (ns)")
@Parameter(name = "stall", defaultValue = "spin", choices = {"spin", "gc"},
        summary = "what a stall is: busy for stallNanos (spin), or a full collection by System.gc() (gc)")
@Parameter(name = "allocateBytes", defaultValue = "0", type = ParamType.INTEGER,
        summary = "garbage allocated by each iteration (bytes), so that the collector has work; 0 = none")
@Parameter(name = "iterations", defaultValue = "50000", type = ParamType.INTEGER, summary = "iterations per run")
@Parameter(name = "runs", defaultValue = "3", type = ParamType.INTEGER, summary = "measured runs")
@Parameter(name = "warmup", defaultValue = "20000", type = ParamType.INTEGER, summary = "warm-up iterations")
@Parameter(name = "arrivals", defaultValue = "fixed", choices = {"fixed", "poisson"}, summary = "spacing of due times")
@Parameter(name = "coCorrection", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "measure from the intended start (true) or the actual start")
@Parameter(name = "jitter", defaultValue = "auto", choices = {"auto", "true", "false"},
        summary = "run the OS-jitter sampler thread; auto = when there are 4 CPUs or more")
@Parameter(name = "pin", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "pin the benchmark thread to a CPU other than 0 where there is one")
@Profile(name = "smoke", params = {"iterations=10000", "runs=2", "warmup=5000"}, timeoutSeconds = 60, estimatedSeconds = 3)
// Warm-up: with -XX:+PrintCompilation on JDK 11, 17, 21 and 25 here, SyntheticTask.run's last C2 compile came 1.7-2.8 s
// after JVM start on a busy machine (2026-11-23, load average 28), 1.1 s after it with one other build running (load
// 1.4-1.8, 2026-11-26, JDK 17 and 25); quick and standard warm up for 2 and 10 s at the default 10,000/s. quick measures
// 2 runs of 2 s (20,000 samples each: the p50 it is judged on is known far more precisely than forks vary). A quick
// fork's measured wall time: 6.3 s (AMD, 13 forks), 6.6 s (Intel, 8) — measured/2026-11-27/durations.md.
@Profile(name = "quick", params = {"iterations=20000", "runs=2", "warmup=20000"}, timeoutSeconds = 120, estimatedSeconds = 7)
@Profile(name = "standard", params = {"iterations=200000", "runs=5", "warmup=100000"}, timeoutSeconds = 600, estimatedSeconds = 112)
@Question(name = "calibration", text = "Does the harness find the known latency on every JVM, and no difference where there is none?",
        figures = {"endToEnd p50", "endToEnd p99"})
public final class SyntheticWorkload implements Workload {

    @Override
    public void run(TrialContext ctx) throws Exception {
        long rate = ctx.longParam("rate");
        long serviceNanos = ctx.longParam("serviceNanos");
        long stallEvery = ctx.longParam("stallEvery");
        long stallNanos = ctx.longParam("stallNanos");
        long iterations = ctx.longParam("iterations");
        long warmup = ctx.longParam("warmup");
        String jitter = ctx.param("jitter");
        HarnessOptions.Builder b = HarnessOptions.builder()
                .name("synthetic")
                .warmupIterations(warmup)
                .iterations(iterations)
                .runs(ctx.intParam("runs"))
                .arrivals(Arrivals.valueOf(ctx.param("arrivals").toUpperCase(Locale.ROOT)))
                .coCorrection(ctx.booleanParam("coCorrection"))
                .jitter(jitter.equals("auto") ? Runtime.getRuntime().availableProcessors() >= 4 : Boolean.parseBoolean(jitter))
                .affinity(ctx.booleanParam("pin"))
                .noProgressTimeout(Duration.ofSeconds(Math.max(10, 2 * stallNanos / 1_000_000_000L)));
        if (rate < 0) {
            throw new IllegalArgumentException("rate must be 0 (closed loop) or positive, not " + rate);
        }
        if (rate == 0) {
            b.unlimitedThroughput();
        } else {
            b.throughput(rate, TimeUnit.SECONDS);
        }
        boolean gcStalls = ctx.param("stall").equals("gc");
        SyntheticTask task = new SyntheticTask(serviceNanos, stallEvery, gcStalls ? SyntheticTask.GC_STALL : stallNanos,
                ctx.intParam("allocateBytes"));
        LatencyResult result = new Harness(b.build(), task).run();
        ctx.log("synthetic: rate=" + rate + "/s service=" + serviceNanos + " ns, stall " + stallNanos + " ns every "
                + stallEvery + "\n" + result.report());

        // a collection lasts as long as it lasts: only a spinning stall has a length to check
        validate(result, task, serviceNanos, stallEvery, gcStalls ? 0 : stallNanos, warmup, iterations);
        result.recordInto(ctx.result());
        List<RunResult> runs = result.endToEnd().runs();
        double[] rates = runs.stream().mapToDouble(RunResult::achievedRate).toArray();
        ctx.result().metric("achievedRate", result.endToEnd().achievedRate(), "ops/s", Better.HIGHER, rates);
        ctx.result().info("cpus", result.harnessInfo().get("cpus"));
        ctx.result().info("stalls", task.stalls());
    }

    /** The ground truth every correct measurement must reproduce. */
    static void validate(LatencyResult result, SyntheticTask task, long serviceNanos, long stallEvery, long stallNanos,
                         long warmup, long iterations) throws ValidationException {
        long total = warmup + iterations * result.options().runs();
        long expectedStalls = stallEvery > 0 ? total / stallEvery : 0;
        if (task.stalls() != expectedStalls) {
            throw new ValidationException("performed " + task.stalls() + " stalls, expected " + expectedStalls);
        }
        long measuredStalls = expectedStalls - (stallEvery > 0 ? warmup / stallEvery : 0);
        long uncorrectedMax = result.endToEnd().uncorrectedPercentiles().get("max");
        if (measuredStalls > 0 && uncorrectedMax < stallNanos) {
            throw new ValidationException("a " + stallNanos + " ns stall ran but the longest sample is " + uncorrectedMax + " ns");
        }
        long p50 = result.endToEnd().percentiles().get("50");
        if (p50 < serviceNanos) {
            throw new ValidationException("median latency " + p50 + " ns is below the service time of " + serviceNanos + " ns");
        }
    }
}
