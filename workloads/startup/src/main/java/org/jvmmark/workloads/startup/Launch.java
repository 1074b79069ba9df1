package org.jvmmark.workloads.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One launched process as the parent saw it. The three instants are {@link System#nanoTime()}
 * readings of the parent: just before the spawn call ("fork"), just after it returned, and just
 * after the exit was seen. On Linux {@code nanoTime} is {@code CLOCK_MONOTONIC}, shared by all
 * processes, so they compare directly with the instants the program reports. Immutable.
 */
final class Launch {
    private final List<String> command;
    private final long forkNanos;
    private final long spawnedNanos;
    private final long exitNanos;
    private final int exitCode;
    private final Path stdout;
    private final Path stderr;
    private final Path reportFile;
    private final LaunchReport report;

    Launch(List<String> command, long forkNanos, long spawnedNanos, long exitNanos, int exitCode,
           Path stdout, Path stderr, Path reportFile) {
        this(command, forkNanos, spawnedNanos, exitNanos, exitCode, stdout, stderr, reportFile, null);
    }

    private Launch(List<String> command, long forkNanos, long spawnedNanos, long exitNanos, int exitCode,
                   Path stdout, Path stderr, Path reportFile, LaunchReport report) {
        this.command = List.copyOf(command);
        this.forkNanos = forkNanos;
        this.spawnedNanos = spawnedNanos;
        this.exitNanos = exitNanos;
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
        this.reportFile = reportFile;
        this.report = report;
    }

    /** This launch with the program's report attached. */
    Launch withReport(LaunchReport programReport) {
        return new Launch(command, forkNanos, spawnedNanos, exitNanos, exitCode, stdout, stderr, reportFile, programReport);
    }

    List<String> command() {
        return command;
    }

    long forkNanos() {
        return forkNanos;
    }

    long exitNanos() {
        return exitNanos;
    }

    int exitCode() {
        return exitCode;
    }

    Path reportFile() {
        return reportFile;
    }

    /** What the program reported, or {@code null} before {@link #withReport} or for {@code java -version}. */
    LaunchReport report() {
        return report;
    }

    /** Fork to exit, in milliseconds. */
    double wallMillis() {
        return (exitNanos - forkNanos) / 1e6;
    }

    /** How long the parent's spawn call took (the JDK's own process-creation cost), in milliseconds. */
    double spawnMillis() {
        return (spawnedNanos - forkNanos) / 1e6;
    }

    /** From the parent's fork instant to {@code nanos}, an instant the program reported, in milliseconds. */
    double sinceForkMillis(long nanos) {
        return (nanos - forkNanos) / 1e6;
    }

    String stdoutText() throws IOException {
        return read(stdout);
    }

    String stderrText() throws IOException {
        return read(stderr);
    }

    private static String read(Path file) throws IOException {
        return Files.isRegularFile(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
    }
}
