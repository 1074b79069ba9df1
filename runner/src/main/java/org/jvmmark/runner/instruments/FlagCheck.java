package org.jvmmark.runner.instruments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jvmmark.runner.base.ShortProcess;
import java.util.stream.Stream;

/**
 * Asks a JVM whether it accepts an instrument's flags, by starting it with them and {@code -version}
 * (the instrument writing into a scratch directory): a JVM without JFR, a JDK 8 without unified
 * logging, a platform the profiler's library does not load on, each says so itself, in words the
 * trial then carries. Thread-safe; one answer per JVM and instrument.
 */
final class FlagCheck {
    private static final List<String> BOILERPLATE = List.of("Error: Could not create the Java Virtual Machine.",
            "Error: A fatal exception has occurred. Program will exit.", "Error occurred during initialization of VM");
    /** How long a JVM may take to answer {@code -version} with an instrument's flags (a JFR start is slow). */
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private final Map<String, String> answers = new ConcurrentHashMap<>();

    /** @return {@code null} when {@code java} starts with the instrument's flags, else its one-line refusal */
    String refusal(Path java, LaunchListener instrument) {
        String answer = answers.computeIfAbsent(java + "|" + instrument.title(), k -> ask(java, instrument));
        return answer.isEmpty() ? null : answer;
    }

    private static String ask(Path java, LaunchListener instrument) {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("jvmmark-flagcheck-");
            List<String> cmd = new ArrayList<>();
            cmd.add(java.toString());
            cmd.addAll(instrument.jvmArgs(new TrialFiles(scratch, "check")));
            cmd.add("-version");
            ShortProcess.Result r = ShortProcess.run(cmd, scratch, LIMIT);
            return r.ok() ? "" : refusalLine(r.output());
        } catch (ShortProcess.TimedOut e) {
            return "the JVM did not answer -version within " + LIMIT.toSeconds() + " s with " + instrument.title() + "; killed";
        } catch (IOException | IllegalStateException e) {
            return e.getMessage();
        } finally {
            delete(scratch);
        }
    }

    /** The first line of a refusal that says more than the launcher's generic trailer. */
    static String refusalLine(String output) {
        for (String line : output.split("\\R")) {
            // "[0.471s][error][jfr,startup] Could not parse settings file 'x.jfc'": the words, not the decorations
            String l = line.trim().replaceFirst("^(\\[[^\\]]*\\])+\\s*", "");
            if (!l.isEmpty() && !BOILERPLATE.contains(l)) {
                return l;
            }
        }
        return "the JVM exited with an error and said nothing more";
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a scratch directory left in the temp dir
        }
    }
}
