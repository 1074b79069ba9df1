package org.jvmmark.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvmmark.runner.jdk.JdkDiscovery;

/**
 * The "done when": {@code run synthetic --jdk all --profile smoke} gives one ok trial per
 * JDK on this machine, with CO-corrected and uncorrected latency, achieved rate and peak RSS.
 */
class SyntheticSmokeTest {
    @TempDir
    Path out;

    @Test
    void shouldRunSyntheticOnEveryJdkFound() throws Exception {
        int jdks = new JdkDiscovery().discover().size();
        Cli.Result r = Cli.run("run", "synthetic", "--jdk", "all", "--profile", "smoke", "--out", out.toString());
        JsonNode results = Cli.results(out);
        assertEquals(jdks, results.path("trials").size(), r.out());
        for (JsonNode t : results.path("trials")) {
            assertEquals("ok", t.path("status").asText(), t.path("id") + ": " + t.path("error"));
            JsonNode e2e = t.path("latency").path("endToEnd");
            assertTrue(e2e.path("coCorrected").asBoolean(), t.path("id").asText());
            assertTrue(e2e.path("percentiles").path("50").asDouble() > 0, t.path("id").asText());
            assertTrue(e2e.path("uncorrected").path("percentiles").path("50").asDouble() > 0, t.path("id").asText());
            assertTrue(e2e.path("achievedRate").asDouble() > 0, t.path("id").asText());
            assertTrue(t.path("process").path("peakRssBytes").asLong() > 0, t.path("id").asText());
        }
        assertEquals(0, r.status(), r.out() + r.err());
        // the run renders the results it holds; rendered again from results.json they give the same report
        String rendered = java.nio.file.Files.readString(out.resolve("report.md"));
        Cli.Result again = Cli.run("report", out.toString());
        assertEquals(0, again.status(), again.out() + again.err());
        assertEquals(rendered, java.nio.file.Files.readString(out.resolve("report.md")));
    }
}
