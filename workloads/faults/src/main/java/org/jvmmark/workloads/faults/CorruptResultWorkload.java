package org.jvmmark.workloads.faults;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import org.jvmmark.api.Name;
import org.jvmmark.api.Summary;
import org.jvmmark.api.TrialContext;
import org.jvmmark.api.Workload;

/**
 * Writes half a JSON document where the result belongs and halts with status 0, as a JVM killed
 * mid-write by a non-atomic writer would leave it. The result path is the fork's last argument.
 * Stateless.
 */
@Name("fault-corrupt-result")
@Summary("Writes a truncated, unparsable result file and exits with status 0")
public final class CorruptResultWorkload implements Workload {
    @Override
    public void run(TrialContext context) throws Exception {
        Optional<String[]> args = ProcessHandle.current().info().arguments();
        if (args.isEmpty() || args.get().length == 0) {
            throw new IllegalStateException("cannot see this JVM's arguments to find the result path");
        }
        String[] a = args.get();
        Files.write(Paths.get(a[a.length - 1]), List.of("{\"schema\": \"jvmmark/trial-result/1\", \"status\": \"ok\", \"metr"),
                StandardCharsets.UTF_8);
        Runtime.getRuntime().halt(0);
    }
}
