package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Ends the JVM with status 0 before a result is written: success by exit code, nothing to read. Stateless. */
@Name("fault-no-result")
@Summary("Exits with status 0 without writing a result")
public final class NoResultWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        Runtime.getRuntime().halt(0);
    }
}
