package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Calls {@code System.exit(3)} mid-trial: shutdown hooks run, no result is written. Stateless. */
@Name("fault-exit")
@Summary("Exits the JVM with status 3 mid-trial (System.exit)")
public final class ExitWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        context.log("exiting with status 3 on purpose");
        System.exit(3);
    }
}
