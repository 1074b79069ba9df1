package org.jvmmark.workloads.faults;

import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Succeeds after a known time, for the tests of resume, Ctrl-C and parameters. Stateless. */
@Name("fault-sleep")
@Summary("Sleeps for a given time, then succeeds with one metric")
@Parameter(name = "millis", defaultValue = "100", summary = "how long to sleep", type = ParamType.INTEGER)
@Parameter(name = "mood", defaultValue = "calm", summary = "a parameter with choices", choices = {"calm", "grumpy"})
@Profile(name = "smoke", timeoutSeconds = 60, estimatedSeconds = 1)
@Profile(name = "quick", timeoutSeconds = 60, estimatedSeconds = 1)
@Profile(name = "standard", timeoutSeconds = 60, estimatedSeconds = 1)
public final class SleepWorkload implements Workload {
    @Override
    public void run(TrialContext context) throws InterruptedException {
        long millis = context.longParam("millis");
        long start = System.nanoTime();
        Thread.sleep(millis);
        context.result().metric("sleptMillis", (System.nanoTime() - start) / 1e6, "ms", Better.LOWER);
        context.result().info("mood", context.param("mood"));
    }
}
