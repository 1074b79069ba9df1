package org.jvmmark.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jvmmark.runner.base.ChildEnvironment;
import org.jvmmark.runner.output.ResultsFile;
import org.jvmmark.runner.plan.ResumeSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * {@code --inherit-java-env}, which {@code run} and {@code tune} share: whether the JVMs under test get the caller's
 * {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS} and {@code _JAVA_OPTIONS} ({@link ChildEnvironment}). The option
 * owns its value, its recorded form ({@link ChildEnvironment#record}) and its resume check; what the caller had set goes to the file's
 * top-level {@value #KEY} object. Not thread-safe: one instance per command line.
 */
public final class JavaEnvOption {
    /** The top-level object that records the variables the caller had set, and whether the forks got them. */
    static final String KEY = "javaEnvironment";

    @Option(names = "--inherit-java-env", description = "Pass JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS on to the"
            + " JVMs under test (by default they are removed: a variable left in the shell would change every fork unseen).")
    private boolean inherit;

    /** Whether it was given on this command line. */
    boolean given() {
        return inherit;
    }

    /** With {@code --resume}: given again, it must repeat what {@code file} recorded. */
    void refuseOther(ParseResult given, Path file, boolean recordedValue) {
        if (given.hasMatchedOption("--inherit-java-env")) {
            ResumeSpec.refuseOther(file, "--inherit-java-env", inherit, recordedValue);
        }
    }

    /**
     * Sets what the children started from now on get, and says in one line on {@code err} which of the variables the
     * caller had set and what became of them. Nothing is said when none is set.
     *
     * @return the variables set, in order (empty when none)
     */
    static Map<String, String> apply(boolean inherit, Map<String, String> environment, PrintStream err) {
        ChildEnvironment.inheritJavaOptions(inherit);
        Map<String, String> set = ChildEnvironment.javaOptions(environment);
        if (!set.isEmpty()) {
            String names = set.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
            err.println(inherit ? "jvmmark: the JVMs under test get " + names + " (--inherit-java-env)"
                    : "jvmmark: " + names + " left out: the JVMs under test run without " + (set.size() == 1 ? "it" : "them")
                            + " (--inherit-java-env passes " + (set.size() == 1 ? "it" : "them") + " on)");
        }
        return set;
    }

    /** Records what {@link #apply} found in {@code results} (written with its next write); nothing when none was set. */
    static void record(ResultsFile results, boolean inherit, Map<String, String> set) {
        if (set.isEmpty()) {
            return;
        }
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("variables", set);
        o.put("inherited", inherit);
        results.setMore(KEY, o);
    }
}
