package org.jvmmark.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helper: runs the CLI in-process and captures what it printed. Stateless. */
public final class Cli {
    /** The JDK running the tests: the one JDK every machine has. */
    public static final String HOST_JDK = System.getProperty("java.home");

    private Cli() {
    }

    public record Result(int status, String out, String err) {
        /** The error output as lines, for "one line, no stack trace" checks. */
        public List<String> errLines() {
            return err.isBlank() ? List.of() : List.of(err.strip().split("\\R"));
        }
    }

    public static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.execute(args, o, e);
        }
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static JsonNode results(Path dir) throws IOException {
        return new ObjectMapper().readTree(dir.resolve("results.json").toFile());
    }

    public static JsonNode trial(JsonNode results, String idPrefix) {
        for (JsonNode t : results.path("trials")) {
            if (t.path("id").asText().startsWith(idPrefix)) {
                return t;
            }
        }
        throw new AssertionError("no trial " + idPrefix + " in " + results.path("trials").size() + " trials");
    }

    /**
     * Restores the default SIGINT disposition, then execs the rest of the command line (same pid).
     * A process started in the background by a non-interactive shell ({@code cmd &}) inherits
     * SIGINT as <em>ignored</em>, and HotSpot leaves an ignored SIGINT ignored; the Ctrl-C tests
     * must not depend on how the test run itself was launched.
     */
    private static final List<String> DEFAULT_SIGINT = List.of("python3", "-c",
            "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])");

    /** A command line that starts the CLI in a JVM of its own, as ./jvmmark does. */
    public static List<String> forkedCommand(String... args) {
        List<String> cmd = new ArrayList<>(DEFAULT_SIGINT);
        cmd.addAll(List.of(Path.of(HOST_JDK, "bin", "java").toString(),
                "-Djvmmark.dist=" + System.getProperty("jvmmark.dist"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
