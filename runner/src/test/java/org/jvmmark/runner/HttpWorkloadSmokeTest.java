package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The http workload through {@code jvmmark run}: every server variant answers {@code hello} on
 * every JDK found that can run it, each in its own JVM with only its own server's jars; the others
 * give {@code unsupported} rows whose reason names the jar's Java or the virtual threads. The
 * native axum reference runs once and says it is not a JVM, where cargo exists.
 */
class HttpWorkloadSmokeTest {
    /** Short trials: the point is that every server answers correctly, not how fast. */
    private static final String[] BRIEF = {"--all-variants", "--profile", "smoke", "--param", "seconds=1", "--param", "warmupSeconds=0",
            "--param", "connections=10", "--param", "hold=false"};

    @TempDir
    Path out;

    private JsonNode run(String... args) throws Exception {
        String[] all = new String[args.length + BRIEF.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(BRIEF, 0, all, args.length, BRIEF.length);
        all[all.length - 2] = "--out";
        all[all.length - 1] = out.toString();
        Cli.Result r = Cli.run(all);
        assertEquals(0, r.status(), r.out() + r.err());
        return Cli.results(out);
    }

    @Test
    void shouldAnswerHelloOnEveryServerOnEveryJdkThatCanRunIt() throws Exception {
        boolean cargo = new ProcessBuilder("sh", "-c", "command -v cargo").start().waitFor() == 0;
        if (!cargo && "true".equals(System.getenv("CI"))) {
            fail("cargo is not installed: scripts/setup-tests.sh installs it (the axum reference row needs it)");
        }
        JsonNode results = run("run", "http", "--jdk", "all");
        Set<String> answered = new TreeSet<>();
        boolean jdk21 = false;
        for (JsonNode t : results.path("trials")) {
            String id = t.path("id").asText();
            jdk21 |= t.path("jdk").path("feature").asInt() >= 21;
            if (t.path("status").asText().equals("unsupported") && !(cargo && id.contains("/axum/"))) {
                String why = t.path("error").asText();
                assertTrue(why.matches(".*\\.jar is compiled for Java \\d+; this is \\d+|variant .* requires JDK (17|21) or later; this is \\d+"
                        + "|this JDK's runtime image has no jdk.httpserver module.*|not a JVM: the axum .* no cargo on PATH.*"), id + ": " + why);
                continue;
            }
            assertEquals("ok", t.path("status").asText(), id + ": " + t.path("error"));
            assertTrue(t.path("metrics").path("requestsPerSecond").path("value").asDouble() > 0, id);
            assertTrue(t.path("driver").path("info").path("responsesValidated").asLong() > 0, id);
            assertEquals(0, t.path("metrics").path("errors").path("value").asLong(), id);
            assertTrue(t.path("metrics").path("serverPeakRss").path("value").asLong() > 0, id);
            answered.add(t.path("workloadVariant").asText());
        }
        Set<String> expected = new TreeSet<>(Set.of("tomcat-platform", "jetty-platform", "vertx", "netty", "jdk-platform"));
        if (jdk21) {
            expected.addAll(Set.of("tomcat-virtual", "jetty-virtual", "vertx-virtual", "helidon", "jdk-virtual"));
        }
        if (cargo) {
            expected.add("axum");
            JsonNode axum = null;
            for (JsonNode t : results.path("trials")) {
                if (t.path("workloadVariant").asText().equals("axum")) {
                    axum = t;
                }
            }
            assertTrue(axum != null, "an axum row");
            assertTrue(axum.path("info").path("notAJvm").asBoolean(), "the axum row says it is not a JVM: " + axum);
        }
        assertTrue(answered.containsAll(expected), "answered: " + answered + ", expected at least " + expected);
        assertEquals(1, results.path("trials").findValues("workloadVariant").stream().filter(v -> v.asText().equals("axum")).count(),
                "the native reference runs once, not once per JDK");
    }
}
