package org.jvmmark.workloads.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jvmmark.api.ForkMain;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.WorkloadInfo;

/**
 * Runs one trial the way the runner does — a fresh JVM of the given JDK with the workload's
 * declared flags, {@link ForkMain}, a spec file in, a result file out — and reads the result.
 * Not thread-safe.
 */
final class ForkedTrial {
    static final WorkloadInfo INFO = WorkloadInfo.of(QueueLatencyWorkload.class);
    private static final long TIMEOUT_SECONDS = 120;

    final JsonNode result;
    final String stderr;
    final Path home;
    final double seconds;

    private ForkedTrial(JsonNode result, String stderr, Path home, double seconds) {
        this.result = result;
        this.stderr = stderr;
        this.home = home;
        this.seconds = seconds;
    }

    /** A JDK to test on. */
    static final class Jdk {
        final Path home;
        final int feature;

        Jdk(Path home, int feature) {
            this.home = home;
            this.feature = feature;
        }

        static Jdk current() {
            return new Jdk(Paths.get(System.getProperty("java.home")), Runtime.version().feature());
        }

        @Override
        public String toString() {
            return "JDK " + feature + " (" + home + ")";
        }
    }

    /** Every JDK 11+ under /usr/lib/jvm and ~/.cache/jvmmark/jdks, each once. */
    static List<Jdk> installedJdks() throws IOException {
        Map<Path, Jdk> found = new LinkedHashMap<>();
        for (Path root : List.of(Paths.get("/usr/lib/jvm"), Paths.get(System.getProperty("user.home"), ".cache/jvmmark/jdks"))) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> homes = Files.list(root)) {
                for (Path home : (Iterable<Path>) homes.sorted()::iterator) {
                    Path release = home.resolve("release");
                    if (!Files.isExecutable(home.resolve("bin/java")) || !Files.exists(release)) {
                        continue;
                    }
                    int feature = feature(release);
                    if (feature >= 11) {
                        found.putIfAbsent(home.toRealPath(), new Jdk(home.toRealPath(), feature));
                    }
                }
            }
        }
        return new ArrayList<>(found.values());
    }

    private static int feature(Path release) throws IOException {
        for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
            if (line.startsWith("JAVA_VERSION=")) {
                String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                String first = v.split("[.+-]")[0];
                return first.equals("1") ? Integer.parseInt(v.split("\\.")[1]) : Integer.parseInt(first);
            }
        }
        return -1;
    }

    /**
     * Runs the workload under the smoke profile with {@code params} on top.
     *
     * @param jvmArgs the flags, usually {@code INFO.jvmArgs(jdk.feature)}
     */
    static ForkedTrial run(Jdk jdk, List<String> jvmArgs, Map<String, String> params, Path scratch) throws Exception {
        Path work = Files.createDirectories(scratch.resolve("work"));
        Path home = Files.createDirectories(scratch.resolve("home"));
        TrialSpec spec = new TrialSpec("queue-latency/test", INFO.className(), "smoke", INFO.resolveParams("smoke", params),
                work, scratch.resolve("control"));
        Path specFile = scratch.resolve("spec.properties");
        spec.write(specFile);
        Path resultFile = scratch.resolve("result.json");
        List<String> command = new ArrayList<>();
        command.add(jdk.home.resolve("bin/java").toString());
        command.addAll(jvmArgs);
        // A benchmark must not write to $HOME: point it at an empty directory and look afterwards.
        command.add("-Duser.home=" + home);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ForkMain.class.getName());
        command.add(specFile.toString());
        command.add(resultFile.toString());
        Path err = scratch.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(false)
                .redirectOutput(scratch.resolve("stdout.txt").toFile()).redirectError(err.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("XDG_CACHE_HOME");
        long start = System.nanoTime();
        Process process = pb.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(jdk + ": the trial hung for " + TIMEOUT_SECONDS + " s; stderr:\n" + tail(err));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        String stderr = new String(Files.readAllBytes(err), StandardCharsets.UTF_8);
        if (!Files.exists(resultFile)) {
            throw new AssertionError(jdk + ": no result file (exit " + process.exitValue() + "); stderr:\n" + tail(err));
        }
        return new ForkedTrial(new ObjectMapper().readTree(resultFile.toFile()), stderr, home, seconds);
    }

    private static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    String status() {
        return result.path("status").asText();
    }

    String error() {
        return result.path("error").asText();
    }

    /** Files left under {@code home} (a benchmark must leave none). */
    List<Path> filesInHome() throws IOException {
        try (Stream<Path> walk = Files.walk(home)) {
            List<Path> left = new ArrayList<>();
            walk.filter(p -> !p.equals(home)).forEach(left::add);
            return left;
        }
    }
}
