package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.Workload;

/** Finds at run time that this JVM cannot run it: the trial is unsupported. Stateless. */
@Name("fault-unsupported")
@Summary("Declares itself unsupported on this JVM at run time")
public final class UnsupportedWorkload implements Workload {
    @Override
    public void run(TrialContext context) throws UnsupportedWorkloadException {
        throw new UnsupportedWorkloadException("needs a feature this JVM lacks (deliberate)");
    }
}
