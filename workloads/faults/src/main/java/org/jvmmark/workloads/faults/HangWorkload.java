package org.jvmmark.workloads.faults;

import org.jvmmark.api.Name;
import org.jvmmark.api.Profile;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/** Never finishes and ignores interrupts, so only the runner's time limit ends it. Stateless. */
@Name("fault-hang")
@Summary("Hangs forever, ignoring interrupts; the runner must time it out")
@Profile(name = "smoke", timeoutSeconds = 3, estimatedSeconds = 3)
@Profile(name = "quick", timeoutSeconds = 3, estimatedSeconds = 3)
@Profile(name = "standard", timeoutSeconds = 3, estimatedSeconds = 3)
public final class HangWorkload implements Workload {
    @Override
    public void run(TrialContext context) {
        context.log("hanging on purpose");
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException ignored) {
                // deliberately ignored: this workload models a child that does not cooperate
            }
        }
    }
}
