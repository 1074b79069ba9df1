package org.jvmmark.harness;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/**
 * A user's bare {@link LatencyTask} as a workload, for JLBH's users: {@code jvmmark run --task
 * com.acme.MyTask --classpath ...} runs the task's class (named by the {@code task} parameter, which
 * the runner sets) under the harness, with the harness's options as parameters — {@code rate},
 * {@code iterations}, {@code runs}, {@code warmup} — so they can be set and swept like any
 * workload's. The runner shows and records the workload under the task's simple class name.
 *
 * <p>The task class needs a public no-argument constructor; one instance runs one trial. Not
 * registered in {@code META-INF/jvmmark/workloads}: it is not a workload of its own. Not
 * thread-safe; one instance runs one trial.
 */
@Name("task")
@Summary("A LatencyTask run by the harness at a fixed rate")
@Parameter(name = "task", defaultValue = "", summary = "the LatencyTask's class name (set by --task)")
@Parameter(name = "rate", defaultValue = "10000", type = ParamType.INTEGER, summary = "iterations per second; 0 = closed loop")
@Parameter(name = "iterations", defaultValue = "100000", type = ParamType.INTEGER, summary = "iterations per run")
@Parameter(name = "runs", defaultValue = "3", type = ParamType.INTEGER, summary = "measured runs")
@Parameter(name = "warmup", defaultValue = "50000", type = ParamType.INTEGER, summary = "warm-up iterations")
@Parameter(name = "arrivals", defaultValue = "fixed", choices = {"fixed", "poisson"}, summary = "spacing of due times")
@Parameter(name = "coCorrection", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "measure from the intended start (true) or the actual start")
@Parameter(name = "pin", defaultValue = "true", type = ParamType.BOOLEAN,
        summary = "pin the benchmark thread to a CPU other than 0 where there is one")
@Parameter(name = "timeout", defaultValue = "10", type = ParamType.INTEGER,
        summary = "seconds without a sample before the run is declared hung")
@Profile(name = "smoke", params = {"iterations=5000", "runs=2", "warmup=2000"}, timeoutSeconds = 60, estimatedSeconds = 3)
@Profile(name = "quick", params = {"iterations=100000", "runs=3", "warmup=50000"}, timeoutSeconds = 300, estimatedSeconds = 40)
@Profile(name = "standard", params = {"iterations=1000000", "runs=5", "warmup=500000"}, timeoutSeconds = 1800, estimatedSeconds = 600)
public final class TaskWorkload implements Workload {

    @Override
    public void run(TrialContext ctx) throws Exception {
        long rate = ctx.longParam("rate");
        if (rate < 0) {
            throw new IllegalArgumentException("rate must be 0 (closed loop) or positive, not " + rate);
        }
        LatencyTask task = newTask(ctx.param("task"));
        String name = task.getClass().getSimpleName();
        HarnessOptions.Builder b = HarnessOptions.builder()
                .name(name)
                .warmupIterations(ctx.longParam("warmup"))
                .iterations(ctx.longParam("iterations"))
                .runs(ctx.intParam("runs"))
                .arrivals(Arrivals.valueOf(ctx.param("arrivals").toUpperCase(Locale.ROOT)))
                .coCorrection(ctx.booleanParam("coCorrection"))
                .affinity(ctx.booleanParam("pin"))
                .noProgressTimeout(Duration.ofSeconds(ctx.longParam("timeout")));
        if (rate == 0) {
            b.unlimitedThroughput();
        } else {
            b.throughput(rate, TimeUnit.SECONDS);
        }
        LatencyResult result = new Harness(b.build(), task).run();
        ctx.log(name + ": rate=" + rate + "/s\n" + result.report());
        result.recordInto(ctx.result());
        ctx.result().metric("achievedRate", result.endToEnd().achievedRate(), "ops/s", Better.HIGHER,
                result.endToEnd().runs().stream().mapToDouble(RunResult::achievedRate).toArray());
        ctx.result().info("task", task.getClass().getName());
    }

    /**
     * @throws IllegalArgumentException naming what is wrong with the class, in one line
     */
    static LatencyTask newTask(String className) throws Exception {
        if (className.isEmpty()) {
            throw new IllegalArgumentException("no task class given (jvmmark run --task CLASS)");
        }
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("task class " + className + " is not on the classpath");
        }
        if (!LatencyTask.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(className + " does not implement " + LatencyTask.class.getName());
        }
        try {
            Constructor<?> c = type.getConstructor();
            return (LatencyTask) c.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(className + " has no public no-argument constructor");
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }
}
