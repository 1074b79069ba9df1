package org.jvmmark.runner.base;

import java.util.List;

/**
 * The command line this jvmmark was started with, as {@code Main} received it: what a message that tells the user to
 * run the same command again (as root, from a delegated cgroup) repeats. Thread-safe: written once at start, read
 * after.
 */
public final class Invocation {
    private static volatile List<String> args = List.of();

    private Invocation() {
    }

    /** Remembers the arguments of this invocation (the entry point calls it first). */
    public static void remember(String[] arguments) {
        args = List.of(arguments);
    }

    /** The arguments after {@code ./jvmmark}; empty when the entry point did not run (a test of a room alone). */
    public static List<String> args() {
        return args;
    }
}
