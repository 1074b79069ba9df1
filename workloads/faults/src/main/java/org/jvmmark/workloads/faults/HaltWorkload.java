package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Halts the JVM with status 7: no shutdown hooks, no result. Stateless. */
@Name("fault-halt")
@Summary("Halts the JVM with status 7 mid-trial (Runtime.halt)")
public final class HaltWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        context.log("halting with status 7 on purpose");
        Runtime.getRuntime().halt(7);
    }
}
