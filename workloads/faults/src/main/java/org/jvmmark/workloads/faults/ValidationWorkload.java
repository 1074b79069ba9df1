package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.ValidationException;
import org.jvmmark.api.Workload;
import org.jvmmark.api.Better;

/** Measures something, then finds its own work wrong: the trial is failed, never a number. Stateless. */
@Name("fault-validation")
@Summary("Records a metric, then fails its own validation")
public final class ValidationWorkload implements Workload {
    @Override
    public void run(TrialContext context) throws ValidationException {
        context.result().metric("score", 42, "ops/s", Better.HIGHER);
        throw new ValidationException("3 of 10 messages lost (deliberate)");
    }
}
