package com.acme.bench;

import java.util.concurrent.TimeUnit;
import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.harness.Harness;
import org.jvmmark.harness.HarnessOptions;
import org.jvmmark.harness.LatencyResult;

/**
 * The same task as a full workload, annotated like jvmmark's own: its parameters are listed by
 * {@code jvmmark list --workload-jar target/acme-bench.jar}, it has profiles, and it checks its own
 * work. Listed in {@code META-INF/jvmmark/workloads}. Not thread-safe; one instance runs one trial.
 */
@Name("acme-lru")
@Summary("acme's LRU cache: one lookup (a miss inserts) per iteration at a fixed rate")
@Parameter(name = "capacity", defaultValue = "10000", type = ParamType.INTEGER, summary = "cache entries")
@Parameter(name = "keys", defaultValue = "20000", type = ParamType.INTEGER, summary = "distinct keys looked up")
@Parameter(name = "rate", defaultValue = "20000", type = ParamType.INTEGER, summary = "lookups per second")
@Parameter(name = "iterations", defaultValue = "100000", type = ParamType.INTEGER, summary = "lookups per run")
@Parameter(name = "runs", defaultValue = "3", type = ParamType.INTEGER, summary = "measured runs")
@Parameter(name = "warmup", defaultValue = "50000", type = ParamType.INTEGER, summary = "warm-up lookups")
@Profile(name = "smoke", params = {"iterations=5000", "runs=2", "warmup=2000"}, timeoutSeconds = 60, estimatedSeconds = 2)
@Profile(name = "quick", timeoutSeconds = 120, estimatedSeconds = 20)
@Profile(name = "standard", params = {"iterations=1000000", "runs=5"}, timeoutSeconds = 900, estimatedSeconds = 300)
public final class CacheWorkload implements Workload {
    @Override
    public void run(TrialContext ctx) throws Exception {
        CacheLookupTask task = new CacheLookupTask(ctx.intParam("capacity"), ctx.intParam("keys"));
        HarnessOptions options = HarnessOptions.builder().name("acme-lru")
                .throughput(ctx.longParam("rate"), TimeUnit.SECONDS)
                .iterations(ctx.longParam("iterations")).runs(ctx.intParam("runs")).warmupIterations(ctx.longParam("warmup"))
                .build();
        LatencyResult result = new Harness(options, task).run();
        long expected = ctx.longParam("warmup") + ctx.longParam("iterations") * ctx.intParam("runs");
        if (task.lookups() != expected) {
            throw new ValidationException("performed " + task.lookups() + " lookups, expected " + expected);
        }
        if (task.size() > ctx.intParam("capacity")) {
            throw new ValidationException("the cache holds " + task.size() + " entries, more than its capacity");
        }
        result.recordInto(ctx.result());
        ctx.result().metric("hitRatio", (double) task.hits() / task.lookups(), "ratio", Better.NONE);
    }
}
