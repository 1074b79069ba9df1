package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Your own server, tested with a framework application its authors did not write for jvmmark: {@code samples/spring-app}
 * (Spring Boot 3.5, Spring MVC, an embedded H2 database), built once into its fat jar from the framework's published
 * artifacts, run through {@code run http --param server=app} with its three-endpoint request mix on JDK 17 and 25 at
 * the smoke profile. The answer: every row ran, each endpoint's percentiles are in results.json and the report, and
 * the headline question is answered or says "cannot tell" with its reason. Skipped where Maven cannot build the
 * sample (offline without its artifacts) or a JDK is missing; fails there under CI=true.
 */
class SpringAppTest {
    private static final List<String> ENDPOINTS = List.of("greeting", "createOrder", "orderCount");
    private static final boolean CI = "true".equals(System.getenv("CI"));

    @TempDir
    static Path dir;
    static Path app;

    @BeforeAll
    static void buildApp() throws Exception {
        Path home = Path.of(System.getProperty("jvmmark.home"));
        Path project = home.resolve("samples/spring-app");
        app = project.resolve("target/spring-app.jar");
        if (!Files.isRegularFile(app)) {
            Path log = dir.resolve("build.log");
            // offline first (the artifacts are usually in the local repository), then online once
            boolean built = false;
            for (String offline : new String[] {"-o", "-B"}) {
                Process p = new ProcessBuilder(home.resolve("mvnw").toString(), "-q", "-B", offline, "-f", project.resolve("pom.xml").toString(),
                        "package", "-DskipTests").redirectErrorStream(true).redirectOutput(log.toFile()).start();
                built = p.waitFor(10, TimeUnit.MINUTES) && p.exitValue() == 0;
                if (built) {
                    break;
                }
            }
            if (!built) {
                String why = "samples/spring-app did not build: " + Files.readString(log).lines().reduce((a, b) -> b).orElse("");
                assertTrue(!CI, why);
                assumeTrue(false, why);
            }
        }
        for (String jdk : new String[] {"/usr/lib/jvm/java-17-openjdk-amd64", "/usr/lib/jvm/temurin-25-jdk-amd64"}) {
            boolean there = new File(jdk, "bin/java").canExecute();
            assertTrue(there || !CI, jdk + " is missing");
            assumeTrue(there, jdk + " is missing");
        }
    }

    @Test
    void shouldMeasureASpringBootServiceWithItsMixOnTwoJdks() throws Exception {
        Path out = dir.resolve("run");
        Cli.Result r = Cli.run("run", "http", "--jdk", "/usr/lib/jvm/java-17-openjdk-amd64,/usr/lib/jvm/temurin-25-jdk-amd64",
                "--profile", "smoke", "--forks", "1", "--out", out.toString(),
                "--param", "server=app", "--param", "app=" + app, "--param", "url=http://127.0.0.1:{port}/greeting",
                "--param", "mix=" + app.getParent().getParent().resolve("mix.json"), "--param", "mode=rate", "--param", "rate=40",
                "--param", "hold=false", "--param", "seconds=2", "--param", "warmupSeconds=2", "--param", "appStartSeconds=90");
        assertEquals(0, r.status(), r.out() + r.err());
        JsonNode trials = Cli.results(out).path("trials");
        assertEquals(2, trials.size(), trials.toString());
        for (JsonNode t : trials) {
            assertEquals("ok", t.path("status").asText(), t.path("id").asText() + ": " + t.path("error").asText());
            for (String e : ENDPOINTS) {
                JsonNode p = t.path("latency").path(e);
                assertTrue(p.path("count").asLong() > 0 && p.path("percentiles").has("50") && p.path("percentiles").has("90"),
                        t.path("id").asText() + " has no percentiles for " + e + ": " + t.path("latency"));
                assertTrue(t.path("driver").path("info").path("mix").path(e).path("answered").asLong() > 0, e);
            }
            assertEquals(201, t.path("driver").path("info").path("mix").path("createOrder").path("expectedStatus").asInt());
        }
        String md = Files.readString(out.resolve("report.md"));
        for (String e : ENDPOINTS) {
            assertTrue(md.contains("### Latency — " + e), "the report has " + e + "'s table:\n" + md);
        }
        // the headline: the question answered, or "cannot tell" with the reason
        String question = r.out().lines().dropWhile(l -> !l.startsWith("The questions")).skip(2).findFirst().orElse("");
        assertTrue(question.contains("requests per second: ") && (!question.contains("cannot tell") || question.matches(".*cannot tell: \\S.*")),
                "the headline says something, and why when it cannot tell:\n" + r.out());
    }
}
