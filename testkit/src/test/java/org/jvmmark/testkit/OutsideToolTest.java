package org.jvmmark.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A missing outside tool skips a test on a developer's machine and fails it under {@code CI=true}. */
class OutsideToolTest {

    /** Run in a JVM of its own (its environment is the point): prints what {@link OutsideTool#require} threw. */
    public static void main(String[] args) {
        try {
            OutsideTool.require("no-such-tool-for-jvmmark", Paths.get("/nonexistent/no-such-tool-for-jvmmark"));
            System.out.println("found");
        } catch (Throwable t) {
            System.out.println(t.getClass().getName() + ": " + t.getMessage());
        }
    }

    private static String requireMissingWith(String ci) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OutsideToolTest.class.getName()).redirectErrorStream(true);
        pb.environment().remove("CI");
        if (ci != null) {
            pb.environment().put("CI", ci);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out;
    }

    @Test
    void shouldFailUnderCiAndSkipElsewhere() throws Exception {
        String ci = requireMissingWith("true");
        assertTrue(ci.startsWith("org.opentest4j.AssertionFailedError: no-such-tool-for-jvmmark is not installed"
                + " (scripts/setup-tests.sh installs it); CI=true"), ci);
        String local = requireMissingWith(null);
        assertEquals("org.opentest4j.TestAbortedException: no-such-tool-for-jvmmark is not installed"
                + " (scripts/setup-tests.sh installs it)", local);
    }

    @Test
    void shouldFindAToolOnThePathOrAtACandidate() {
        Path sh = OutsideTool.require("sh");
        assertTrue(sh.endsWith("sh"), sh.toString());
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        assertEquals(java, OutsideTool.require("not-on-the-path", java));
    }
}
