package org.jvmmark.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of the test's own class path in a JVM of another JDK — for code that needs a
 * newer JDK than the build's (virtual threads on a Java 17 build). Stateless and thread-safe.
 */
public final class ForkedMain {
    private ForkedMain() {
    }

    /**
     * Runs {@code mainClass args} on {@code jdk} with this JVM's class path and waits up to
     * {@code timeoutSeconds}.
     *
     * @return its standard output
     * @throws AssertionError when it exits non-zero or times out, with its standard error
     */
    public static String run(Jdks.Jdk jdk, String mainClass, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(jdk.home.resolve("bin/java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        Path out = Files.createTempFile("forked-main", ".out");
        Path err = Files.createTempFile("forked-main", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(mainClass + " did not end within " + timeoutSeconds + " s: " + Files.readString(err));
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(mainClass + " exited with " + p.exitValue() + ": " + Files.readString(err));
            }
            return new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
