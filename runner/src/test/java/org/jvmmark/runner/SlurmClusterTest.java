package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster path run for real: {@code examples/cluster/jvmmark-slurm.sh} submits a smoke-sized plan
 * as a two-task array with its merge job to a private single-node Slurm ({@link PrivateSlurm}); once
 * both have run, the merged {@code results.json} holds exactly the trials of the plan run whole (the
 * ids {@code --dry-run} lists), each ok. Skipped without Slurm and munge, failed under {@code CI=true}.
 */
class SlurmClusterTest {
    /** Two units (one per rate), so two slices of two trials each. */
    private static final List<String> PLAN = List.of("synthetic", "-p", "rate=5000,10000", "--jdk", Cli.HOST_JDK,
            "--profile", "smoke", "--forks", "2");

    @TempDir
    Path tmp;

    @Test
    void shouldRunTheSlurmExampleArrayAndItsDependentMergeIntoThePlanRunWhole() throws Exception {
        Map<String, String> expected = wholePlan();
        try (PrivateSlurm slurm = PrivateSlurm.start(tmp.resolve("slurm"))) {
            Path runs = tmp.resolve("runs");
            List<String> cmd = new ArrayList<>(List.of(example("jvmmark-slurm.sh").toString()));
            cmd.addAll(PLAN);
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().putAll(slurm.environment());
            pb.environment().put("JVMMARK_SLICES", "2");
            pb.environment().put("JVMMARK_RUNS", runs.toString());
            pb.environment().put("JVMMARK", launcher().toString());
            Process submit = pb.start();
            String submitted = new String(submit.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(submit.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, submit.exitValue(), submitted);
            assertTrue(submitted.contains("array job ") && submitted.contains(" and merge job "), submitted);

            boolean idle = slurm.waitUntilIdle(Duration.ofMinutes(10));
            String logs = jobLogs(runs) + slurm.logs();
            assertTrue(idle, "the jobs did not end within 10 minutes: " + slurm.run("squeue").out() + logs);
            Map<String, String> states = slurm.jobStates();
            assertEquals(3, states.size(), "two array tasks and the merge: " + states + logs);
            assertTrue(states.values().stream().allMatch("COMPLETED"::equals), states + logs);
            assertTrue(Files.isDirectory(runs.resolve("slice-1")) && Files.isDirectory(runs.resolve("slice-2")), logs);

            Path merged = runs.resolve("merged");
            assertTrue(Files.isRegularFile(merged.resolve("results.json")), "the merge job wrote nothing" + logs);
            JsonNode root = Cli.results(merged);
            Map<String, String> got = new TreeMap<>();
            for (JsonNode t : root.path("trials")) {
                got.put(t.path("id").asText(), t.path("status").asText());
            }
            assertEquals(expected, got, logs);
            assertEquals(2, root.path("merged").size(), "both slices: " + root.path("merged"));
            assertTrue(root.path("command").path("shard").isMissingNode(), "the merged set is the whole plan");
            assertTrue(Files.isRegularFile(merged.resolve("report.html")), "the merge wrote the report");
            assertEquals("1/2", Cli.results(runs.resolve("slice-1")).path("command").path("shard").asText(), "slices counted from 1");
            assertEquals("2/2", Cli.results(runs.resolve("slice-2")).path("command").path("shard").asText());
        }
    }

    /** The plan run whole, as {@code --dry-run} lists it: every trial id, each to run, so ok when run. */
    private Map<String, String> wholePlan() {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(PLAN);
        args.add("--dry-run");
        Cli.Result dry = Cli.run(args.toArray(new String[0]));
        assertEquals(0, dry.status(), dry.err());
        assertTrue(dry.out().contains("4 trials (4 to run, 0 unsupported)"), dry.out());
        Map<String, String> ids = new TreeMap<>();
        dry.out().lines().filter(l -> l.startsWith("synthetic/")).forEach(l -> ids.put(l.split("\\s+")[0], "ok"));
        assertEquals(4, ids.size(), dry.out());
        return ids;
    }

    /** How a node starts this build of jvmmark: the test's own classes, in a JVM of its own. */
    private Path launcher() throws IOException {
        return launcher(tmp);
    }

    /** How a node starts this build of jvmmark, as a script in {@code dir}. */
    static Path launcher(Path dir) throws IOException {
        Path launcher = dir.resolve("jvmmark");
        String cmd = String.join(" ", Stream.of(Path.of(Cli.HOST_JDK, "bin", "java").toString(),
                "-Djvmmark.dist=" + System.getProperty("jvmmark.dist"), "-Djvmmark.home=" + System.getProperty("jvmmark.home"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()).map(SlurmClusterTest::quoted).toList());
        Files.writeString(launcher, "#!/bin/sh\nexec " + cmd + " \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    static Path example(String name) {
        return Path.of(System.getProperty("jvmmark.home"), "examples", "cluster", name);
    }

    private static String jobLogs(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        try (Stream<Path> files = Files.list(runs)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().toList()) {
                b.append("\n--- ").append(f.getFileName()).append('\n').append(Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return b.toString();
    }
}
