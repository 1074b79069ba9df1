package org.jvmmark.workloads.startup;

import java.io.IOException;
import java.util.regex.Pattern;
import org.jvmmark.api.UnsupportedWorkloadException;
import org.jvmmark.api.ValidationException;

/**
 * Decides what a launch that did not work means, in the JVM's own words. A JVM that refused to
 * start ("Could not create the Java Virtual Machine", "Error occurred during initialization of
 * VM") with a variant's flags does not support that variant: the trial is {@code unsupported} with
 * the first line the JVM printed (e.g. {@code Unrecognized VM option 'AOTCacheOutput=...'}). Any
 * other failure — the default settings refused, a non-zero exit, a wrong answer — fails the trial.
 * Stateless.
 */
final class LaunchFailure {
    private static final Pattern LOG_DECORATIONS = Pattern.compile("^(\\[[^\\]]*\\])+\\s*");

    private LaunchFailure() {
    }

    /**
     * Throws unless {@code launch} exited with status 0 and printed what {@code program} prints.
     *
     * @throws UnsupportedWorkloadException the JVM refused the variant's flags
     * @throws ValidationException the program ran but did not do its job
     * @throws IllegalStateException any other failure
     */
    static void check(Launch launch, Program program, StartupVariant variant)
            throws IOException, UnsupportedWorkloadException, ValidationException {
        String stderr = launch.stderrText();
        String stdout = launch.stdoutText();
        if (launch.exitCode() != 0) {
            String output = stderr + "\n" + stdout;
            String first = firstLine(stderr.isBlank() ? stdout : stderr);
            if (vmRefused(output)) {
                if (variant != StartupVariant.DEFAULT) {
                    throw new UnsupportedWorkloadException(variant.id() + ": " + first);
                }
                throw new IllegalStateException("the JVM did not start with its default settings: " + first);
            }
            String what = program.id() + " exited with status " + launch.exitCode() + ": " + lastLine(stderr);
            if (launch.exitCode() == 3) {
                throw new ValidationException(what);
            }
            throw new IllegalStateException(what);
        }
        String expected = program.expectedStdout();
        if (expected != null && !stdout.contains(expected)) {
            throw new ValidationException(program.id() + " did not print '" + expected + "' (stdout: '" + firstLine(stdout) + "')");
        }
        if (program == Program.VERSION && !(stderr + stdout).contains("version")) {
            throw new ValidationException("java -version printed no version: '" + firstLine(stderr) + "'");
        }
    }

    /** The JVM's explanation of an archive it did not write: its first warning or error line. */
    static String explainMissingArchive(Launch training) throws IOException {
        for (String line : (training.stderrText() + "\n" + training.stdoutText()).split("\n")) {
            String l = line.toLowerCase();
            if (l.contains("warning") || l.contains("error")) {
                return undecorated(line);
            }
        }
        return "the JVM wrote no archive and said nothing about it";
    }

    static boolean vmRefused(String output) {
        return output.contains("Could not create the Java Virtual Machine")
                || output.contains("Error occurred during initialization of VM");
    }

    /** The first non-blank line, without unified-logging decorations ({@code [0.009s][warning][cds]}). */
    static String firstLine(String text) {
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                return undecorated(line);
            }
        }
        return "(no output)";
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines.length == 0 || lines[lines.length - 1].isBlank() ? "(no output)" : undecorated(lines[lines.length - 1]);
    }

    private static String undecorated(String line) {
        return LOG_DECORATIONS.matcher(line.strip()).replaceFirst("");
    }
}
