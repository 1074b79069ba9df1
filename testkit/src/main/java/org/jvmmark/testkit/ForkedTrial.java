package org.jvmmark.testkit;

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
import org.jvmmark.api.ForkMain;
import org.jvmmark.api.TrialSpec;
import org.jvmmark.api.WorkloadInfo;

/**
 * One trial of a workload in a fresh JVM, forked the way the runner forks it — the JDK's {@code java},
 * flags, {@link ForkMain}, a spec file in, a result file out — for a workload's own tests. Its scratch
 * directory holds {@code spec.properties}, {@code result.json}, {@code stdout.txt}, {@code stderr.txt}
 * and the trial's {@code work} and {@code control} directories.
 *
 * <pre>{@code
 * JsonNode result = ForkedTrial.of(MyWorkload.class, scratch).param("rate", "1000").run().result();
 * }</pre>
 *
 * <p>Not thread-safe: one trial per test thread.
 */
public final class ForkedTrial {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final WorkloadInfo info;
    private final Path scratch;
    private Path javaHome = Paths.get(System.getProperty("java.home"));
    private String profile = "smoke";
    private final Map<String, String> params = new LinkedHashMap<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> wrapper = new ArrayList<>();
    private String classpath = System.getProperty("java.class.path");
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<String> unset = new ArrayList<>();

    private Process process;
    private long startNanos;
    private double seconds = Double.NaN;

    private ForkedTrial(WorkloadInfo info, Path scratch) {
        this.info = info;
        this.scratch = scratch;
    }

    /** A trial of {@code workload} in {@code scratch} (created if need be): the test's own JDK, smoke profile, no flags. */
    public static ForkedTrial of(Class<?> workload, Path scratch) {
        return new ForkedTrial(WorkloadInfo.of(workload), scratch);
    }

    /** The JDK to run on, by its home (default: the test's own). */
    public ForkedTrial java(Path home) {
        this.javaHome = home;
        return this;
    }

    public ForkedTrial profile(String name) {
        this.profile = name;
        return this;
    }

    /** A parameter on top of the profile's values. */
    public ForkedTrial param(String key, String value) {
        params.put(key, value);
        return this;
    }

    public ForkedTrial params(Map<String, String> values) {
        params.putAll(values);
        return this;
    }

    /** Flags of the JVM under test, in order (the workload's declared ones are not added: see {@link #declaredJvmArgs}). */
    public ForkedTrial jvmArgs(List<String> flags) {
        jvmArgs.addAll(flags);
        return this;
    }

    /** The flags the workload declares for the JDK of feature release {@code feature}, as the runner adds them. */
    public ForkedTrial declaredJvmArgs(int feature) {
        jvmArgs.addAll(info.jvmArgs(feature));
        return this;
    }

    /** A command the JVM's command line is given to (e.g. a shell standing in for the runner). */
    public ForkedTrial wrapper(List<String> command) {
        wrapper.addAll(command);
        return this;
    }

    /** The JVM's class path (default: the test's own). */
    public ForkedTrial classpath(String path) {
        this.classpath = path;
        return this;
    }

    /** An environment variable of the child; {@code null} removes it. */
    public ForkedTrial env(String name, String value) {
        if (value == null) {
            unset.add(name);
            environment.remove(name);
        } else {
            environment.put(name, value);
        }
        return this;
    }

    /** Starts the JVM in the background. */
    public ForkedTrial start() throws IOException {
        Files.createDirectories(scratch);
        Path work = Files.createDirectories(workDir());
        TrialSpec spec = new TrialSpec(info.name() + "/test", info.className(), profile, info.resolveParams(profile, params),
                work, scratch.resolve("control"));
        Path specFile = scratch.resolve("spec.properties");
        spec.write(specFile);
        List<String> command = new ArrayList<>(wrapper);
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classpath, ForkMain.class.getName(), specFile.toString(), resultFile().toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(scratch.resolve("stdout.txt").toFile())
                .redirectError(scratch.resolve("stderr.txt").toFile());
        unset.forEach(pb.environment()::remove);
        pb.environment().putAll(environment);
        startNanos = System.nanoTime();
        process = pb.start();
        return this;
    }

    /** Starts the JVM and waits for it ({@link #await}, 120 s at most). */
    public ForkedTrial run() throws Exception {
        return run(120);
    }

    public ForkedTrial run(int timeoutSeconds) throws Exception {
        start();
        await(timeoutSeconds);
        return this;
    }

    /**
     * Waits for the JVM to end.
     *
     * @throws AssertionError with the tail of its stderr when it is still running after {@code timeoutSeconds} (it is killed)
     */
    public ForkedTrial await(int timeoutSeconds) throws Exception {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(info.name() + " on " + javaHome + ": the trial hung for " + timeoutSeconds + " s; stderr:\n"
                    + tail(stderr(), 30));
        }
        seconds = (System.nanoTime() - startNanos) / 1e9;
        return this;
    }

    /**
     * The result file the JVM wrote.
     *
     * @throws AssertionError with its exit status and stderr when it wrote none
     */
    public JsonNode result() throws IOException {
        if (!Files.exists(resultFile())) {
            throw new AssertionError(info.name() + " on " + javaHome + ": no result file (exit " + process.exitValue()
                    + "); stderr:\n" + tail(stderr(), 30) + "\nstdout:\n" + tail(read(scratch.resolve("stdout.txt")), 30));
        }
        return JSON.readTree(resultFile().toFile());
    }

    /** The result's {@code status} (an AssertionError when there is no result). */
    public String status() {
        return unchecked().path("status").asText();
    }

    /** The result's {@code error}, or "" when it has none (an AssertionError when there is no result). */
    public String error() {
        return unchecked().path("error").asText();
    }

    private JsonNode unchecked() {
        try {
            return result();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Metric {@code name}'s value; an AssertionError listing the metrics there are when it has none. */
    public double value(String name) throws IOException {
        return value(result(), name);
    }

    /** Metric {@code name}'s samples (empty when it has none). */
    public double[] samples(String name) throws IOException {
        return samples(result(), name);
    }

    /** Metric {@code name}'s value in a result document; an AssertionError listing the metrics there are when it has none. */
    public static double value(JsonNode result, String name) {
        JsonNode m = result.path("metrics").path(name);
        if (m.isMissingNode()) {
            throw new AssertionError("no metric " + name + "; have: " + result.path("metrics"));
        }
        return m.path("value").asDouble();
    }

    /** Metric {@code name}'s samples in a result document (empty when it has none). */
    public static double[] samples(JsonNode result, String name) {
        JsonNode s = result.path("metrics").path(name).path("samples");
        double[] v = new double[s.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = s.get(i).asDouble();
        }
        return v;
    }

    /** The class path of exactly the jars or directories {@code types} were loaded from (what a runner's child gets). */
    public static String classpathOf(Class<?>... types) {
        List<String> entries = new ArrayList<>();
        for (Class<?> t : types) {
            try {
                entries.add(Paths.get(t.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException(t + " has no file location", e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /** The files the trial left in its working directory (a workload must leave none). */
    public List<Path> leftInWorkDir() throws IOException {
        try (java.util.stream.Stream<Path> left = Files.list(workDir())) {
            return left.collect(java.util.stream.Collectors.toList());
        }
    }

    /** The JVM's exit status (it must have ended). */
    public int exitValue() {
        return process.exitValue();
    }

    /** The JVM's stderr so far. */
    public String stderr() {
        try {
            return read(scratch.resolve("stderr.txt"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The running (or ended) JVM, to signal or wait for. */
    public Process process() {
        return process;
    }

    /** Seconds from start to end, measured by the test (NaN until it has ended). */
    public double seconds() {
        return seconds;
    }

    public Path scratch() {
        return scratch;
    }

    /** The trial's working directory (the spec's {@code workDir}). */
    public Path workDir() {
        return scratch.resolve("work");
    }

    public Path resultFile() {
        return scratch.resolve("result.json");
    }

    /** {@code key1, value1, key2, value2...} as an ordered map. */
    public static Map<String, String> params(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
    }

    private static String tail(String text, int lines) {
        String[] all = text.split("\\R");
        return String.join("\n", java.util.Arrays.copyOfRange(all, Math.max(0, all.length - lines), all.length));
    }
}
