package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Throws an unexpected exception: ForkMain records a failed trial with a one-line reason. Stateless. */
@Name("fault-throws")
@Summary("Throws an IllegalStateException")
public final class ThrowsWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        throw new IllegalStateException("deliberate failure\nsecond line that must not reach the summary");
    }
}
