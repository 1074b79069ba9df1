package org.jvmmark.workloads.startup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jvmmark.api.ForkMain;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.WorkloadInfo;

/**
 * Runs the startup workload the way the runner does: a fresh JVM of the given JDK running
 * {@link ForkMain} on a spec, with nothing but the api and this module's classes on its class path.
 * Not thread-safe.
 */
final class ForkedTrial {
    private ForkedTrial() {
    }

    static JsonNode run(Path javaHome, Path dir, String profile, Map<String, String> overrides) throws Exception {
        Map<String, String> params = WorkloadInfo.of(StartupWorkload.class).resolveParams(profile, overrides);
        Path work = Files.createDirectories(dir.resolve("work"));
        Path control = Files.createDirectories(dir.resolve("control"));
        Path spec = dir.resolve("spec.properties");
        Path result = dir.resolve("result.json");
        new TrialSpec("startup/test", StartupWorkload.class.getName(), profile, params, work, control).write(spec);
        String classPath = location(ForkMain.class) + File.pathSeparator + location(StartupWorkload.class);
        Process p = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-cp", classPath,
                ForkMain.class.getName(), spec.toString(), result.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("fork.log").toFile()).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("ForkMain on " + javaHome + " did not finish in 240 s");
        }
        if (p.exitValue() != 0 || !Files.exists(result)) {
            throw new AssertionError("ForkMain on " + javaHome + " exited " + p.exitValue() + ":\n" + Files.readString(dir.resolve("fork.log")));
        }
        JsonNode json = new ObjectMapper().readTree(result.toFile());
        try (var left = Files.list(work)) {
            List<Path> files = left.toList();
            if (!files.isEmpty()) {
                throw new AssertionError("the trial left files in its work dir: " + files);
            }
        }
        return json;
    }

    static Map<String, String> params(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    /** A metric's samples. */
    static double[] samples(JsonNode trial, String metric) {
        JsonNode s = trial.path("metrics").path(metric).path("samples");
        double[] v = new double[s.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = s.get(i).asDouble();
        }
        return v;
    }

    static double value(JsonNode trial, String metric) {
        JsonNode m = trial.path("metrics").path(metric);
        if (m.isMissingNode()) {
            throw new AssertionError("no metric " + metric + "; have: " + trial.path("metrics").toString());
        }
        return m.path("value").asDouble();
    }

    private static String location(Class<?> type) throws URISyntaxException, IOException {
        return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
