package org.jvmmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkMainTest {

    public static final class Measures implements Workload {
        @Override
        public void run(TrialContext context) {
            context.result().metric("score", context.doubleParam("x") * 2, "ops/s", Better.HIGHER);
            context.result().warning("two cores only");
        }
    }

    public static final class LosesMessages implements Workload {
        @Override
        public void run(TrialContext context) throws ValidationException {
            throw new ValidationException("3 of 1000 messages lost");
        }
    }

    public static final class NeedsNewerJdk implements Workload {
        @Override
        public void run(TrialContext context) throws UnsupportedWorkloadException {
            throw new UnsupportedWorkloadException("virtual threads need JDK 21");
        }
    }

    public static final class Crashes implements Workload {
        @Override
        public void run(TrialContext context) {
            throw new IllegalStateException("boom\nsecond line");
        }
    }

    @TempDir
    Path dir;

    private Map<String, Object> run(Class<?> workload) throws Exception {
        TrialSpec spec = new TrialSpec("t/1", workload.getName(), "smoke", Map.of("x", "21"), dir, dir.resolve("control"));
        Path file = dir.resolve("spec.properties");
        spec.write(file);
        return ForkMain.runTrial(file);
    }

    @Test
    void shouldRecordMetricsOfASuccessfulTrial() throws Exception {
        Map<String, Object> outcome = run(Measures.class);
        assertEquals("ok", outcome.get("status"));
        assertEquals(null, outcome.get("error"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> metrics = (Map<String, Map<String, Object>>) outcome.get("metrics");
        assertEquals(42.0, metrics.get("score").get("value"));
        assertTrue(Json.write(outcome).contains("\"warnings\": [\n    \"two cores only\"\n  ]"));
    }

    @Test
    void shouldMapExceptionsToStatusWithOneLineReason() throws Exception {
        assertEquals("failed", run(LosesMessages.class).get("status"));
        assertEquals("validation failed: 3 of 1000 messages lost", run(LosesMessages.class).get("error"));
        assertEquals("unsupported", run(NeedsNewerJdk.class).get("status"));
        assertEquals("IllegalStateException: boom", run(Crashes.class).get("error"));
        assertEquals("ClassNotFoundException: no.such.Workload",
                ForkMain.describe(new ClassNotFoundException("no.such.Workload")));
    }

    @Test
    void shouldRoundTripTheSpec() throws Exception {
        TrialSpec spec = new TrialSpec("q/2", "a.B", "quick", Map.of("rate", "100_000"), dir, dir.resolve("c"));
        Path file = dir.resolve("s.properties");
        spec.write(file);
        TrialSpec back = TrialSpec.read(file);
        assertEquals(spec.params(), back.params());
        assertEquals("a.B", back.workloadClass());
        assertEquals(100_000, new TrialContext(back).intParam("rate"));
    }

    @Test
    void shouldNameTheParameterWhenAWholeNumberIsBeyondIntRange() {
        TrialContext context = new TrialContext(new TrialSpec("q/3", "a.B", "quick", Map.of("connections", "3_000_000_000"),
                dir, dir.resolve("c")));
        assertEquals(3_000_000_000L, context.longParam("connections"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> context.intParam("connections"));
        assertEquals("parameter 'connections' must be between -2147483648 and 2147483647, not '3_000_000_000'", e.getMessage());
    }

    @Test
    void shouldHandOverTheServerEndpointThroughTheControlDirectory() throws Exception {
        TrialContext context = new TrialContext(new TrialSpec("c/1", "a.B", "smoke", Map.of(), dir, dir.resolve("control")));
        context.announce("server.port", "6667");
        context.ready();
        assertTrue(Files.readString(dir.resolve("control").resolve(TrialContext.READY_FILE)).contains("server.port=6667"));
        assertEquals(false, context.awaitStop(20, TimeUnit.MILLISECONDS));
        Files.createFile(dir.resolve("control").resolve(TrialContext.STOP_FILE));
        assertEquals(true, context.awaitStop(1, TimeUnit.SECONDS));
    }
}
