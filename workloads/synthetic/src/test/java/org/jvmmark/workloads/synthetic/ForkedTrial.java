package org.jvmmark.workloads.synthetic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.ForkMain;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.WorkloadInfo;

/** Runs the synthetic workload the way the runner will: a fresh JVM on {@link ForkMain}. */
final class ForkedTrial {
    private ForkedTrial() {
    }

    static JsonNode run(String javaHome, Path dir, String profile, Map<String, String> overrides) throws Exception {
        Map<String, String> params = WorkloadInfo.of(SyntheticWorkload.class).resolveParams(profile, overrides);
        Path work = Files.createDirectories(dir.resolve("work"));
        Path control = Files.createDirectories(dir.resolve("control"));
        Path spec = dir.resolve("spec.properties");
        Path result = dir.resolve("result.json");
        new TrialSpec("synthetic/test", SyntheticWorkload.class.getName(), profile, params, work, control).write(spec);
        List<String> command = new ArrayList<>();
        command.add(Paths.get(javaHome, "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ForkMain.class.getName());
        command.add(spec.toString());
        command.add(result.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("fork.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fork did not finish; log: " + Files.readString(dir.resolve("fork.log")));
        }
        File file = result.toFile();
        if (!file.exists()) {
            throw new AssertionError("no result; exit " + p.exitValue() + "; log: " + Files.readString(dir.resolve("fork.log")));
        }
        return new ObjectMapper().readTree(file);
    }
}
