package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.RequiresJdk;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Requires JDK 999, so the runner must record it unsupported without forking. Never runs; stateless. */
@Name("fault-requires-future")
@Summary("Requires a JDK that does not exist yet")
@RequiresJdk(999)
public final class RequiresFutureWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        throw new IllegalStateException("the runner forked a workload that requires JDK 999");
    }
}
