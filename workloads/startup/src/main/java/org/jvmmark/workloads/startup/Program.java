package org.jvmmark.workloads.startup;

import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jvmmark.workloads.startup.programs.HelloWorld;
import org.jvmmark.workloads.startup.programs.HttpHello;

/**
 * The programs the workload launches. {@code version} is {@code java -version}: the JVM starting
 * and stopping without any application class, the baseline an external timer can check. Immutable.
 */
enum Program {
    HELLO("hello", HelloWorld.class.getName(), "Hello, world!"),
    HTTP("http", HttpHello.class.getName(), "Hello, world!"),
    VERSION("version", null, null);

    private final String id;
    private final String mainClass;
    private final String expectedStdout;

    Program(String id, String mainClass, String expectedStdout) {
        this.id = id;
        this.mainClass = mainClass;
        this.expectedStdout = expectedStdout;
    }

    String id() {
        return id;
    }

    /** Whether the program writes a {@link LaunchReport} (everything but {@code java -version}). */
    boolean reports() {
        return mainClass != null;
    }

    /** The line the program prints on stdout when it worked, or {@code null} if it prints none. */
    String expectedStdout() {
        return expectedStdout;
    }

    /** The JDK module the program needs beyond {@code java.se}, or {@code null}. */
    String requiredModule() {
        return this == HTTP ? "jdk.httpserver" : null;
    }

    /** Whether the JDK this JVM runs on has the modules the program needs (the launched JVM is the same JDK). */
    boolean availableHere() {
        return requiredModule() == null || ModuleFinder.ofSystem().find(requiredModule()).isPresent();
    }

    /** What follows the JVM flags on the command line. */
    List<String> arguments(Path programJar, Path report, long idleMillis) {
        List<String> args = new ArrayList<>();
        if (mainClass == null) {
            args.add("-version");
        } else {
            args.add("-cp");
            args.add(programJar.toString());
            args.add(mainClass);
            args.add(report.toString());
            args.add(Long.toString(idleMillis));
        }
        return args;
    }

    /** The programs a {@code program} parameter value stands for. */
    static List<Program> parse(String value) {
        switch (value) {
            case "both":
                return List.of(HELLO, HTTP);
            case "hello":
                return List.of(HELLO);
            case "http":
                return List.of(HTTP);
            case "version":
                return List.of(VERSION);
            default:
                throw new IllegalArgumentException("unknown program '" + value + "'; valid: hello, http, both, version");
        }
    }
}
