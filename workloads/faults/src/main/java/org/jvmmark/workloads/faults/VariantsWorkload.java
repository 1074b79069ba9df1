package org.jvmmark.workloads.faults;

import org.jvmmark.api.Better;
import org.jvmmark.api.Name;
import org.jvmmark.api.ParamType;
import org.jvmmark.api.Parameter;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Variant;
import org.jvmmark.api.Workload;

/**
 * Declares three variants: one setting a parameter, one adding a JVM flag, one that needs a JDK
 * that does not exist yet (so every JVM gets an unsupported trial for it). Records what it got, so
 * a test can check each variant reached the JVM. Stateless.
 */
@Name("fault-variants")
@Summary("Declares variants through a parameter, a JVM flag and a future JDK")
@Parameter(name = "size", defaultValue = "1", summary = "a number the variants change", type = ParamType.INTEGER)
@Profile(name = "smoke", estimatedSeconds = 1)
@Profile(name = "quick", estimatedSeconds = 1)
@Profile(name = "standard", estimatedSeconds = 1)
@Variant(name = "big", params = "size=1000")
@Variant(name = "flagged", jvmArgs = "-Djvmmark.fault.flag=on")
@Variant(name = "future", since = 999)
public final class VariantsWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        context.result().metric("size", context.longParam("size"), "items", Better.HIGHER);
        context.result().info("flag", System.getProperty("jvmmark.fault.flag", "off"));
    }
}
