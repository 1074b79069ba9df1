package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.jdk.Jdk;
import org.jvmmark.runner.jdk.JdkDiscovery;
import org.jvmmark.runner.plan.WorkloadCatalog;

/**
 * The user's path, for real: {@code ./mvnw install} puts api and harness into a (private) local
 * repository, samples/external — a project of its own — builds offline against them, and the CLI
 * lists and runs its workload ({@code --workload-jar}) and its bare task ({@code --task}) on the
 * oldest and the newest JDK found. The JVM under test gets jvmmark's child jars and the user's jar,
 * nothing else.
 */
class ExternalWorkloadsTest {
    private static final Path ROOT = Path.of(System.getProperty("jvmmark.home"));

    @TempDir
    Path tmp;

    @Test
    void shouldBuildTheExternalSampleOfflineAndRunItsWorkloadAndTaskOnTwoJdks() throws Exception {
        Path repo = tmp.resolve("m2");
        // the build's own repository, read-only: offline resolution of plugins and of HdrHistogram
        String tail = System.getProperty("jvmmark.m2");
        Path dist = tmp.resolve("dist");
        maven(ROOT, "install", "-pl", "api,harness", "-am", "-DskipTests", "-Djvmmark.dist=" + dist,
                "-Dmaven.repo.local=" + repo, "-Dmaven.repo.local.tail=" + tail);
        assertTrue(Files.isRegularFile(repo.resolve("org/jvmmark/jvmmark-harness/0.5.0/jvmmark-harness-0.5.0.pom")));
        Path project = tmp.resolve("external");
        copy(ROOT.resolve("samples/external"), project);
        maven(project, "-o", "package", "-Dmaven.repo.local=" + repo, "-Dmaven.repo.local.tail=" + tail);
        Path jar = project.resolve("target/acme-bench.jar");

        Cli.Result list = Cli.run("list", "--workload-jar", jar.toString());
        assertEquals(0, list.status(), list.err());
        assertTrue(list.out().startsWith("acme-lru — acme's LRU cache"), list.out());
        assertTrue(list.out().contains("capacity") && !list.out().contains("synthetic"), "only the jar's workloads: " + list.out());

        // without META-INF/jvmmark/workloads the jar is scanned for annotated Workload classes
        Path unlisted = tmp.resolve("unlisted.jar");
        try (java.util.zip.ZipFile in = new java.util.zip.ZipFile(jar.toFile());
             java.util.zip.ZipOutputStream zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(unlisted))) {
            for (java.util.zip.ZipEntry e : java.util.Collections.list(in.entries())) {
                if (!e.getName().equals("META-INF/jvmmark/workloads")) {
                    zip.putNextEntry(new java.util.zip.ZipEntry(e.getName()));
                    in.getInputStream(e).transferTo(zip);
                }
            }
        }
        Cli.Result scanned = Cli.run("list", "--workload-jar", unlisted.toString());
        assertEquals(list.out(), scanned.out(), scanned.err());

        List<Jdk> jdks = new ArrayList<>(new JdkDiscovery().discover());
        jdks.sort(Comparator.comparingInt(Jdk::feature));
        assertTrue(jdks.size() >= 2 && jdks.get(0).feature() < jdks.get(jdks.size() - 1).feature(),
                "two JDK versions are needed (scripts/setup-tests.sh installs them): " + jdks);
        String twoJdks = jdks.get(0).home() + "," + jdks.get(jdks.size() - 1).home();
        Path out = tmp.resolve("out");
        Cli.Result run = Cli.run("run", "--workload-jar", jar.toString(), "--task", "com.acme.bench.CacheLookupTask",
                "--classpath", jar.toString(), "--jdk", twoJdks, "--profile", "smoke", "-p", "rate=5000", "--out", out.toString());
        assertEquals(0, run.status(), run.out() + run.err());
        JsonNode trials = Cli.results(out).path("trials");
        assertEquals(4, trials.size(), trials.toString());
        JsonNode task = Cli.trial(Cli.results(out), "CacheLookupTask/");
        assertEquals("com.acme.bench.CacheLookupTask", task.path("params").path("task").asText());
        assertEquals(5000, task.path("params").path("iterations").asInt(), "the harness's options, sized by the profile");
        assertEquals(5000, task.path("params").path("rate").asInt());
        assertEquals(2 * 5000, task.path("latency").path("endToEnd").path("count").asLong());
        for (JsonNode t : trials) {
            assertEquals("ok", t.path("status").asText(), t.toString());
            long p50 = t.path("latency").path("endToEnd").path("percentiles").path("50").asLong();
            assertTrue(p50 > 0 && p50 < 1_000_000_000L, "a lookup's median latency is well under a second: " + p50 + " ns");
            List<String> command = new ArrayList<>();
            t.path("command").forEach(c -> command.add(c.asText()));
            String cp = command.get(command.indexOf("-cp") + 1);
            assertTrue(cp.startsWith(WorkloadCatalog.distribution().resolve("child") + "/*:" + jar), cp);
        }
        try (Stream<Path> child = Files.list(WorkloadCatalog.distribution().resolve("child"))) {
            assertEquals(List.of("HdrHistogram-2.2.2.jar", "jvmmark-api-0.5.0.jar", "jvmmark-harness-0.5.0.jar"),
                    child.map(p -> p.getFileName().toString()).sorted().toList(), "nothing of jvmmark beyond api and harness");
        }
        assertTrue(Cli.trial(Cli.results(out), "acme-lru/").path("metrics").has("hitRatio"));
    }

    @Test
    void shouldRefuseATaskThatIsNotOnTheClasspathInOneLine() {
        Cli.Result r = Cli.run("run", "--task", "com.acme.Missing", "--jdk", Cli.HOST_JDK, "--dry-run");
        assertEquals(2, r.status());
        assertEquals(List.of("jvmmark: --task com.acme.Missing: class not found on an empty classpath (add --classpath)"), r.errLines());
        Cli.Result notATask = Cli.run("run", "--task", "java.lang.String", "--jdk", Cli.HOST_JDK, "--dry-run");
        assertEquals(List.of("jvmmark: --task java.lang.String does not implement org.jvmmark.harness.LatencyTask"), notATask.errLines());
        Cli.Result noJar = Cli.run("list", "--workload-jar", "/nonexistent.jar");
        assertEquals(List.of("jvmmark: --workload-jar /nonexistent.jar: no such file"), noJar.errLines());
    }

    private static void maven(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("mvnw").toString(), "-B", "-q"));
        cmd.addAll(List.of(args));
        Path log = Files.createTempFile("external-maven", ".log");
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            assertTrue(p.waitFor(10, TimeUnit.MINUTES), "maven finished");
            assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path rel = from.relativize(f);
                if (rel.startsWith("target")) {
                    continue;
                }
                Path dest = to.resolve(rel.toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(f, dest);
                }
            }
        }
    }
}
