package org.jvmmark.workloads.faults;

import org.jvmmark.api.JvmArgs;
import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Declares a JVM flag no JVM knows, so the JVM refuses to start. Never runs; stateless. */
@Name("fault-bad-flag")
@Summary("Declares a JVM flag that does not exist; the JVM refuses to start")
@JvmArgs("-XX:+JvmmarkNoSuchFlag")
public final class BadFlagWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        throw new IllegalStateException("a JVM started with -XX:+JvmmarkNoSuchFlag");
    }
}
